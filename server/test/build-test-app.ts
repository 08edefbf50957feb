import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import type { Database } from '../src/db/client.js';
import {
  LoginThrottle,
  type ThrottlePolicy,
  DEFAULT_THROTTLE,
  READER_THROTTLE,
} from '../src/lib/auth/login-throttle.js';
import type { ReportRunner } from '../src/modules/reports/report-runs.service.js';
import type { Notifier } from '../src/modules/index.js';
import type { ReaderGateway } from '../src/modules/readers/reader-gateway.js';
import type { AppMetrics } from '../src/lib/metrics.js';
import { openTestDatabase } from './test-database.js';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Where this app stores uploaded files. */
  filesDir: string;
  close(): Promise<void>;
  /** inject with a bearer token. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
}

/** The real app on a fresh migrated database (PGlite, or PostgreSQL when TEST_DB_KIND=postgres). */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    /** Overrides of both sign-in throttles' policies (users' and readers'). */
    throttle?: Partial<ThrottlePolicy>;
    now?: () => number;
    database?: Database;
    readerGateway?: ReaderGateway;
    reportRunner?: ReportRunner;
    notifications?: Notifier;
    /** Metrics shared with a job queue or MQTT ingest of the test (default: made when env allows them). */
    metrics?: AppMetrics;
    /** A second app on another app's database: closing it leaves the database open. */
    keepDatabase?: boolean;
    /** Serve the console from `env.WEB_DIST` as the server does (default: the API alone). */
    serveWeb?: boolean;
  } = {},
): Promise<TestApp> {
  const database = options.database ?? (await openTestDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-test-files-'));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    DATA_DIR: dataDir,
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    logger: false,
    serveWeb: options.serveWeb ?? false,
    readerGateway: options.readerGateway,
    reportRunner: options.reportRunner,
    notifications: options.notifications,
    metrics: options.metrics,
    throttle: new LoginThrottle({ ...DEFAULT_THROTTLE, ...options.throttle }, options.now),
    readerThrottle: new LoginThrottle({ ...READER_THROTTLE, ...options.throttle }, options.now),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    filesDir: path.join(dataDir, 'files'),
    close: async () => {
      await app.close();
      if (!options.keepDatabase) await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
    call: ({ token, headers, ...rest }) =>
      app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } }),
  };
}
