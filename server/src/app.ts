import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import { ErrorPayloadSchema, MESSAGE_KEYS, UPLOAD_LIMIT_BYTES, messageWithParams } from '@tagtrack/contract';
import { z } from 'zod';
import { LocalDiskStorage, type FileStorage } from './lib/storage/file-storage.js';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { BACKEND_VERSION } from './lib/version.js';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { clientError, envelope, frameworkError, registerErrorHandler } from './plugins/error-handler.js';
import { registerAuth } from './plugins/auth.js';
import { findTokenUser } from './modules/identity/users.service.js';
import { findReaderPrincipal } from './modules/readers/reader-principal.service.js';
import { registerInputGuard } from './plugins/input-guard.js';
import { registerBodyReadTimeout } from './plugins/body-timeout.js';
import { registerUnreadBodyDrain } from './plugins/unread-body.js';
import { registerMetrics } from './plugins/metrics.js';
import { createMetrics, type AppMetrics } from './lib/metrics.js';
import { AppCaches } from './lib/app-caches.js';
import { isApiPath, registerWeb, resolveWebDist } from './plugins/web.js';
import { registerModules } from './modules/index.js';
import type { ReportRunner } from './modules/reports/report-runs.service.js';
import type { Notifier } from './modules/index.js';
import type { ReaderGateway } from './modules/readers/reader-gateway.js';
import { LoginThrottle, READER_THROTTLE } from './lib/auth/login-throttle.js';
import { TokenSigner } from './lib/auth/tokens.js';
import { resolveJwtSecret } from './system/instance-secrets.js';
import { createDirectory } from './system/directory.js';
import { ReaderTokenSigner } from './lib/auth/reader-tokens.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every API route registered, with its access rule: walked by the permission test. */
    registeredRoutes: { method: string; url: string; access: string }[];
    /** This app's caches: its services reach them through their context, server.ts hands them to MQTT. */
    caches: AppCaches;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  logger?: FastifyServerOptions['logger'];
  /** Users' sign-ins (default: DEFAULT_THROTTLE). */
  throttle?: LoginThrottle;
  /** Readers' sign-ins, apart from users' (default: READER_THROTTLE). */
  readerThrottle?: LoginThrottle;
  /** Where uploaded files go (default: DATA_DIR/files on the local disk). */
  storage?: FileStorage;
  /** Serve the built console (default: when web/dist exists). */
  serveWeb?: boolean;
  /** Where reader types and apps come from (default: the shipped catalogue). */
  readerGateway?: ReaderGateway;
  /** The report scheduler, for "Run now" (server.ts starts it; without one, Run now answers 503). */
  reportRunner?: ReportRunner;
  notifications?: Notifier;
  /**
   * The metrics GET /metrics serves (server.ts shares them with the job queue and MQTT); default:
   * made when METRICS_PORT or METRICS_TOKEN is set, else none.
   */
  metrics?: AppMetrics;
}

/** Builds the application: plugins, then modules. server.ts only listens; tests call it through inject. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    // SECURITY: X-Forwarded-For only from the proxies TRUST_PROXY names (default none): from anyone
    // else it would let a client pick the address its sign-ins are throttled under.
    trustProxy:
      typeof config.TRUST_PROXY === 'number'
        ? (_address: string, hop: number) => hop < (config.TRUST_PROXY as number)
        : config.TRUST_PROXY,
    bodyLimit: 10_485_760,
    // The router's and the HTTP parser's own refusals in the spec's envelope too.
    frameworkErrors: frameworkError,
    clientErrorHandler: clientError,
    // Every path answers with and without its trailing slash, the same way: the spec writes some
    // without one (GET /configuration/location/{id}, …/export/csv) and clients send both.
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerInputGuard(app);
  registerUnreadBodyDrain(app);
  registerBodyReadTimeout(app, config.BODY_READ_TIMEOUT_SECONDS * 1000);
  const metrics = options.metrics ?? createMetrics(config);
  metrics?.watchDatabase(database.kind, () => database.poolUsage?.());
  registerMetrics(app, metrics, config);

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
      },
    },
  });

  const jwtSecret = await resolveJwtSecret(database.privileged, config.JWT_SECRET);
  const signer = new TokenSigner(jwtSecret, config.ACCESS_TOKEN_TTL, config.REFRESH_TOKEN_TTL);
  const readerSigner = new ReaderTokenSigner(jwtSecret);
  const caches = new AppCaches(config);
  app.decorate('caches', caches);
  registerAuth(app, {
    db: database,
    signer,
    readerSigner,
    lookups: { actor: findTokenUser, reader: findReaderPrincipal },
    caches,
  });

  // SECURITY: every API route must name its access in the contract table.
  const routePatterns: { method: string; regex: RegExp }[] = [];
  const registered: { method: string; url: string; access: string }[] = [];
  app.decorate('registeredRoutes', registered);
  app.addHook('onRoute', (route) => {
    // The operator's /metrics checks its own token (plugins/metrics.ts): not an API route.
    if (route.config?.metricsEndpoint) return;
    if (!route.config?.access) {
      throw new Error(`Route ${String(route.method)} ${route.url} has no access rule in API_ROUTES`);
    }
    const pattern = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:[A-Za-z_]+/g, '[^/]+');
    for (const method of [route.method].flat()) {
      routePatterns.push({ method, regex: new RegExp(`^${pattern.replace(/\/$/, '')}/?$`) });
      if (method !== 'HEAD') registered.push({ method, url: route.url, access: route.config.access });
    }
  });

  // The OpenAPI document is generated from the same zod schemas that validate the routes.
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Tagtrack API', version: BACKEND_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
        // The envelope of every failing call, with the codes beside the messages (docs/errors.md).
        schemas: { Error: z.toJSONSchema(ErrorPayloadSchema) as Record<string, unknown> },
      },
      security: [{ bearer: [] }],
    },
    transform: (input) => {
      const out = jsonSchemaTransform(input);
      const access = (input.route as { config?: { access?: string } } | undefined)?.config?.access;
      return {
        ...out,
        schema: {
          ...out.schema,
          response: {
            ...(out.schema?.response as Record<string, unknown> | undefined),
            '4XX': {
              description: 'The error envelope (docs/errors.md): type, detail, codes, id, request, time, user-agent.',
              $ref: '#/components/schemas/Error',
            },
          },
          description: `Access: ${access ?? 'none'}`,
          ...(access === 'public' ? { security: [] } : {}),
        },
      };
    },
  });

  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMIT_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 10_000 },
  });

  await registerModules(app, {
    directory: createDirectory(database.privileged),
    database,
    signer,
    readerSigner,
    config,
    throttle: options.throttle ?? new LoginThrottle(),
    readerThrottle: options.readerThrottle ?? new LoginThrottle(READER_THROTTLE),
    storage: options.storage ?? new LocalDiskStorage(path.resolve(config.DATA_DIR, 'files')),
    readerGateway: options.readerGateway,
    reportRunner: options.reportRunner,
    notifications: options.notifications,
    metrics,
  });

  const distDir = resolveWebDist(config.WEB_DIST);
  const webServed = options.serveWeb !== false && (await registerWeb(app, distDir));

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const allowed = routePatterns.filter((p) => p.regex.test(pathname)).map((p) => p.method);
    if (allowed.length > 0) {
      return reply
        .status(405)
        .header('allow', [...new Set(allowed)].join(', '))
        .send(envelope(request, 'MethodNotAllowed', messageWithParams('methodNotAllowed', { method: request.method })));
    }
    if (webServed && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(pathname)) {
      const file = path.join(distDir, decodeURIComponent(pathname));
      if (file.startsWith(distDir + path.sep) && existsSync(file) && statSync(file).isFile()) {
        const immutable = pathname.startsWith('/assets/');
        return reply
          .header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
          .sendFile(path.relative(distDir, file));
      }
      if (!path.extname(pathname) || pathname.endsWith('.html')) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
    }
    return reply.status(404).send(envelope(request, 'NotFound', MESSAGE_KEYS.notFound));
  });

  return app;
}
