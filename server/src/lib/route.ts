import type { ApiRoute } from '@tagtrack/contract';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route, from the contract's API_ROUTES table. */
    access?: ApiRoute['access'];
    /**
     * SECURITY: 'handler' on a reader route: the reader token is verified before the handler, and
     * the handler's first statement confirms its reader (the read ingest, one round trip less).
     */
    readerConfirmedBy?: 'handler';
    /** The extension the caller's customer must have, from the contract's API_ROUTES table. */
    extension?: ApiRoute['extension'];
    /** How a ValidationError words its detail, from the contract's API_ROUTES table. */
    errorDetail?: ApiRoute['errorDetail'];
    /**
     * Long legitimate work (an export, a rebuild): the request's statements run without the
     * statement timeout (STATEMENT_TIMEOUT_MS) every other request has.
     */
    longWork?: true;
  }
}

/**
 * Method, path and access of an entry of the contract's API_ROUTES table, to spread into a
 * route definition: a route cannot be registered without its permission.
 */
export function endpoint(route: ApiRoute, options: { longWork?: true } = {}) {
  return {
    method: route.method,
    url: route.url,
    config: {
      access: route.access,
      ...(route.extension ? { extension: route.extension } : {}),
      ...(route.errorDetail ? { errorDetail: route.errorDetail } : {}),
      ...(options.longWork ? { longWork: options.longWork } : {}),
    },
  };
}
