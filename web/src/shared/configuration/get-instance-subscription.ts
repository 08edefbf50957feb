import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type Extension, type InstanceSubscription } from '@tagtrack/contract';
import { api } from '../../lib/api';
import { useIsSignedIn } from '../../lib/client-store';
import { queryKeys } from '../../lib/query-keys';

/** GET /configuration/instance-subscription/: extensions and the on-premise flag gate routes and menu. */
export function getInstanceSubscription(): Promise<InstanceSubscription> {
  const schema = async () => (await import('../../lib/session-schemas')).InstanceSubscriptionSchema;
  return api.get(API_ROUTES.instanceSubscription.url, { schema });
}

export const instanceSubscriptionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.configuration.subscription(),
    queryFn: getInstanceSubscription,
    staleTime: 5 * 60_000,
  });

export function useInstanceSubscription() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...instanceSubscriptionQueryOptions(), enabled: signedIn });
}

/** Whether the customer's subscription includes an extension (false while unknown). */
export function useHasExtension(extension: Extension): boolean {
  return useInstanceSubscription().data?.extension.includes(extension) ?? false;
}
