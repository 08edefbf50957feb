import { useCallback, useMemo } from 'react';
import { routesFor } from '@tagtrack/contract';
import { BUILT_FEATURES } from '../../../lib/built-features';
import { useInstanceSubscription } from '../../../shared/configuration/get-instance-subscription';

/**
 * Whether a console route exists in this deployment (built, and allowed by the subscription and the
 * on-premise flag): the same test the side panel footer makes for /announcements. Links to screens
 * that are not built yet stay hidden. `path` is the route table's pattern, e.g. '/location/inventory/:uuid'.
 */
export function useRouteExists(): (path: string) => boolean {
  const subscription = useInstanceSubscription();
  const paths = useMemo(() => {
    if (!subscription.data) return new Set<string>();
    const routes = routesFor({
      extensions: subscription.data.extension,
      onPremise: subscription.data.on_premise,
      built: BUILT_FEATURES,
    });
    return new Set(routes.map((route) => route.path));
  }, [subscription.data]);
  return useCallback((path: string) => paths.has(path), [paths]);
}
