import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { MESSAGE_KEYS as M } from '@tagtrack/contract';
import type { Config } from '../config.js';
import { bearerToken } from '../lib/auth/bearer.js';
import { AppError } from '../lib/errors.js';
import type { AppMetrics } from '../lib/metrics.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where METRICS_PORT listens once the app is ready (null: not configured, or not started). */
    metricsAddress(): AddressInfo | null;
  }
  interface FastifyContextConfig {
    /**
     * SECURITY: the operator's GET /metrics, which checks METRICS_TOKEN itself: not an API route
     * of the contract (no access rule, no user token, not in the OpenAPI document).
     */
    metricsEndpoint?: true;
  }
}

/** The route label of an answer no route gave (unknown paths, the console's files). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Whether `header` is `Bearer <token>`, compared in constant time. */
function tokenChecker(token: string): (header: string | undefined) => boolean {
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = digest(token);
  return (header) => {
    const given = bearerToken(header);
    // Digests of equal length: the comparison takes as long whatever was sent.
    return timingSafeEqual(digest(given ?? ''), expected) && given !== null;
  };
}

/**
 * The metrics where the operator allows them (docs: README, Metrics): records every HTTP answer by
 * its route's pattern, serves GET /metrics on the app's port to bearers of METRICS_TOKEN, and on
 * METRICS_PORT (HOST) to anyone who reaches it. Without metrics only decorates: /metrics is then
 * an unknown path.
 */
export function registerMetrics(app: FastifyInstance, metrics: AppMetrics | undefined, config: Config): void {
  let server: Server | null = null;
  app.decorate('metricsAddress', () => (server?.listening ? (server.address() as AddressInfo) : null));
  if (!metrics) return;

  app.addHook('onResponse', (request, reply, done) => {
    // SECURITY: the pattern (`/tag-data/tag/:id/`), never the path, which may name a customer's things.
    metrics.httpResponse(
      request.method,
      request.routeOptions.url ?? UNMATCHED_ROUTE,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });

  if (config.METRICS_TOKEN !== undefined) {
    const allowed = tokenChecker(config.METRICS_TOKEN);
    app.route({
      method: 'GET',
      url: '/metrics',
      config: { metricsEndpoint: true },
      schema: { hide: true },
      handler: async (request, reply) => {
        if (!allowed(request.headers.authorization)) {
          throw new AppError('NotAuthenticated', M.notAuthenticated, {
            headers: { 'www-authenticate': 'Bearer realm="metrics"' },
          });
        }
        return reply
          .type(metrics.contentType)
          .header('cache-control', 'no-store')
          .send(await metrics.text());
      },
    });
  }

  if (config.METRICS_PORT !== undefined) {
    const port = config.METRICS_PORT;
    app.addHook('onReady', async () => {
      server = await serveMetrics(metrics, app, port, config.HOST);
    });
    app.addHook('onClose', async () => {
      const closing = server;
      server = null;
      if (!closing?.listening) return;
      await new Promise<void>((resolve) => {
        closing.close(() => resolve());
        // A scraper's keep-alive connection would hold the close until it times out.
        closing.closeIdleConnections();
      });
    });
  }
}

/**
 * The metrics port: GET /metrics and nothing else. A port that cannot be taken is logged and
 * leaves the server running without it, as the MQTT port does (never a crash loop).
 */
async function serveMetrics(metrics: AppMetrics, app: FastifyInstance, port: number, host: string): Promise<Server> {
  const server = createServer((request, response) => {
    const pathname = (request.url ?? '/').split('?')[0];
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      (pathname !== '/metrics' && pathname !== '/metrics/')
    ) {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.text().then(
      (text) => {
        response.writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : text);
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics not available\n');
      },
    );
  });
  await new Promise<void>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      app.log.error(
        { err: error, port, code: error.code },
        `the metrics port ${port} could not be opened: /metrics is not served on it (METRICS_PORT)`,
      );
      resolve();
    });
    server.listen(port, host, () => {
      app.log.info({ host, port: (server.address() as AddressInfo).port }, 'metrics listening');
      resolve();
    });
  });
  return server;
}
