import { matchRoutes } from 'react-router-dom';
import { CONSOLE_ROUTES } from '@tagtrack/contract';
import { meQueryOptions } from '../lib/auth/get-me';
import { instanceSubscriptionQueryOptions } from '../shared/configuration/get-instance-subscription';
import { versionQueryOptions } from '../shared/configuration/get-version';
import { queryClient } from '../lib/query-client';
import { BUILT_PAGES } from './route-table';
import { AppLayout } from './layout/lazy-app-layout';

const PAGES = Object.values(BUILT_PAGES).flatMap((pages) =>
  Object.entries(pages).map(([path, page]) => ({ path, page })),
);

const ignore = () => undefined;

/**
 * Starts, before the translations have come, what the first screen will wait for after them: the
 * session's answers (the user, the subscription, the version) and the chunks of the frame and of
 * the page at this address, or of /login for a signed-out visitor who will be sent there. Without
 * it each would be asked for only once the one before it had rendered, a round trip apiece.
 * Only a head start: the router still decides what renders.
 */
export function prefetchFirstScreen(pathname: string, signedIn: boolean): void {
  void queryClient.prefetchQuery(versionQueryOptions());
  const page = matchRoutes(PAGES, pathname)?.[0]?.route;
  const isPublic = CONSOLE_ROUTES.some((route) => route.path === page?.path && route.permission === null);
  if (signedIn) {
    void queryClient.prefetchQuery(meQueryOptions());
    void queryClient.prefetchQuery(instanceSubscriptionQueryOptions());
    void AppLayout.preload().catch(ignore);
    if (page && !isPublic) void page.page.preload().catch(ignore);
  } else {
    const target = isPublic ? page : PAGES.find((p) => p.path === '/login');
    void target?.page.preload().catch(ignore);
  }
}
