import path from 'node:path';
import { buildApp } from './app.js';
import { LocalDiskStorage } from './lib/storage/file-storage.js';
import { loadConfig } from './config.js';
import { DatabaseLockedError, openDatabase } from './db/client.js';
import { serveDatabaseSocket } from './db/socket.js';
import { bootstrapEmptyDatabase } from './tools/demo/seed.js';
import { createQueueRunners, startJobs } from './jobs/index.js';
import { keepMeasurementPartitions } from './system/housekeeping.repository.js';
import { startDemoActivity } from './tools/demo/demo-activity.js';
import { resolveJwtSecret } from './system/instance-secrets.js';
import { startMqtt } from './transports/mqtt/start-mqtt.js';
import { createMetrics } from './lib/metrics.js';

async function main() {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL, statementTimeoutMs: config.STATEMENT_TIMEOUT_MS }
        : { kind: 'pglite', dataDir: config.DATA_DIR },
    );
  } catch (error) {
    if (error instanceof DatabaseLockedError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  await database.migrate();
  // The measurements' day tables exist before the first measurement can arrive.
  await keepMeasurementPartitions(database.privileged, config.MEASUREMENT_RETENTION_DAYS);
  // One set of metrics for the app, the job queue and MQTT (when METRICS_PORT or METRICS_TOKEN allows them).
  const metrics = createMetrics(config);
  const files = new LocalDiskStorage(path.resolve(config.DATA_DIR, 'files'));
  const jobDeps = { config, database, storage: files, metrics };
  const runners = createQueueRunners(jobDeps);
  const { notifications } = runners;
  const app = await buildApp({ config, database, reportRunner: runners.reportScheduler, notifications, metrics });
  // The CLI and psql reach the embedded database through the server while it runs.
  const databaseSocket = database.embedded
    ? await serveDatabaseSocket(database.embedded, {
        dataDir: config.DATA_DIR,
        tcpPort: config.EMBEDDED_DATABASE_PORT,
        log: app.log,
      })
    : undefined;
  await bootstrapEmptyDatabase(
    database.privileged,
    {
      adminPassword: config.ADMIN_PASSWORD,
      demo: config.DEMO_DATA,
      storage: new LocalDiskStorage(path.resolve(config.DATA_DIR, 'files')),
      measurementRetentionDays: config.MEASUREMENT_RETENTION_DAYS,
    },
    app.log,
  );

  let stopDemoActivity = () => undefined as void;
  const mqtt = await startMqtt(
    config,
    database.privileged,
    await resolveJwtSecret(database.privileged, config.JWT_SECRET),
    app.log,
    {
      caches: app.caches,
      notify: (customerId, ids) => notifications.dispatch(customerId, ids),
      metrics,
    },
  );
  const jobs = await startJobs({ ...jobDeps, runners, log: app.log });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    let phase = 'finishing requests in flight';
    // Requests get 25 s to finish; then their connections are closed. The database is always given
    // the time to close cleanly (on a busy machine an embedded one may need more than that after
    // a large first start): only a shutdown stuck for two minutes is cut short, and says where.
    const impatient = setTimeout(() => {
      app.log.warn({ phase }, 'shutdown: requests still in flight after 25 s, closing their connections');
      app.server.closeAllConnections();
    }, 25_000);
    const force = setTimeout(() => {
      app.log.error({ phase }, 'shutdown did not finish within 120 s: exiting');
      process.exit(1);
    }, 120_000);
    impatient.unref();
    force.unref();
    try {
      stopDemoActivity();
      phase = 'stopping MQTT ingest';
      await mqtt.stop();
      await jobs.stop((step) => (phase = step));
      phase = 'finishing requests in flight';
      await app.close();
      clearTimeout(impatient);
      phase = 'closing the database socket';
      await databaseSocket?.stop();
      phase = 'closing the database';
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const url = `http://${shownHost}:${port}/`;
  if (config.DEMO_DATA) {
    // The demo readers talk to this server like real ones, through its own reader API.
    const self = config.HOST === '0.0.0.0' || config.HOST === '::' ? '127.0.0.1' : config.HOST;
    stopDemoActivity = await startDemoActivity({
      db: database.privileged,
      url: `http://${self.includes(':') ? `[${self}]` : self}:${port}`,
      jwtSecret: await resolveJwtSecret(database.privileged, config.JWT_SECRET),
      log: app.log,
    });
  }
  app.log.info({ url, database: database.kind }, 'Tagtrack is running');
  process.stdout.write(
    `\n  Tagtrack console: ${url}\n  Database: ${database.kind === 'pglite' ? `embedded, in ${config.DATA_DIR}` : 'PostgreSQL'}\n` +
      (databaseSocket?.path ? `  Database socket (CLI, psql): ${databaseSocket.path}\n` : '') +
      (databaseSocket?.port !== undefined ? `  Database on 127.0.0.1:${databaseSocket.port} (no password)\n` : '') +
      (config.DEMO_DATA
        ? '  Demo users: admin, operator, viewer, application, with the password printed on the first start (or ADMIN_PASSWORD)\n'
        : '') +
      (mqtt.mqttUrl ? `  MQTT reads: ${mqtt.mqttUrl.replace(/\/\/[^@/]*@/, '//')}\n` : '') +
      metricsLines(app.metricsAddress(), config.METRICS_TOKEN !== undefined ? `${url}metrics` : null, shownHost) +
      '\n',
  );
}

/** Where Prometheus scrapes: the metrics port, and /metrics on the console's port with the token. */
function metricsLines(port: { port: number } | null, withToken: string | null, host: string): string {
  return (
    (port ? `  Metrics (Prometheus): http://${host}:${port.port}/metrics\n` : '') +
    (withToken ? `  Metrics (Prometheus): ${withToken} with Authorization: Bearer <METRICS_TOKEN>\n` : '')
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
