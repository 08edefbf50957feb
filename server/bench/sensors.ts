// Sensors scenario of the bench (npm run bench, BENCH_SCENARIO=sensors): a customer with the sensor
// extension, 1,000 sensor products of 10 sensors each (10,000 sensor items over NID32 EPCs), one
// rule per product (Temperature, 2–8 °C, cooldown 300 s, time to alert 0, an e-mail action) and
// BENCH_SENSOR_READERS fixed readers (10) with a Temperature configuration, one location each. It
// measures over real HTTP: a paced load of BENCH_SENSOR_RATE measurements a second (2,000) for
// BENCH_SENSOR_SECONDS (30) with the batches' latency and the alerts' latency; the same kind of
// load unpaced (the ingest's capacity) beside the database's floor, the same rows written by
// insertMeasurements in one transaction per batch without HTTP, sign-in, read ingest or rules; and
// the dashboard's 24-hour chart of one sensor beside its statement. It reports; it asserts nothing.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { encodings, locations, products } from '../src/db/schema/index.js';
import { sqlRows } from '../src/db/sql-rows.js';
import { TenantScope } from '../src/db/tenant.js';
import { insertMeasurements, type NewMeasurement } from '../src/modules/sensors/measurements.repository.js';
import { benchConfiguration, benchReader } from './bench-readers.js';
import { figureTable, ms, pct, timeIt } from './figures.js';
import { startProfile } from './profile.js';
import type { SensorBatch, SensorRunResult } from './sensor-devices.js';
import {
  TEMPERATURE,
  PRODUCTS,
  SENSORS_PER_PRODUCT,
  SENSORS,
  READERS,
  RATE,
  SECONDS,
  BATCH,
  CAPACITY_BATCHES,
  EXCURSIONS,
  LOW,
  HIGH,
  CHART_STEP_MS,
  DAY_MS,
  SensorModel,
  startSensorDevices,
  type Excursion,
} from './sensor-load.js';
import { benchEpc } from './tracking-reads.js';

export async function benchSensors(
  app: FastifyInstance,
  database: Database,
  customerId: number,
  auth: Record<string, string>,
) {
  const figures = figureTable();
  const report = figures.report;
  const db = database.privileged;
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);
  // The customer's own connection (row-level security on), as the server's requests use.
  const tenant = new TenantScope(database, customerId);
  const owner = new TenantScope({ forCustomer: () => db }, customerId);
  const loadAtStart = os.loadavg();
  process.stdout.write(
    `\nsensors scenario: ${SENSORS.toLocaleString('en')} sensors, ${PRODUCTS.toLocaleString('en')} rules, ` +
      `${READERS} readers, ${database.kind}\n`,
  );

  // The world: a location per reader, 1,000 sensor products (NID32), 10 sensors each seeded as
  // items just seen at their reader's location, one rule per product made through the API.
  const seedStart = performance.now();
  const [site] = await owner.insert(locations, { name: 'Sensor site', metadata: {} }).returning();
  const rooms = await owner
    .insertMany(
      locations,
      Array.from({ length: READERS }, (_, i) => ({ name: `Cold room ${i}`, parentUuid: site!.uuid, metadata: {} })),
    )
    .returning();
  const [nid32] = await db
    .select({ id: encodings.id })
    .from(encodings)
    .where(owner.where(encodings, eq(encodings.method, 'NID32')));
  const productRows = await owner
    .insertMany(
      products,
      Array.from({ length: PRODUCTS }, (_, i) => ({
        sku: String(i + 1),
        name: `Sensor product ${i + 1}`,
        productCode: `SP-${i + 1}`,
        encodingId: nid32!.id,
        metadata: { sensor_product: 'true' },
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  const productIds = productRows.sort((a, b) => Number(a.sku) - Number(b.sku)).map((p) => p.id);
  const roomArray = `{${rooms.map((r) => r.uuid).join(',')}}`;
  const seenAt = new Date();
  // Sensors 0 … 9,999, and one more (10,000, of product 1 in room 0) for the dashboard's chart.
  await exec(sql`
    insert into items (customer_id, code, product_id, name, status, location_uuid, latest_status_update, last_seen_at)
    select ${customerId}::bigint,
      upper('8' || lpad(to_hex(1 + n / ${SENSORS_PER_PRODUCT}::int % ${PRODUCTS}::int), 8, '0')
        || lpad(to_hex(n), 15, '0')),
      p.id, 'Sensor ' || n, 'in', (${roomArray}::uuid[])[1 + n % ${READERS}::int],
      ${seenAt.toISOString()}::timestamptz - interval '1 day', ${seenAt.toISOString()}::timestamptz
    from generate_series(0, ${SENSORS}::int) n
    join products p on p.customer_id = ${customerId}
      and p.sku = (1 + n / ${SENSORS_PER_PRODUCT}::int % ${PRODUCTS}::int)::text`);
  await exec(sql`analyze items`);
  for (const [i, productId] of productIds.entries()) {
    const res = await app.inject({
      method: 'POST',
      url: '/sensor-data/observation/rule/',
      headers: auth,
      payload: {
        name: `Cold chain ${i + 1}`,
        measurement_type: TEMPERATURE,
        conditions: [
          { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: LOW } },
          { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: HIGH } },
        ],
        cooldown: 300,
        active_time_threshold: 0,
        actions: [{ name: 'Mail', action_type: 'email', payload: { recipients: ['cold-chain@example.com'] } }],
        products: [productId],
      },
    });
    if (res.statusCode !== 201) throw new Error(`rule ${i}: HTTP ${res.statusCode} ${res.body}`);
  }
  const tokens: string[] = [];
  for (const [i, room] of rooms.entries()) {
    const configurationId = await benchConfiguration(owner, `Sensor gate ${i}`, room.uuid, TEMPERATURE);
    const reader = await benchReader(app, auth, {
      serial: `SENSOR-${customerId}-${i}`,
      name: `Sensor gate ${i}`,
      configurationId,
    });
    tokens.push(reader.token);
  }
  report(
    'seed: 10,000 sensors (SQL), 1,000 rules (HTTP), readers signed in',
    `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  // The tracking or reports scenario may have started the server already.
  const bound = app.server.listening ? app.server.address() : null;
  const address =
    bound && typeof bound === 'object'
      ? `http://127.0.0.1:${bound.port}`
      : await app.listen({ port: 0, host: '127.0.0.1' });
  const devices = startSensorDevices(address, tokens);
  const model = new SensorModel();
  const sensorRows = new Map(
    (
      await sqlRows<{ code: string; id: number; product: number; location: string }>(
        db,
        sql`select code, id::int, product_id::int as product, location_uuid as location from items
            where customer_id = ${customerId}`,
      )
    ).map((row) => [row.code, row]),
  );

  /** Batches of the readers in turn, batch i measured at time(i), with their excursions. */
  function makeBatches(count: number, time: (i: number) => number, excursionShare: number) {
    const excursions: Excursion[] = [];
    const batches: SensorBatch[] = Array.from({ length: count }, (_, i) => {
      const reader = i % READERS;
      const made = model.batch(reader, time(i), excursionShare, i);
      excursions.push(...made.excursions);
      return { reader, body: made.body, due: time(i) };
    });
    return { batches, excursions };
  }
  async function runBatches(batches: SensorBatch[], paced: boolean, label: string) {
    const result = await devices.run(batches, paced);
    if (result.failed > 0) throw new Error(`${label}: ${result.failed} batches refused, first: ${result.firstFailure}`);
    return result.times;
  }
  // Settled before the measures: the tables written vacuumed and analysed (the PostgreSQL measured
  // may run without autovacuum), the writes checkpointed.
  async function settle() {
    for (const table of [
      'measurements',
      'measurement_minutes',
      'sensor_latest',
      'observation_rule_states',
      'observations',
      'mail_outbox',
      'ingest_batches',
      'items',
    ]) {
      await exec(sql`vacuum (analyze) ${sql.identifier(table)}`);
    }
    await exec(sql`checkpoint`);
  }

  // Warm-up, unmeasured: every sensor once (its code compiled, the pool's connections open, each
  // rule's state of each sensor made), as in a server that runs all day.
  const warmStart = Date.now();
  await runBatches(makeBatches(SENSORS / BATCH, (i) => warmStart + i, 0).batches, false, 'warm-up');
  await settle();

  /**
   * Each excursion's alert, looked up by sensor and measured time: the batch's HTTP latency (the
   * answer comes after the commit) and the time from sending to the alert's observation_time,
   * which is now() of the batch's transaction, its start.
   */
  async function alertLatencies(excursions: Excursion[], times: SensorRunResult['times'], since: number) {
    const rows = await sqlRows<{ epc: string; measured: number; recorded: number }>(
      db,
      sql`select i.code as epc, extract(epoch from o.measured_at)::float8 * 1000 as measured,
            extract(epoch from o.observation_time)::float8 * 1000 as recorded
          from observations o join items i on i.customer_id = o.customer_id and i.id = o.item_id
          where o.customer_id = ${customerId} and o.measured_at >= ${new Date(since).toISOString()}::timestamptz`,
    );
    const recorded = new Map(
      rows.map((row) => [`${row.epc}|${Math.round(Number(row.measured))}`, Number(row.recorded)]),
    );
    const answered: number[] = [];
    const started: number[] = [];
    for (const excursion of excursions) {
      const at = recorded.get(`${excursion.epc}|${excursion.time}`);
      if (at === undefined) continue;
      const batch = times[excursion.batch]!;
      answered.push(batch.answered - batch.sent);
      started.push(at - batch.sent);
    }
    answered.sort((a, b) => a - b);
    started.sort((a, b) => a - b);
    return { answered, started, alerts: rows.length };
  }
  const httpFigure = (times: SensorRunResult['times']) => {
    const latencies = times.map((t) => t.answered - t.sent).sort((a, b) => a - b);
    return `HTTP p50 ${ms(pct(latencies, 0.5))}, p95 ${ms(pct(latencies, 0.95))}, p99 ${ms(pct(latencies, 0.99))}`;
  };
  const rateOf = (times: SensorRunResult['times']) => {
    const first = Math.min(...times.map((t) => t.sent));
    const last = Math.max(...times.map((t) => t.answered));
    return (times.length * BATCH) / ((last - first) / 1000);
  };

  // Sustained: the readers send in turn, a batch every BATCH / RATE seconds (each reader every
  // READERS times that), at set times whatever the answers, as independent readers do.
  {
    const count = Math.round((SECONDS * RATE) / BATCH);
    const interval = (BATCH / RATE) * 1000;
    const start = Date.now() + 2_000;
    const { batches, excursions } = makeBatches(count, (i) => Math.round(start + i * interval), EXCURSIONS);
    const profile = await startProfile();
    const times = await runBatches(batches, true, 'sustained');
    await profile?.save('sensors sustained');
    const behind = times.map((t, i) => t.sent - batches[i]!.due).sort((a, b) => a - b);
    report(
      `sustained: ${RATE.toLocaleString('en')} measurements/s offered for ${SECONDS} s, ${READERS} readers, ` +
        `batches of ${BATCH}`,
      `${Math.round(rateOf(times)).toLocaleString('en')}/s achieved; ${httpFigure(times)}` +
        (pct(behind, 0.99) > 10 ? `; readers behind schedule p99 ${ms(pct(behind, 0.99))}` : ''),
    );
    const { answered, started, alerts } = await alertLatencies(excursions, times, start);
    report(
      `alert latency, sent → answered after the commit (${answered.length} of ${excursions.length} excursions alerted; ${alerts} alerts)`,
      answered.length ? `p50 ${ms(pct(answered, 0.5))}, p99 ${ms(pct(answered, 0.99))}` : 'no alerts',
    );
    report(
      'of which sent → the transaction’s start (observation_time)',
      started.length ? `p50 ${ms(pct(started, 0.5))}, p99 ${ms(pct(started, 0.99))}` : 'no alerts',
    );
  }

  // Capacity: the same kind of batches unpaced, each reader sending its next as one is answered.
  {
    const start = Date.now();
    const { batches, excursions } = makeBatches(CAPACITY_BATCHES, (i) => start + i, EXCURSIONS);
    const profile = await startProfile();
    const times = await runBatches(batches, false, 'capacity');
    await profile?.save('sensors capacity');
    const rate = rateOf(times);
    const { answered, alerts } = await alertLatencies(excursions, times, start);
    // Floor: the same rows written by insertMeasurements alone, one transaction per batch, on the
    // customer's connection, as many at once as readers; measured later, so after the run's values.
    const floorStart = Date.now();
    const rows = batches.map((batch) =>
      (JSON.parse(batch.body) as { measurements: { epc: string; value: number; time: string }[] }).measurements.map(
        (m): NewMeasurement => {
          const sensor = sensorRows.get(m.epc)!;
          return {
            time: new Date(Date.parse(m.time) - start + floorStart),
            itemId: sensor.id,
            productId: sensor.product,
            locationUuid: sensor.location,
            typeUuid: TEMPERATURE,
            value: m.value,
            readerId: null,
          };
        },
      ),
    );
    const [, floorMs] = await timeIt(() =>
      Promise.all(
        Array.from({ length: READERS }, async (_, lane) => {
          for (let i = lane; i < rows.length; i += READERS) {
            await tenant.transaction((scope) => insertMeasurements(scope, rows[i]!));
          }
        }),
      ),
    );
    const floorRate = (rows.length * BATCH) / (floorMs / 1000);
    report(
      `capacity: unpaced, ${READERS} readers, ${(CAPACITY_BATCHES * BATCH).toLocaleString('en')} measurements ` +
        `(${answered.length} of ${excursions.length} excursions alerted; ${alerts} alerts)`,
      `${Math.round(rate).toLocaleString('en')} measurements/s; ${httpFigure(times)}`,
      `${Math.round(floorRate).toLocaleString('en')} rows/s`,
      `${((rate / floorRate) * 100).toFixed(0)} % of floor`,
    );
  }

  // The dashboard's 24-hour chart of one sensor (17,280 values every 5 s, through insertMeasurements):
  // GET /sensor-data/measurement/series/ over HTTP, beside its statement on measurement_minutes.
  {
    const epc = benchEpc(1, SENSORS);
    const sensor = sensorRows.get(epc)!;
    const end = Date.now();
    const values: NewMeasurement[] = [];
    for (let t = end - DAY_MS + CHART_STEP_MS; t <= end; t += CHART_STEP_MS) {
      const hours = (t - end + DAY_MS) / 3_600_000;
      values.push({
        time: new Date(t),
        itemId: sensor.id,
        productId: sensor.product,
        locationUuid: sensor.location,
        typeUuid: TEMPERATURE,
        value: Math.round((5 + Math.sin(hours / 3) * 1.5) * 100) / 100,
        readerId: null,
      });
    }
    for (let i = 0; i < values.length; i += 1_440) {
      await tenant.transaction((scope) => insertMeasurements(scope, values.slice(i, i + 1_440)));
    }
    await exec(sql`vacuum (analyze) measurement_minutes`);
    const [{ minutes = 0 } = {}] = await sqlRows<{ minutes: number }>(
      db,
      sql`select count(*)::int as minutes from measurement_minutes
          where customer_id = ${customerId} and item_id = ${sensor.id}`,
    );
    const url = `${address}/sensor-data/measurement/series/?sensor=${epc}&range=24h`;
    const calls = 50;
    const times: number[] = [];
    let points = 0;
    let missing = '';
    for (let i = -1; i < calls && !missing; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: auth });
      const text = await res.text();
      if (i >= 0) times.push(performance.now() - t0);
      if (res.status === 404) missing = text;
      else if (!res.ok) throw new Error(`series: HTTP ${res.status} ${text}`);
      else points = (JSON.parse(text) as { points: unknown[] }).points.length;
    }
    // Its statement alone: one sensor's minutes over the last 24 h through the primary key.
    const statement = () => {
      const now = new Date();
      return sql`select minute, samples, total, low, high from measurement_minutes
        where customer_id = ${customerId} and item_id = ${sensor.id} and type_uuid = ${TEMPERATURE}
          and minute >= date_trunc('minute', ${new Date(now.getTime() - DAY_MS).toISOString()}::timestamptz)
          and minute <= ${now.toISOString()}::timestamptz
        order by minute`;
    };
    const floors: number[] = [];
    for (let i = -1; i < calls; i++) {
      const [, took] = await timeIt(() => tenant.db.execute(statement()));
      if (i >= 0) floors.push(took);
    }
    if (process.env.BENCH_EXPLAIN) {
      const plan = await sqlRows<{ 'QUERY PLAN': string }>(tenant.db, sql`explain analyze ${statement()}`);
      process.stdout.write(`${plan.map((line) => line['QUERY PLAN']).join('\n')}\n\n`);
    }
    times.sort((a, b) => a - b);
    floors.sort((a, b) => a - b);
    const floor = `p50 ${ms(pct(floors, 0.5))}, p95 ${ms(pct(floors, 0.95))}`;
    if (missing) {
      process.stdout.write(`  GET /sensor-data/measurement/series/: 404 ${missing.slice(0, 200)}\n`);
      report(`dashboard 24 h chart of one sensor (${minutes} minutes): not available over HTTP`, '', floor, '');
    } else {
      report(
        `dashboard 24 h chart of one sensor, GET /sensor-data/measurement/series/ (${points.toLocaleString('en')} points)`,
        `p50 ${ms(pct(times, 0.5))}, p95 ${ms(pct(times, 0.95))}`,
        floor,
        `×${(pct(times, 0.95) / Math.max(0.01, pct(floors, 0.95))).toFixed(1)}`,
      );
    }
  }
  await devices.close();

  const loadAtEnd = os.loadavg();
  report(
    'machine load average (1, 5, 15 min) at start; at end',
    `${loadAtStart.map((l) => l.toFixed(2)).join(', ')}; ${loadAtEnd.map((l) => l.toFixed(2)).join(', ')}`,
  );
  figures.print();
  return figures.rows;
}
