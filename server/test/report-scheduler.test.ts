// The report scheduler (docs/reports.md): one run per occurrence with two schedulers on one
// database, catch-up after downtime, retries of a failed run, runs a dead process left, retention.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { InventoryReport } from '@tagtrack/contract';
import { items, products, reportRuns, reports } from '../src/db/schema/index.js';
import { ReportScheduler, type ReportSchedulerOptions } from '../src/jobs/report-scheduler.js';
import { LocalDiskStorage, type FileStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { specialLocation, tenantOf } from './catalogue-fixtures.js';
import { dailyStockReport } from './report-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let customerId: number;
let storage: LocalDiskStorage;
const schedulers: ReportScheduler[] = [];
const silent = { info: () => {}, warn: () => {}, error: () => {}, debug: () => {}, child: () => silent } as never;

function scheduler(overrides: Partial<ReportSchedulerOptions> = {}): ReportScheduler {
  const made = new ReportScheduler({
    owner: t.database.privileged,
    access: t.database,
    jobQueue: t.database.jobQueue,
    storage,
    retentionDays: 90,
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
    ...overrides,
  });
  schedulers.push(made);
  return made;
}

const DAY = 24 * 3600_000;

/** A daily report at 06:00 UTC whose next run is `missed` days in the past, as after downtime. */
async function missedReport(name: string, missedDays: number): Promise<{ report: InventoryReport; occurrence: Date }> {
  const res = await t.call({
    method: 'POST',
    url: '/report/scheduled/',
    token: admin.token,
    payload: dailyStockReport(name, 60_000),
  });
  expect(res.statusCode, res.body).toBe(201);
  const report = res.json<InventoryReport>();
  const occurrence = new Date(Date.now() - missedDays * DAY);
  occurrence.setUTCHours(6, 0, 0, 0);
  await tenantOf(t, customerId).update(
    reports,
    { scheduleStart: new Date(occurrence.getTime() - 10 * DAY), nextRunAt: occurrence },
    eq(reports.id, report.id),
  );
  return { report, occurrence };
}

/** yyyy-MM-dd-HHmmss of a moment at a fixed offset from UTC (minutes). */
function stamp(at: Date, offsetMinutes: number): string {
  const iso = new Date(Math.floor(at.getTime() / 1000) * 1000 + offsetMinutes * 60_000).toISOString();
  return `${iso.slice(0, 10)}-${iso.slice(11, 13)}${iso.slice(14, 16)}${iso.slice(17, 19)}`;
}

async function runsOf(reportId: number) {
  return (await tenantOf(t, customerId).select(
    reportRuns,
    eq(reportRuns.reportId, reportId),
  )) as (typeof reportRuns.$inferSelect)[];
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

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  customerId = admin.user.customerId;
  storage = new LocalDiskStorage(t.filesDir);
  const tenant = tenantOf(t, customerId);
  const [product] = await tenant.insert(products, { sku: 'BOX', name: 'Box' }).returning({ id: products.id });
  const unassigned = await specialLocation(t, customerId, 'unassigned');
  await tenant.insertMany(
    items,
    ['B1', 'B2', 'B3'].map((code) => ({ code, productId: product!.id, locationUuid: unassigned })),
  );
});
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
});
afterAll(() => t.close());

describe('the report scheduler', () => {
  it('runs an occurrence missed while no server ran once, with two schedulers on the database, and plans the next', async () => {
    const { report, occurrence } = await missedReport('Missed three days', 3);
    const [a, b] = [scheduler(), scheduler()];
    await Promise.all([a.start(silent), b.start(silent)]);
    const run = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'succeeded'), 'the run');
    // Both planned it again meanwhile; still one run.
    await Promise.all([a.planDue(), b.planDue()]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const runs = await runsOf(report.id);
    expect(runs).toHaveLength(1);
    expect(run.occurrence?.toISOString()).toBe(occurrence.toISOString());
    expect(run.rowCount).toBe(1);
    // Named for the time the history shows (when it was made), in UTC here, to the second.
    expect(run.fileName).toBe(`report-Missed three days-${stamp(run.createdAt, 0)}.csv`);
    expect(readFileSync(path.join(t.filesDir, run.fileKey!), 'utf8')).toBe('Location,Count,SKU\nUnassigned,3,BOX\n');
    // The missed days in between are not run: the next run is the first 06:00 after now.
    const [saved] = (await tenantOf(t, customerId).select(
      reports,
      eq(reports.id, report.id),
    )) as (typeof reports.$inferSelect)[];
    expect(saved!.nextRunAt!.getTime()).toBeGreaterThan(Date.now());
    expect(saved!.nextRunAt!.getTime() - Date.now()).toBeLessThanOrEqual(DAY);

    const history = await t.call({ method: 'GET', url: `/report/scheduled/${report.id}/files`, token: admin.token });
    expect(history.json()).toMatchObject({ count: 1, results: [{ id: run.id, status: 'succeeded', row_count: 1 }] });
    const file = await t.call({
      method: 'GET',
      url: `/report/scheduled/${report.id}/files/${run.id}/get_file`,
      token: admin.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('Location,Count,SKU\nUnassigned,3,BOX\n');
    expect(file.headers['content-disposition']).toContain(run.fileName!);
    // A file gone from the disk is not found, not a server error.
    await storage.remove(run.fileKey!);
    const gone = await t.call({
      method: 'GET',
      url: `/report/scheduled/${report.id}/files/${run.id}/get_file`,
      token: admin.token,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('records a failed run with its error and retries it', async () => {
    const { report } = await missedReport('Fails once', 1);
    let failures = 0;
    const flaky: FileStorage = {
      put: (key, data) => storage.put(key, data),
      putStream: async (key, data) => {
        if (failures++ === 0) throw new Error('disk full');
        await storage.putStream(key, data);
      },
      read: (key) => storage.read(key),
      exists: (key) => storage.exists(key),
      remove: (key) => storage.remove(key),
    };
    const s = scheduler({ storage: flaky });
    await s.start(silent);
    const failed = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'failed'), 'the failure');
    expect(failed.error).toBe('disk full');
    const done = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'succeeded'), 'the retry');
    expect(done.id).toBe(failed.id);
    expect(done.attempts).toBe(2);
    expect(done.error).toBeNull();
  });

  it('deletes runs older than the retention, with their files', async () => {
    const { report } = await missedReport('Old runs', 1);
    const key = `${customerId}/00000000-0000-4000-8000-${String(report.id).padStart(12, '0')}`;
    await storage.put(key, Buffer.from('old'));
    const tenant = tenantOf(t, customerId);
    await tenant.insert(reportRuns, {
      reportId: report.id,
      occurrence: new Date(Date.now() - 100 * DAY),
      status: 'succeeded',
      fileKey: key,
      fileName: 'old.csv',
      createdAt: new Date(Date.now() - 100 * DAY),
    });
    await tenant.insert(reportRuns, {
      reportId: report.id,
      occurrence: new Date(Date.now() - 5 * DAY),
      status: 'failed',
    });
    const removed = await scheduler().sweepOldRuns();
    expect(removed).toBeGreaterThanOrEqual(1);
    expect((await runsOf(report.id)).map((r) => r.status)).toEqual(['failed']);
    expect(existsSync(path.join(t.filesDir, key))).toBe(false);
  });

  it('runs a report now on demand, as its own run beside the schedule; without a running scheduler that is a 503', async () => {
    const { report } = await missedReport('On demand', 0);
    // Not due for a day: only the run asked for happens.
    await tenantOf(t, customerId).update(reports, { nextRunAt: new Date(Date.now() + DAY) }, eq(reports.id, report.id));
    const idle = await t.call({ method: 'POST', url: `/report/scheduled/${report.id}/run/`, token: admin.token });
    expect(idle.statusCode).toBe(503);
    const s = scheduler();
    await s.start(silent);
    const app = await buildTestApp({ database: t.database, reportRunner: s, keepDatabase: true });
    try {
      const viewer = await signedIn(app, 'viewer', admin.customerName);
      const refused = await app.call({
        method: 'POST',
        url: `/report/scheduled/${report.id}/run/`,
        token: viewer.token,
      });
      expect(refused.statusCode).toBe(403);
      const res = await app.call({ method: 'POST', url: `/report/scheduled/${report.id}/run`, token: admin.token });
      expect(res.statusCode, res.body).toBe(202);
      const run = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'succeeded'), 'the run');
      expect(run.occurrence).toBeNull();
      expect(run.rowCount).toBe(1);
    } finally {
      await app.close();
    }
  });

  it('retries a failed run on demand in its own row rather than adding one', async () => {
    const { report } = await missedReport('On demand retried', 0);
    await tenantOf(t, customerId).update(reports, { nextRunAt: new Date(Date.now() + DAY) }, eq(reports.id, report.id));
    let failures = 0;
    const s = scheduler({
      storage: {
        ...storage,
        put: (key, data) => storage.put(key, data),
        putStream: async (key, data) => {
          if (failures++ === 0) throw new Error('disk full');
          await storage.putStream(key, data);
        },
        read: (key) => storage.read(key),
        exists: (key) => storage.exists(key),
        remove: (key) => storage.remove(key),
      },
    });
    await s.start(silent);
    await s.runNow(customerId, report.id);
    const done = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'succeeded'), 'the retry');
    expect(done.attempts).toBe(2);
    expect(await runsOf(report.id)).toHaveLength(1);
  });

  it('marks a run a killed server left running as failed and retries it once in the same row', async () => {
    const { report } = await missedReport('Left running', 0);
    await tenantOf(t, customerId).update(reports, { nextRunAt: new Date(Date.now() + DAY) }, eq(reports.id, report.id));
    // The first server hangs writing the file, then "dies": it never beats again nor ends its job.
    let release: (error: Error) => void = () => undefined;
    const hanging: FileStorage = {
      put: (key, data) => storage.put(key, data),
      putStream: () => new Promise((_, reject) => (release = reject)),
      read: (key) => storage.read(key),
      exists: (key) => storage.exists(key),
      remove: (key) => storage.remove(key),
    };
    const dead = scheduler({ storage: hanging, heartbeatSeconds: 3600 });
    await dead.start(silent);
    const app = await buildTestApp({ database: t.database, reportRunner: dead, keepDatabase: true });
    try {
      const res = await app.call({ method: 'POST', url: `/report/scheduled/${report.id}/run/`, token: admin.token });
      expect(res.statusCode, res.body).toBe(202);
    } finally {
      await app.close();
    }
    const left = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'running'), 'the run');

    // A server starting once its heartbeat is stale finds it: failed with the reason, then run again in its row.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const later = scheduler({ staleAfterSeconds: 2 });
    await later.start(silent);
    const done = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'succeeded'), 'the retry');
    expect(done.id).toBe(left.id);
    expect(done.attempts).toBe(2);
    expect(done.interruptions).toBe(1);
    expect(done.rowCount).toBe(1);
    const history = await t.call({ method: 'GET', url: `/report/scheduled/${report.id}/files`, token: admin.token });
    expect(history.json()).toMatchObject({ count: 1, results: [{ id: left.id, status: 'succeeded', attempts: 2 }] });

    // The first process's attempt ending late changes nothing; the queue does not run its job again.
    release(new Error('too late'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await runsOf(report.id)).toMatchObject([{ id: left.id, status: 'succeeded', attempts: 2, error: null }]);
  });

  it('at start on a database no other process shares, fails every run left running, and retries it only once', async () => {
    const { report } = await missedReport('Left twice', 0);
    const occurrence = new Date(Date.now() - 3600_000);
    const tenant = tenantOf(t, customerId);
    await tenant.update(reports, { nextRunAt: new Date(Date.now() + DAY) }, eq(reports.id, report.id));
    // Left by a process killed a moment ago (its heartbeat is fresh), and one already interrupted before.
    const [fresh] = await tenant
      .insert(reportRuns, { reportId: report.id, occurrence, status: 'running' })
      .returning({ id: reportRuns.id });
    const [again] = await tenant
      .insert(reportRuns, { reportId: report.id, occurrence: null, status: 'running', interruptions: 1, attempts: 2 })
      .returning({ id: reportRuns.id });
    const s = scheduler({ soleProcess: true });
    await s.start(silent);
    const retried = await until(
      async () => (await runsOf(report.id)).find((r) => r.id === fresh!.id && r.status === 'succeeded'),
      'the retry',
    );
    expect(retried).toMatchObject({ attempts: 2, interruptions: 1, occurrence });
    const failed = (await runsOf(report.id)).find((r) => r.id === again!.id);
    expect(failed).toMatchObject({ status: 'failed', error: 'reportRunInterrupted', interruptions: 2, attempts: 2 });
    const history = await t.call({ method: 'GET', url: `/report/scheduled/${report.id}/files`, token: admin.token });
    expect(history.json().results).toContainEqual(
      expect.objectContaining({
        id: again!.id,
        status: 'failed',
        error: 'The server stopped while this report ran.',
        error_code: 'reportRunInterrupted',
      }),
    );
    expect(await runsOf(report.id)).toHaveLength(2);
  });

  it('names runs in the report’s zone to the second, and two made in one second apart', async () => {
    const { report } = await missedReport('Kolkata levels', 0);
    const tenant = tenantOf(t, customerId);
    await tenant.update(
      reports,
      { nextRunAt: new Date(Date.now() + DAY), scheduleTimeZone: 'Asia/Kolkata' },
      eq(reports.id, report.id),
    );
    const s = scheduler();
    await s.start(silent);
    await s.runNow(customerId, report.id);
    const first = await until(async () => (await runsOf(report.id)).find((r) => r.status === 'succeeded'), 'the run');
    expect(first.fileName).toBe(`report-Kolkata levels-${stamp(first.createdAt, 330)}.csv`);

    // Every name of the next seconds is taken already, as by a run made in the same second.
    const from = Date.now();
    await tenant.insertMany(
      reportRuns,
      [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((second) => ({
        reportId: report.id,
        status: 'succeeded' as const,
        fileName: `report-Kolkata levels-${stamp(new Date(from + second * 1000), 330)}.csv`,
      })),
    );
    await s.runNow(customerId, report.id);
    const second = await until(
      async () => (await runsOf(report.id)).find((r) => r.status === 'succeeded' && r.id > first.id && r.fileKey),
      'the second run',
    );
    expect(second.fileName).toBe(`report-Kolkata levels-${stamp(second.createdAt, 330)}-2.csv`);
  });
});
