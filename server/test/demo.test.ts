import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfDataSchema,
  heartbeatStatus,
  setupModeExpired,
  type InventoryReport,
  type ItemReport,
  type Measurement,
  type Observation,
  type ObservationRule,
  type Paged,
  type Reader,
  type ReportRun,
} from '@tagtrack/contract';
import { seedDemo } from '../src/tools/demo/seed.js';
import { renewDemoHeartbeats } from '../src/tools/demo/demo-heartbeats.js';
import { customers, readerHeartbeats } from '../src/db/schema/index.js';
import { DEMO_GROUPS, DEMO_TEAM } from '../src/tools/demo/seed-users.js';
import { DEMO_CONFIGURATIONS, DEMO_READERS } from '../src/tools/demo/seed-readers.js';
import { DEMO_SENSOR_SKU, demoSensorEpcs } from '../src/tools/demo/seed-sensors.js';
import { LocalDiskStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { login } from './factories.js';

const PASSWORD = 'Demo-password-1';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  // The app's own file storage: the demo's report files download through it.
  await seedDemo(t.database.privileged, PASSWORD, new LocalDiskStorage(t.filesDir));
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('demo users and groups', () => {
  it('gives the administrator a dozen users across the four roles, each able to sign in', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const res = await t.call({ method: 'GET', url: '/accounts/users/?page_size=100', token: admin.access });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ count: number; results: { username: string; roles: string[] }[] }>();
    expect(list.count).toBe(4 + DEMO_TEAM.length);
    expect(new Set(list.results.flatMap((u) => u.roles))).toEqual(
      new Set(['administrator', 'operator', 'viewer', 'application']),
    );
    const member = await login(t, 'lukas.meyer', PASSWORD);
    const me = await t.call({ method: 'GET', url: '/accounts/users/me/', token: member.access });
    expect(me.json()).toMatchObject({ language: 'de', management_groups: ['Inbound team', 'Night shift'] });
  });

  it('has two management groups with their members', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const res = await t.call({ method: 'GET', url: '/accounts/management-groups/', token: admin.access });
    const groups = res.json<{ results: { group_name: string; user_count: number }[] }>().results;
    expect(groups.map((g) => g.group_name)).toEqual([...DEMO_GROUPS]);
    for (const group of groups) {
      expect(group.user_count).toBe(DEMO_TEAM.filter((p) => p.groups.includes(group.group_name)).length);
    }
  });
});

describe('demo readers', () => {
  it('has fixed readers in every state, one in setup mode, heartbeats normal, warning and stale', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const res = await t.call({ method: 'GET', url: '/configuration/reader/?reader_family=fx', token: admin.access });
    expect(res.statusCode).toBe(200);
    const fixed = res.json<{ count: number; results: Reader[] }>().results;
    expect(fixed).toHaveLength(DEMO_READERS.filter((r) => r.kind !== 'Handheld').length);
    expect(new Set(fixed.map((r) => r.state))).toEqual(new Set(['unassigned', 'assigned', 'uploaded']));
    const now = Date.now();
    const statuses = fixed.map((r) => heartbeatStatus(r.heartbeats, now));
    expect(statuses).toContainEqual({ mode: 'normal', reason: 'reported' });
    expect(statuses).toContainEqual({ mode: 'warn', reason: 'reported' });
    expect(statuses).toContainEqual({ mode: 'error', reason: 'stale' });
    expect(statuses).toContainEqual({ mode: 'warn', reason: 'noData' });
    const setup = fixed.filter((r) => r.status === 'setup');
    expect(setup).toHaveLength(1);
    expect(setupModeExpired(setup[0]!.setup_mode_read, now)).toBe(false);
    for (const reader of fixed.filter((r) => r.state !== 'unassigned')) {
      expect(reader.configurations.length, reader.serial).toBeGreaterThan(0);
      expect(reader.configurations.every((c) => c.reader_type === reader.kind && c.location_name)).toBe(true);
    }
    const banner = await t.call({ method: 'GET', url: '/configuration/reader/setup-mode/', token: admin.access });
    expect(banner.json()).toEqual({ active: true, readers: 1 });
  });

  it('has two handhelds with Handheld configurations and a last time in use', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const res = await t.call({ method: 'GET', url: '/configuration/reader/?reader_family=hh', token: admin.access });
    const handhelds = res.json<{ results: Reader[] }>().results;
    expect(handhelds).toHaveLength(2);
    for (const reader of handhelds) {
      expect(reader.last_process_list).not.toBeNull();
      expect(reader.configurations.map((c) => c.reader_type)).toEqual(['Handheld']);
    }
  });

  it('has valid configurations on the demo locations and a template', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const res = await t.call({
      method: 'GET',
      url: '/configuration/reader-configuration/?show_handhelds_and_templates=true&page_size=100',
      token: admin.access,
    });
    expect(res.statusCode).toBe(200);
    const list = res.json<{
      results: { name: string; is_template: boolean; location: string | null; conf_data: unknown }[];
    }>();
    expect(list.results).toHaveLength(DEMO_CONFIGURATIONS.length);
    for (const c of list.results) {
      expect(ConfDataSchema.safeParse(c.conf_data).success, c.name).toBe(true);
      expect(c.location === null, c.name).toBe(c.is_template);
    }
    expect(list.results.filter((c) => c.is_template)).toHaveLength(1);
  });
});

describe('demo heartbeats', () => {
  it('renews the current heartbeats of demo customers and leaves the stale one stale', async () => {
    const before = await t.database.privileged.select().from(readerHeartbeats);
    const live = before.filter((h) => Date.now() - h.updated.getTime() < 10 * 60_000);
    const stale = before.filter((h) => Date.now() - h.updated.getTime() >= 10 * 60_000);
    expect(live.length).toBeGreaterThan(0);
    expect(stale.length).toBeGreaterThan(0);

    expect(await renewDemoHeartbeats(t.database.privileged)).toBe(live.length);
    const after = await t.database.privileged.select().from(readerHeartbeats);
    const updated = (h: (typeof before)[number]) =>
      after.find((a) => a.readerId === h.readerId && a.application === h.application)!.updated.getTime();
    for (const h of live) expect(updated(h)).toBeGreaterThanOrEqual(h.updated.getTime());
    for (const h of stale) expect(updated(h)).toBe(h.updated.getTime());
  });

  it('leaves customers that are not the demo alone', async () => {
    await t.database.privileged.update(customers).set({ isDemo: false });
    try {
      expect(await renewDemoHeartbeats(t.database.privileged)).toBe(0);
    } finally {
      await t.database.privileged.update(customers).set({ isDemo: true });
    }
  });
});

describe('demo reports', () => {
  it('has three item reports with results and a weekly inventory report with three runs to download', async () => {
    const token = (await login(t, 'viewer', PASSWORD)).access;
    const realtime = (await t.call({ method: 'GET', url: '/report/realtime/', token })).json<Paged<ItemReport>>();
    expect(realtime.results.map((r) => r.report_name).sort()).toEqual([
      'IT equipment worn or broken',
      'Lost items this week',
      'Stock by location',
    ]);
    for (const report of realtime.results) {
      const res = await t.call({ method: 'GET', url: `/report/realtime/${report.id}/query/?page_size=10`, token });
      expect(res.statusCode, report.report_name).toBe(200);
    }
    const stock = realtime.results.find((r) => r.report_name === 'Stock by location')!;
    const worn = realtime.results.find((r) => r.report_name === 'IT equipment worn or broken')!;
    for (const report of [stock, worn]) {
      const page = (await t.call({ method: 'GET', url: `/report/realtime/${report.id}/query/`, token })).json<
        Paged<unknown>
      >();
      expect(page.count, report.report_name).toBeGreaterThan(0);
    }

    const scheduled = (await t.call({ method: 'GET', url: '/report/scheduled/', token })).json<
      Paged<InventoryReport>
    >();
    expect(scheduled.results).toHaveLength(1);
    const weekly = scheduled.results[0]!;
    expect(new Date(weekly.next_run!).getTime()).toBeGreaterThan(Date.now());
    expect(weekly.last_run).toMatchObject({ status: 'succeeded' });
    const runs = (await t.call({ method: 'GET', url: `/report/scheduled/${weekly.id}/files`, token })).json<
      Paged<ReportRun>
    >();
    expect(runs.count).toBe(3);
    // Written from the demo's stock: items are in at many locations.
    for (const run of runs.results) expect(run.row_count).toBeGreaterThan(10);
    const file = await t.call({
      method: 'GET',
      url: `/report/scheduled/${weekly.id}/files/${runs.results[0]!.id}/get_file`,
      token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body.split('\n')[0]).toBe('SKU,Product,Location,Parent location,Count');
    expect(file.body.trim().split('\n')).toHaveLength(runs.results[0]!.row_count! + 1);
  });
});

describe('demo sensors', () => {
  it('has sensor tags in the Cold Store with a day of temperatures, an event and its past alerts', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const get = async <T>(url: string) => {
      const res = await t.call({ method: 'GET', url, token: admin.access });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<T>();
    };
    const sensorProducts = await get<Paged<{ id: number; sku: string }>>(
      '/master-data/product/?metadata=sensor_product=true',
    );
    expect(sensorProducts.results.map((p) => p.sku)).toEqual([DEMO_SENSOR_SKU]);
    const rules = await get<Paged<ObservationRule>>('/sensor-data/observation/rule/');
    expect(rules.results).toMatchObject([
      {
        name: 'Cold Store 2–8 °C',
        products: [sensorProducts.results[0]!.id],
        conditions: [{ function_parameters: { limit: 2 } }, { function_parameters: { limit: 8 } }],
      },
    ]);
    const [sensor] = demoSensorEpcs();
    const day = await get<Paged<Measurement>>(`/sensor-data/measurement/?sensor=${sensor}&page_size=1000`);
    expect(day.count).toBeGreaterThanOrEqual(285);
    expect(day.results.every((m) => m.value >= 2 && m.value <= 8 && m.location_name === 'Cold Store')).toBe(true);
    // Box 3 was too warm for 20 minutes (4 alerts, one a cooldown), box 6 too cold for 15 (3).
    const alerts = await get<Paged<Observation>>('/sensor-data/observation/observation/?page_size=100');
    expect(alerts.count).toBe(7);
    // Recorded at the times of their values, over the past day.
    for (const a of alerts.results) expect(a.observation_time).toBe(a.measurements.time);
    expect(new Set(alerts.results.map((a) => a.measurements.sensor))).toEqual(
      new Set([demoSensorEpcs()[2], demoSensorEpcs()[5]]),
    );
  });
});
