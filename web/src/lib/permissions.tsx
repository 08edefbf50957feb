import type { ReactNode } from 'react';
import { can, routeAllows, routeForPath, type ConsoleRoute, type Permission, type Role } from '@tagtrack/contract';
import { useMe } from './auth/get-me';

export type RouteDecision = 'render' | '/login' | '/' | 'not-authorised' | 'not-found';

export interface Session {
  signedIn: boolean;
  roles: readonly Role[];
}

/**
 * The console's route guard (spec 01 §2.1), pure: `route` is the matched route table entry, or
 * undefined for a path the deployment does not have.
 * - signed out: public pages render, everything else (unknown paths too) goes to /login;
 * - signed in: public pages send to /, a route whose permission none of the user's roles holds
 *   (`can`, the table the API enforces) shows the not-authorised page, a path that is no route of
 *   this console the page-not-found page.
 */
export function decideRoute(route: ConsoleRoute | undefined, session: Session): RouteDecision {
  if (!session.signedIn) return route?.permission === null ? 'render' : '/login';
  if (!route) return 'not-found';
  if (route.permission === null) return '/';
  return routeAllows(route, session.roles) ? 'render' : 'not-authorised';
}

/** The signed-in user's roles, empty while unknown. */
export function useRoles(): readonly Role[] {
  return useMe().data?.roles ?? [];
}

/** Whether the user's roles may open a console path: the route table decides, as for the guard and the menu. */
export function useCanOpen(path: string): boolean {
  const roles = useRoles();
  const route = routeForPath(path);
  return route !== undefined && route.permission !== null && routeAllows(route, roles);
}

export function useCan(permission: Permission): boolean {
  return can(useRoles(), permission);
}

/** Renders its children only when one of the user's roles grants the permission. */
export function Can({ permission, children }: { permission: Permission; children: ReactNode }) {
  return useCan(permission) ? children : null;
}
