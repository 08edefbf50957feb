import { Suspense, createElement, useEffect, useMemo, type ReactNode } from 'react';
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import {
  EXTENSIONS,
  menuFor,
  routesFor,
  type ConsoleRoute,
  type InstanceSubscription,
  type Role,
} from '@tagtrack/contract';
import { PageProgress } from '../components/page-progress';
import { useMe } from '../lib/auth/get-me';
import { returnPathFromSearch, signInPathFor } from '../lib/auth/return-path';
import { lastSignOutReason } from '../lib/auth/sign-out';
import { useClientStore, useIsSignedIn } from '../lib/client-store';
import { useInstanceSubscription } from '../shared/configuration/get-instance-subscription';
import { useBackendVersion } from '../shared/configuration/get-version';
import { changeLanguage } from '../lib/i18n';
import { lazyNamed } from '../lib/lazy-named';
import { decideRoute, type Session } from '../lib/permissions';
import { AppLayout } from './layout/lazy-app-layout';
import { PublicLayout } from './layout/public-layout';
import { BUILT_FEATURES } from '../lib/built-features';
import { pageFor } from './route-table';

/** Shown only when a route is refused or unknown: each a small chunk, not part of the first page. */
const NotAuthorisedPage = lazyNamed(() => import('./not-authorised-page'), 'NotAuthorisedPage');
const NotFoundPage = lazyNamed(() => import('./not-found-page'), 'NotFoundPage');
const SessionErrorPage = lazyNamed(() => import('./session-error-page'), 'SessionErrorPage');

function Gate({
  route,
  session,
  children,
}: {
  route: ConsoleRoute | undefined;
  session: Session;
  children?: ReactNode;
}) {
  const location = useLocation();
  const decision = decideRoute(route, session);
  if (decision === 'render') return children;
  if (decision === 'not-authorised') return <NotAuthorisedPage />;
  if (decision === 'not-found') return <NotFoundPage />;
  if (decision === '/login') return <SignInRedirect />;
  // A signed-in user on a signed-out page: where the sign-in page was asked to return to, else home.
  return <Navigate to={returnPathFromSearch(location.search)} replace />;
}

/**
 * Sends a signed-out visitor to /login, which returns to the page asked for after sign-in (a deep
 * link, or the page the session expired on); not after the user signed out on purpose.
 */
function SignInRedirect() {
  const location = useLocation();
  return <Navigate to={lastSignOutReason() === 'user' ? '/login' : signInPathFor(location)} replace />;
}

/** The route's lazy page (every route of a built feature has one: see route-table.test.ts). */
function routePage(route: ConsoleRoute): ReactNode {
  const page = pageFor(route);
  return page ? createElement(page) : null;
}

/** What the routes depend on: the subscription's extensions and the on-premise flag. */
export type Deployment = Pick<InstanceSubscription, 'extension' | 'on_premise'>;

/** Where "/" leads while item tracking is not built: the first entry of the user's menu, else the profile. */
export function homePath(roles: readonly Role[], subscription: Deployment | undefined): string {
  const menu = menuFor({
    roles,
    extensions: subscription?.extension ?? [],
    onPremise: subscription?.on_premise ?? false,
    built: BUILT_FEATURES,
  });
  return menu.find((entry) => !entry.groupOnly)?.path ?? '/profile';
}

/** Builds the router from the contract's route table, filtered to this deployment and the built features. */
export function buildRouteObjects(
  session: Session,
  subscription: Deployment | undefined,
  fallback: ReactNode,
): RouteObject[] {
  const routes = routesFor({
    extensions: subscription?.extension ?? [],
    onPremise: subscription?.on_premise ?? false,
    built: BUILT_FEATURES,
  });
  const publicRoutes = routes.filter((route) => route.permission === null);
  const privateRoutes = routes.filter((route) => route.permission !== null);
  const hasHomePage = privateRoutes.some((route) => route.path === '/');
  // A page of an extension the subscription lacks (the sensor dashboard without the sensor
  // extension) says the user may not open it, rather than that it does not exist.
  const withoutExtension = routesFor({
    extensions: [...EXTENSIONS],
    onPremise: subscription?.on_premise ?? false,
    built: BUILT_FEATURES,
  }).filter((route) => route.permission !== null && !routes.includes(route));

  return [
    ...publicRoutes.map<RouteObject>((route) => ({
      path: route.path,
      element: (
        <Gate route={route} session={session}>
          <PublicLayout>
            <Suspense fallback={fallback}>{routePage(route)}</Suspense>
          </PublicLayout>
        </Gate>
      ),
    })),
    {
      element: session.signedIn ? (
        <Suspense fallback={fallback}>
          <AppLayout />
        </Suspense>
      ) : (
        <SignInRedirect />
      ),
      children: [
        ...(hasHomePage
          ? []
          : [{ index: true, element: <Navigate to={homePath(session.roles, subscription)} replace /> }]),
        ...privateRoutes.map<RouteObject>((route) => ({
          path: route.path,
          element: (
            <Gate route={route} session={session}>
              {routePage(route)}
            </Gate>
          ),
        })),
        ...withoutExtension.map<RouteObject>((route) => ({ path: route.path, element: <NotAuthorisedPage /> })),
        { path: '*', element: <Gate route={undefined} session={session} /> },
      ],
    },
  ];
}

/**
 * The console's routes. Signed in, it first loads the user and the subscription they depend on;
 * signed out, the public version answer, whose on-premise flag decides which password reset page
 * exists (so neither variant's page shows for a moment on the other).
 */
export function AppRoutes() {
  const signedIn = useIsSignedIn();
  const me = useMe();
  const subscription = useInstanceSubscription();
  const version = useBackendVersion();
  const setLanguage = useClientStore((s) => s.setLanguage);
  const roles = me.data?.roles;
  const language = me.data?.language;

  useEffect(() => {
    // Signed in (at start or just now): the frame loads while the session's answers come.
    if (signedIn) void AppLayout.preload().catch(() => undefined);
  }, [signedIn]);

  useEffect(() => {
    // The user's saved language wins over the one this browser last used.
    if (!language) return;
    setLanguage(language);
    void changeLanguage(language);
  }, [language, setLanguage]);

  const onPremiseOfVisitor = version.data?.on_premise;
  const deployment = useMemo<Deployment | undefined>(
    () =>
      signedIn
        ? subscription.data
        : // Without a version answer the visitor still gets sign-in: the cloud routes are the default.
          { extension: [], on_premise: onPremiseOfVisitor ?? false },
    [signedIn, subscription.data, onPremiseOfVisitor],
  );
  const routeObjects = useMemo(
    () => buildRouteObjects({ signedIn, roles: roles ?? [] }, deployment, <PageProgress />),
    [signedIn, roles, deployment],
  );
  const element = useRoutes(routeObjects);

  if (signedIn && (me.isError || subscription.isError)) {
    return (
      <SessionErrorPage
        error={me.error ?? subscription.error}
        onRetry={() => {
          void me.refetch();
          void subscription.refetch();
        }}
      />
    );
  }
  if (signedIn && (me.isPending || subscription.isPending)) return <PageProgress />;
  if (!signedIn && version.isPending) return <PageProgress />;
  return element;
}
