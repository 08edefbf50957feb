import type { ApiRoute } from '@tagtrack/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, from the contract's API_ROUTES table. */
    access?: ApiRoute['access'];
  }
}

/**
 * Method, path and access of an entry of the contract's API_ROUTES table, to spread into a
 * route definition: a route cannot be registered without its permission.
 */
export function endpoint(route: ApiRoute) {
  return { method: route.method, url: route.url, config: { access: route.access } };
}
