import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import type { Directory } from '../system/directory.js';
import { API_ROUTES } from '@tagtrack/contract';
import { endpoint } from '../lib/route.js';
import { DatabaseReadiness } from '../lib/readiness.js';
import { authRoutes } from './identity/auth.routes.js';
import type { LoginThrottle } from '../lib/auth/login-throttle.js';
import type { TokenSigner } from '../lib/auth/tokens.js';
import { configurationRoutes } from './configuration/configuration.routes.js';
import { errorReportRoutes } from './error-reports/error-reports.routes.js';
import { usersRoutes } from './identity/users.routes.js';
import { passwordResetRoutes } from './identity/password-reset.routes.js';
import type { PasswordResetDeps } from './identity/password-reset.service.js';
import { DeferredWork } from '../lib/deferred-work.js';
import { outboxRoutes } from './outbox/outbox.routes.js';
import { createOutboxMailer } from './outbox/outbox.service.js';
import { managementGroupsRoutes } from './identity/management-groups.routes.js';
import { locationsRoutes } from './locations/locations.routes.js';
import { encodingsRoutes } from './encodings/encodings.routes.js';
import { categoriesRoutes } from './categories/categories.routes.js';
import { productsRoutes } from './products/products.routes.js';
import { itemsRoutes } from './items/items.routes.js';
import { importsRoutes } from './imports/imports.routes.js';
import type { FileStorage } from '../lib/storage/file-storage.js';
import type { ReaderTokenSigner } from '../lib/auth/reader-tokens.js';
import { readersRoutes } from './readers/readers.routes.js';
import { onpremReadersRoutes } from './readers/onprem.routes.js';
import { deviceRoutes } from './readers/device.routes.js';
import { configurationsRoutes } from './readers/configurations.routes.js';
import { readerKindsRoutes } from './readers/reader-kinds.routes.js';
import { createReaderGateway, type ReaderGateway } from './readers/reader-gateway.js';
import { trackingRoutes } from './tracking/tracking.routes.js';
import { inventorySessionsRoutes } from './inventory-sessions/inventory-sessions.routes.js';
import { countsRoutes } from './counts/counts.routes.js';
import { reportsRoutes } from './reports/reports.routes.js';
import type { ReportRunner } from './reports/report-runs.service.js';
import { sensorsRoutes } from './sensors/sensors.routes.js';
import type { ReadMetrics } from '../lib/metrics.js';

export interface ModuleDeps {
  database: Database;
  signer: TokenSigner;
  readerSigner: ReaderTokenSigner;
  config: Config;
  /** The cross-customer lookups of signed-out requests (system/directory.ts). */
  directory: Directory;
  throttle: LoginThrottle;
  /** Readers' sign-ins are throttled on their own: users' failures at an address never stop ingest. */
  readerThrottle: LoginThrottle;
  storage: FileStorage;
  /** Reader types and apps (default: the catalogue shipped with the server); tests inject failing ones. */
  readerGateway?: ReaderGateway;
  reportRunner?: ReportRunner;
  /** Sends the messages of alerts (the notification dispatcher); without it they wait in the outbox. */
  notifications?: Notifier;
  /** Where the read ingest reports its batches (GET /metrics); without it, nowhere. */
  metrics?: ReadMetrics;
}

/** Takes the outbox ids of messages a committed transaction queued, to send them. */
export interface Notifier {
  dispatch(customerId: number, outboxIds: number[]): void;
}

/** Registers each area explicitly, in one place. */
export async function registerModules(app: FastifyInstance, deps: ModuleDeps) {
  app.decorate('deferred', new DeferredWork(app.log));
  app.route({ ...endpoint(API_ROUTES.healthz), handler: async () => ({ status: 'ok' }) });
  // Answered from the last background check of the database, never queued behind its work
  // (lib/readiness.ts, docs/deployment.md).
  const readiness = new DatabaseReadiness(() => deps.database.ping(), {
    onFailure: (error) => app.log.error({ err: error }, 'database not reachable'),
  });
  app.addHook('onClose', async () => readiness.stop());
  app.route({
    ...endpoint(API_ROUTES.readyz),
    handler: async (_request, reply) => {
      const { ready, checkedAgoMs } = await readiness.state();
      const checked = checkedAgoMs === undefined ? {} : { database_checked_ms_ago: checkedAgoMs };
      if (ready) return { status: 'ok', database: deps.database.kind, ...checked };
      return reply.status(503).send({ status: 'unavailable', database: deps.database.kind, ...checked });
    },
  });
  app.route({
    ...endpoint(API_ROUTES.openapi),
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
  authRoutes(app, deps.database, { signer: deps.signer, throttle: deps.throttle, directory: deps.directory });
  const reset: PasswordResetDeps = {
    directory: deps.directory,
    mailer: createOutboxMailer({ config: deps.config, db: deps.database, log: app.log }),
    deferred: app.deferred,
    publicUrl: deps.config.PUBLIC_URL ?? `http://localhost:${deps.config.PORT}`,
    throttle: deps.throttle,
  };
  app.addHook('onClose', async () => {
    // Mail in flight is finished before the database closes.
    await app.deferred.idle();
    reset.mailer.close();
  });
  passwordResetRoutes(app, deps.database, reset);
  usersRoutes(app, { onPremise: deps.config.ON_PREMISE }, reset);
  managementGroupsRoutes(app);
  configurationRoutes(app, { onPremise: deps.config.ON_PREMISE });
  errorReportRoutes(app);
  locationsRoutes(app, deps.storage);
  encodingsRoutes(app);
  categoriesRoutes(app);
  productsRoutes(app);
  itemsRoutes(app);
  importsRoutes(app);
  outboxRoutes(app);
  const readerGateway = deps.readerGateway ?? createReaderGateway();
  readerKindsRoutes(app, readerGateway);
  configurationsRoutes(app, readerGateway);
  const readerOptions = {
    onPremise: deps.config.ON_PREMISE,
    kindNames: async () => (await readerGateway.listKinds()).filter((k) => !k.disabled).map((k) => k.name),
  };
  readersRoutes(app, readerOptions);
  onpremReadersRoutes(app, readerOptions);
  deviceRoutes(app, {
    directory: deps.directory,
    signer: deps.readerSigner,
    throttle: deps.readerThrottle,
    onPremise: deps.config.ON_PREMISE,
  });
  trackingRoutes(app, { metrics: deps.metrics });
  inventorySessionsRoutes(app);
  countsRoutes(app);
  reportsRoutes(app, deps.storage, deps.reportRunner);
  sensorsRoutes(app, {
    retentionDays: deps.config.MEASUREMENT_RETENTION_DAYS,
    notify: deps.notifications && ((customerId, ids) => deps.notifications?.dispatch(customerId, ids)),
  });
}
