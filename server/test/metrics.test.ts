// GET /metrics (README, Metrics): only where the operator allows it, in the Prometheus text format,
// with route patterns and fixed words for labels, never customer data.
import { createOutboxMailer } from '../src/modules/outbox/outbox.service.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { loadConfig } from '../src/config.js';
import { AppMetrics } from '../src/lib/metrics.js';
import { ReportScheduler } from '../src/jobs/report-scheduler.js';
import { NotificationDispatcher } from '../src/jobs/notification-dispatcher.js';
import { createSmsGateway } from '../src/lib/mail/sms-gateway.js';
import { startMqtt } from '../src/transports/mqtt/start-mqtt.js';
import { resolveJwtSecret } from '../src/system/instance-secrets.js';
import { LocalDiskStorage, type FileStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { at, nid32, readerCustomer, readerToken } from './reader-fixtures.js';
import { sample } from './metrics-samples.js';
import { dailyStockReport } from './report-fixtures.js';

const TOKEN = 'metrics-token-0123456789abcdef';
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

let t: TestApp;
const metrics = new AppMetrics();
beforeAll(async () => {
  t = await buildTestApp({ env: { METRICS_TOKEN: TOKEN }, metrics });
});
afterAll(() => t?.close());

/** The metrics as Prometheus scrapes them from the app's port. */
async function scrape(): Promise<string> {
  const res = await t.call({ method: 'GET', url: '/metrics', token: TOKEN });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
}

async function until<T>(probe: () => Promise<T | undefined>, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('GET /metrics', () => {
  it('is an unknown path without METRICS_TOKEN or METRICS_PORT', async () => {
    const plain = await buildTestApp({ database: t.database, keepDatabase: true });
    try {
      const res = await plain.call({ method: 'GET', url: '/metrics', token: TOKEN });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ type: 'NotFound' });
      expect(plain.app.metricsAddress()).toBeNull();
    } finally {
      await plain.close();
    }
  });

  it('answers only the bearer of METRICS_TOKEN, in the Prometheus text format', async () => {
    const user = await readerCustomer(t);
    for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Bearer ${user.token}`, TOKEN]) {
      const res = await t.call({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
      expect(res.statusCode, String(authorization)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.json()).toMatchObject({
        type: 'NotAuthenticated',
        detail: 'Authentication credentials were not provided.',
        request: 'GET /metrics',
      });
      expect(res.body).not.toContain('tagtrack_');
    }
    const cpuBefore = process.cpuUsage();
    const res = await t.call({ method: 'GET', url: '/metrics', token: TOKEN });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    // The process's own metrics beside the app's: its CPU since it started, not since the first
    // scrape (a millisecond of slack for the microseconds the count leaves out).
    expect(sample(res.body, 'process_cpu_user_seconds_total')).toBeGreaterThanOrEqual(cpuBefore.user / 1e6 - 0.001);
    expect(sample(res.body, 'process_cpu_seconds_total')).toBeGreaterThanOrEqual(
      (cpuBefore.user + cpuBefore.system) / 1e6 - 0.001,
    );
    expect(res.body).toContain('# TYPE nodejs_eventloop_lag_seconds gauge');
    expect(res.body).toContain('# TYPE tagtrack_http_request_duration_seconds histogram');
    // Not an API route: not in the OpenAPI document.
    const openapi = await t.call({ method: 'GET', url: '/api/schema/' });
    expect(Object.keys(openapi.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });

  it('counts HTTP requests by route pattern, never by the path asked for', async () => {
    const own = await readerCustomer(t);
    const before = await scrape();
    const labels = { method: 'GET', route: '/tag-data/tag/:id/', status: '404' };
    const item = await own.call('GET', '/tag-data/tag/987654321/');
    expect(item.statusCode).toBe(404);
    const unknown = await t.call({ method: 'GET', url: '/no-such-place/secret-4242' });
    expect(unknown.statusCode).toBe(404);
    const after = await scrape();
    expect(sample(after, 'tagtrack_http_requests_total', labels)).toBe(
      (sample(before, 'tagtrack_http_requests_total', labels) ?? 0) + 1,
    );
    expect(sample(after, 'tagtrack_http_request_duration_seconds_count', labels)).toBeGreaterThanOrEqual(1);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect(sample(after, 'tagtrack_http_requests_total', unmatched)).toBeGreaterThanOrEqual(1);
    expect(after).not.toContain('987654321');
    expect(after).not.toContain('secret-4242');
    // The scrape itself is a route like any other.
    expect(sample(after, 'tagtrack_http_requests_total', { route: '/metrics', status: '200' })).toBeGreaterThanOrEqual(
      1,
    );
  });

  it('counts read batches over HTTP by result and their reads by outcome, with names, serials and EPCs left out', async () => {
    const own = await readerCustomer(t);
    expect((await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' })).statusCode).toBe(201);
    const door = await own.configuration({ name: 'Door' });
    const dock = await own.configuration({ name: 'Dock' });
    const [a, b, idle] = [await own.reader(), await own.reader(), await own.reader()];
    expect((await own.assign(a.uuid, [door.id])).statusCode).toBeLessThan(300);
    expect((await own.assign(b.uuid, [dock.id])).statusCode).toBeLessThan(300);
    const tokenA = await readerToken(t, a.serial, a.secret);
    const tokenB = await readerToken(t, b.serial, b.secret);
    const tokenIdle = await readerToken(t, idle.serial, idle.secret);
    const epc = nid32(100, 4711);
    const send = (token: string, reads: { epc: string; time: string }[], batch_id: string = randomUUID()) =>
      t.call({
        method: 'POST',
        url: '/reader-api/reads/',
        token,
        payload: { batch_id, reads: reads.map((r) => ({ ...r, antenna: 1 })) },
      });
    const reads = (outcome: string) => ({ transport: 'http', outcome });
    const batches = (result: string) => ({ transport: 'http', result });
    const before = await scrape();

    expect((await send(tokenA, [{ epc, time: at(1) }])).json()).toMatchObject({ created: 1 });
    expect((await send(tokenB, [{ epc, time: at(5) }])).json()).toMatchObject({ moved: 1 });
    const repeat = randomUUID();
    const twice = [
      { epc, time: at(6) },
      { epc, time: at(7) },
    ];
    expect((await send(tokenB, twice, repeat)).json()).toMatchObject({ accepted: 2, moved: 0, created: 0, ignored: 0 });
    expect((await send(tokenB, twice, repeat)).json()).toMatchObject({ duplicate: true });
    expect((await send(tokenIdle, [{ epc, time: at(8) }])).json()).toMatchObject({ ignored: 1 });
    expect((await send('not-a-reader-token', [{ epc, time: at(9) }])).statusCode).toBe(401);
    expect((await send(tokenA, [])).statusCode).toBe(400);

    const after = await scrape();
    const delta = (name: string, labels: Record<string, string>) =>
      (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect({
      created: delta('tagtrack_reads_total', reads('created')),
      moved: delta('tagtrack_reads_total', reads('moved')),
      repeat: delta('tagtrack_reads_total', reads('repeat')),
      ignored: delta('tagtrack_reads_total', reads('ignored')),
    }).toEqual({ created: 1, moved: 1, repeat: 2, ignored: 1 });
    expect({
      applied: delta('tagtrack_read_batches_total', batches('applied')),
      duplicate: delta('tagtrack_read_batches_total', batches('duplicate')),
      refused: delta('tagtrack_read_batches_total', batches('refused')),
      failed: delta('tagtrack_read_batches_total', batches('failed')),
    }).toEqual({ applied: 4, duplicate: 1, refused: 2, failed: 0 });
    expect(delta('tagtrack_read_batch_duration_seconds_count', { transport: 'http' })).toBe(5);
    // Nothing came over MQTT.
    expect(sample(after, 'tagtrack_reads_total', { transport: 'mqtt', outcome: 'created' })).toBe(0);

    // SECURITY: no customer data in any label.
    const customerData = [own.customer.name, own.admin.username, epc, ...[a, b, idle].map((r) => r.serial)];
    for (const text of customerData) expect(after.toLowerCase()).not.toContain(text.toLowerCase());
  });

  it('shows how busy the database connections are', async () => {
    const text = await scrape();
    const database = t.database.kind;
    expect(sample(text, 'tagtrack_db_pool_max', { database })).toBe(database === 'pglite' ? 1 : 4);
    expect(sample(text, 'tagtrack_db_pool_connections', { database, state: 'idle' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tagtrack_db_pool_connections', { database, state: 'busy' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tagtrack_db_pool_waiting', { database })).toBeGreaterThanOrEqual(0);
  });

  it('shows the job queues’ depths and counts failed report runs while the queues run', async () => {
    const admin = await readerCustomer(t);
    const created = await admin.call('POST', '/report/scheduled/', dailyStockReport('Never stored', 3_600_000));
    expect(created.statusCode, created.body).toBe(201);
    const disk = new LocalDiskStorage(t.filesDir);
    const full: FileStorage = {
      put: () => Promise.reject(new Error('disk full')),
      putStream: () => Promise.reject(new Error('disk full')),
      read: (key) => disk.read(key),
      exists: (key) => disk.exists(key),
      remove: (key) => disk.remove(key),
    };
    const reports = new ReportScheduler({
      owner: t.database.privileged,
      access: t.database,
      jobQueue: t.database.jobQueue,
      storage: full,
      retentionDays: 90,
      retryLimit: 0,
      pollingIntervalSeconds: 0.5,
      metrics,
    });
    const notifications = new NotificationDispatcher({
      owner: t.database.privileged,
      access: t.database,
      jobQueue: t.database.jobQueue,
      transports: (logger) => ({
        mailer: createOutboxMailer({ config: t.config, db: t.database.privileged, log: logger }),
        sms: createSmsGateway({ config: t.config, log: logger }),
      }),
      pollingIntervalSeconds: 0.5,
      metrics,
    });
    try {
      await reports.start(log);
      await notifications.start(log);
      const text = await scrape();
      for (const queue of [
        'report-run',
        'report-plan',
        'report-retention',
        'notification-delivery',
        'notification-sweep',
      ]) {
        expect(sample(text, 'tagtrack_job_queue_depth', { queue }), queue).toBeGreaterThanOrEqual(0);
        expect(sample(text, 'tagtrack_job_failures_total', { queue }), queue).toBe(0);
      }
      await reports.runNow(admin.customer.id, created.json<{ id: number }>().id);
      await until(
        async () =>
          (sample(await scrape(), 'tagtrack_job_failures_total', { queue: 'report-run' }) ?? 0) >= 1 ? true : undefined,
        'the failed run counted',
      );
    } finally {
      await reports.stop();
      await notifications.stop();
    }
    // Stopped queues are no longer read.
    expect(sample(await scrape(), 'tagtrack_job_queue_depth', { queue: 'report-run' })).toBeUndefined();
  });

  it('shows whether the MQTT ingest is connected and how many clients the embedded broker has', async () => {
    const config = { ...t.config, HOST: '127.0.0.1', MQTT_PORT: 0, MQTT_URL: undefined, MQTT_EMBEDDED: true };
    const tracking = await startMqtt(
      config,
      t.database.privileged,
      await resolveJwtSecret(t.database.privileged, config.JWT_SECRET),
      log,
      {
        caches: t.app.caches,
        metrics,
      },
    );
    try {
      expect(tracking.mqttUrl).not.toBeNull();
      const text = await until(async () => {
        const scraped = await scrape();
        return sample(scraped, 'tagtrack_mqtt_ingest_connected', { broker: 'embedded' }) === 1 ? scraped : undefined;
      }, 'the ingest connected');
      expect(sample(text, 'tagtrack_mqtt_broker_clients', { broker: 'embedded' })).toBeGreaterThanOrEqual(1);
    } finally {
      await tracking.stop();
    }
    expect(sample(await scrape(), 'tagtrack_mqtt_ingest_connected', { broker: 'embedded' })).toBeUndefined();
  });
});

describe('METRICS_PORT', () => {
  it('serves /metrics without a token on a port of its own, and only there, until the app closes', async () => {
    const separate = await buildTestApp({
      env: { METRICS_PORT: '0', HOST: '127.0.0.1' },
      database: t.database,
      keepDatabase: true,
    });
    let port = 0;
    try {
      port = separate.app.metricsAddress()!.port;
      expect(port).toBeGreaterThan(0);
      // Not on the app's port without a token.
      expect((await separate.call({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
      await separate.call({ method: 'GET', url: '/healthz' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(sample(text, 'tagtrack_http_requests_total', { route: '/healthz', status: '200' })).toBe(1);
      expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/other`)).status).toBe(404);
    } finally {
      await separate.close();
    }
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it('is read from the environment: empty is unset, a short token is refused', () => {
    const base = { JWT_SECRET: 'test-secret-test-secret-test-secret-0123' };
    expect(loadConfig({ ...base, METRICS_PORT: '', METRICS_TOKEN: '' })).toMatchObject({
      METRICS_PORT: undefined,
      METRICS_TOKEN: undefined,
    });
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).METRICS_PORT).toBe(9464);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'a token with spaces in it' })).toThrow(/METRICS_TOKEN/);
  });
});
