// npm run bench: figures for the hot paths of the foundation, on a fresh embedded database
// (or PostgreSQL with DATABASE_URL). It reports; it asserts nothing.
import { performance } from 'node:perf_hooks';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/client.js';
import { createCustomer } from '../src/system/provisioning.js';

const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  // The tracking scenario runs for minutes: one sign-in serves it.
  ACCESS_TOKEN_TTL: '7200',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00',
});
const database = config.DATABASE_URL
  ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
  : await openDatabase({ kind: 'pglite' });
await database.migrate();
const app = await buildApp({ config, database, logger: false, serveWeb: false });
const password = 'Bench-password-1';
const suffix = Date.now().toString(36);
await createCustomer(database.privileged, {
  name: `Bench ${suffix}`,
  adminUsername: `bench${suffix}`,
  adminPassword: password,
});

async function measure(name: string, count: number, call: () => Promise<{ statusCode: number }>) {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    const res = await call();
    times.push(performance.now() - start);
    if (res.statusCode >= 400) throw new Error(`${name}: HTTP ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.floor(times.length * p))]!.toFixed(2);
  process.stdout.write(
    `${name.padEnd(34)} ${String(count).padStart(5)} calls  ${(count / (total / 1000)).toFixed(0).padStart(6)}/s  p50 ${pct(0.5)} ms  p95 ${pct(0.95)} ms\n`,
  );
}

const login = () =>
  app.inject({ method: 'POST', url: '/api/token/', payload: { username: `bench${suffix}`, password } });
const { access, refresh: firstRefresh } = (await login()).json<{ access: string; refresh: string }>();
let refresh = firstRefresh;

process.stdout.write(`database: ${database.kind}\n`);
// BENCH_SCENARIO=tracking runs the tracking scenario alone, BENCH_SCENARIO=contention its contention run alone,
// BENCH_SCENARIO=isolation the first part and the cost of row-level security, without the tracking scenario,
// BENCH_SCENARIO=reports the reports scenario alone (it runs after the tracking scenario otherwise),
// BENCH_SCENARIO=sensors the sensors scenario alone (it runs after the reports scenario otherwise).
const scenario = process.env.BENCH_SCENARIO;
if (scenario !== 'tracking' && scenario !== 'contention' && scenario !== 'reports' && scenario !== 'sensors') {
  await measure('POST /api/token/ (argon2)', 20, login);
  await measure('GET /accounts/users/me/', 500, () =>
    app.inject({ method: 'GET', url: '/accounts/users/me/', headers: { authorization: `Bearer ${access}` } }),
  );
  await measure('POST /api/token/refresh/ (rotation)', 200, async () => {
    const res = await app.inject({ method: 'POST', url: '/api/token/refresh/', payload: { refresh } });
    refresh = res.json<{ refresh: string }>().refresh;
    return res;
  });
  await measure('GET /configuration/version/', 1000, () =>
    app.inject({ method: 'GET', url: '/configuration/version/' }),
  );

  // A large location tree: 20 sites × 10 buildings × 25 zones = 5,220 locations.
  const { TenantScope } = await import('../src/db/tenant.js');
  const { locations } = await import('../src/db/schema/index.js');
  const me = (
    await app.inject({ method: 'GET', url: '/accounts/users/me/', headers: { authorization: `Bearer ${access}` } })
  ).json<{ customer_id: number; id: number }>();
  const tenant = new TenantScope(database.privileged, me.customer_id);
  const start = performance.now();
  for (let s = 0; s < 20; s++) {
    const [site] = await tenant.insert(locations, { name: `Site ${s}`, parentUuid: null, metadata: {} }).returning();
    const buildings = await tenant
      .insertMany(
        locations,
        Array.from({ length: 10 }, (_, b) => ({ name: `Building ${s}.${b}`, parentUuid: site!.uuid, metadata: {} })),
      )
      .returning();
    await tenant.insertMany(
      locations,
      buildings.flatMap((b) =>
        Array.from({ length: 25 }, (_, z) => ({ name: `Zone ${z}`, parentUuid: b.uuid, metadata: { z } })),
      ),
    );
  }
  process.stdout.write(`seeded 5,220 locations in ${((performance.now() - start) / 1000).toFixed(1)} s\n`);
  const auth = { authorization: `Bearer ${access}` };
  await measure('GET /configuration/location/ (5k tree)', 20, () =>
    app.inject({ method: 'GET', url: '/configuration/location/', headers: auth }),
  );
  await measure('GET …/leaf-remaining/ (5k tree)', 50, () =>
    app.inject({ method: 'GET', url: '/configuration/location/leaf-remaining/', headers: auth }),
  );
  await measure('GET …/export/csv/ (5k tree)', 10, () =>
    app.inject({ method: 'GET', url: '/configuration/location/export/csv/', headers: auth }),
  );
  const { benchImports } = await import('./imports.js');
  await benchImports(app, auth);
  // The item import above left 100,000 items: the lists the console pages through.
  await measure('GET /tag-data/tag/ (100k items, page 300)', 20, () =>
    app.inject({ method: 'GET', url: '/tag-data/tag/?page_size=300', headers: auth }),
  );
  await measure('GET /tag-data/tag/?search= (100k items)', 20, () =>
    app.inject({ method: 'GET', url: '/tag-data/tag/?search=0000000000&page_size=20', headers: auth }),
  );
  await measure('GET /master-data/product/ (page 20)', 50, () =>
    app.inject({ method: 'GET', url: '/master-data/product/?page_size=20&ordering=category__name', headers: auth }),
  );
  await measure('GET /configuration/location/ (tree with item counts)', 20, () =>
    app.inject({ method: 'GET', url: '/configuration/location/', headers: auth }),
  );
  const { benchIsolation } = await import('./isolation.js');
  const ownerDatabase = config.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: config.DATABASE_URL })
    : database;
  // BENCH_ISOLATION_ROUNDS: more rounds for a steadier median on a machine that is not quiet.
  const rounds = Number(process.env.BENCH_ISOLATION_ROUNDS ?? 25);
  await benchIsolation(database, ownerDatabase, me.customer_id, me.id, rounds);
  if (ownerDatabase !== database) await ownerDatabase.close();
  if (process.env.BENCH_SCENARIO === 'isolation') {
    await app.close();
    await database.close();
    process.exit(0);
  }
}

// The tracking scenario, on a customer of its own (BENCH_ITEMS items, 1,000,000 by default).
const { benchTracking } = await import('./tracking.js');
await createCustomer(database.privileged, {
  name: `Bench tracking ${suffix}`,
  adminUsername: `track${suffix}`,
  adminPassword: password,
});
const trackAccess = (
  await app.inject({ method: 'POST', url: '/api/token/', payload: { username: `track${suffix}`, password } })
).json<{ access: string }>().access;
const trackAuth = { authorization: `Bearer ${trackAccess}` };
const trackMe = (await app.inject({ method: 'GET', url: '/accounts/users/me/', headers: trackAuth })).json<{
  customer_id: number;
}>();
if (scenario === 'contention') {
  const { benchContentionAlone } = await import('./tracking-contention.js');
  await benchContentionAlone(app, database, trackMe.customer_id, trackAuth);
} else if (scenario !== 'reports' && scenario !== 'sensors') {
  await benchTracking(
    app,
    database,
    trackMe.customer_id,
    trackAuth,
    Number(process.env.BENCH_ITEMS ?? 1_000_000),
    config.JWT_SECRET!,
  );
}
if (scenario === undefined || scenario === '' || scenario === 'reports') {
  // The reports scenario, on a customer of its own (BENCH_ITEMS items as well).
  const { benchReports } = await import('./reports.js');
  await createCustomer(database.privileged, {
    name: `Bench reports ${suffix}`,
    adminUsername: `report${suffix}`,
    adminPassword: password,
  });
  const reportAccess = (
    await app.inject({ method: 'POST', url: '/api/token/', payload: { username: `report${suffix}`, password } })
  ).json<{ access: string }>().access;
  const reportAuth = { authorization: `Bearer ${reportAccess}` };
  const reportMe = (await app.inject({ method: 'GET', url: '/accounts/users/me/', headers: reportAuth })).json<{
    customer_id: number;
  }>();
  await benchReports(app, database, reportMe.customer_id, reportAuth, Number(process.env.BENCH_ITEMS ?? 1_000_000));
}
if (scenario === undefined || scenario === '' || scenario === 'sensors') {
  // The sensors scenario, on a customer of its own with the sensor extension and the measurements'
  // day tables made, as the server makes them at its start.
  const { benchSensors } = await import('./sensors.js');
  const { setCustomerExtensions } = await import('../src/system/provisioning.js');
  const { keepMeasurementPartitions } = await import('../src/system/housekeeping.repository.js');
  const sensorCustomer = `Bench sensors ${suffix}`;
  await createCustomer(database.privileged, {
    name: sensorCustomer,
    adminUsername: `sensor${suffix}`,
    adminPassword: password,
  });
  await setCustomerExtensions(database.privileged, { name: sensorCustomer, extensions: ['sensor'] });
  await keepMeasurementPartitions(database.privileged, config.MEASUREMENT_RETENTION_DAYS);
  const sensorAccess = (
    await app.inject({ method: 'POST', url: '/api/token/', payload: { username: `sensor${suffix}`, password } })
  ).json<{ access: string }>().access;
  const sensorAuth = { authorization: `Bearer ${sensorAccess}` };
  const sensorMe = (await app.inject({ method: 'GET', url: '/accounts/users/me/', headers: sensorAuth })).json<{
    customer_id: number;
  }>();
  await benchSensors(app, database, sensorMe.customer_id, sensorAuth);
}
await app.close();
await database.close();
