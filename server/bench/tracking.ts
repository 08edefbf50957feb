// Tracking scenario of the bench (npm run bench): a customer with BENCH_ITEMS items (1,000,000 by
// default) over 50 locations, one fixed reader per location. It measures, end to end over real
// HTTP: read ingest in batches of 500 (95 % repeat sightings, then every read a move) with the
// acknowledgement latency; the item list (default sort, each filter, search, page 1 and page
// 5,000); the count endpoints; and a 100,000-row CSV export. Beside each figure, the database's own
// floor measured in the same run: the same rows written or the same SELECT run directly, so the
// ratio shows the cost of everything above the database. It reports; it asserts nothing.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client.js';
import { encodings, locations, products } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { LAST_SEEN_GRAIN_SECONDS } from '../src/modules/tracking/read-plan.js';
import { figureTable, ms, pct, timeIt } from './figures.js';
import { startProfile } from './profile.js';
import { BATCH, benchEpc, FIELD, LOCATIONS, OUT_EVERY, ReadModel } from './tracking-reads.js';
import { benchConfiguration, benchReader } from './bench-readers.js';
import { benchContention } from './tracking-contention.js';
import { startDevices, startMqtt } from './tracking-transports.js';

const PRODUCTS = 1_000;
const INGEST_BATCHES = Number(process.env.BENCH_INGEST_BATCHES ?? 200);
/** Batches sent before each transport's measures, unmeasured. */
const WARM_UP_BATCHES = 100;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 4);
/** Reads a second the readers offer in the open-loop run (HTTP, 95 % repeats); unset: no such run. */
const OFFERED = Number(process.env.BENCH_OFFERED ?? 0);

const figures = figureTable();
const report = figures.report;

export async function benchTracking(
  app: FastifyInstance,
  database: Database,
  customerId: number,
  auth: Record<string, string>,
  itemCount: number,
  jwtSecret: string,
) {
  // A batch of repeat sightings takes 500 different items of one location, after the runs before moved many away.
  if (itemCount < LOCATIONS * BATCH * 4) throw new Error(`BENCH_ITEMS must be at least ${LOCATIONS * BATCH * 4}`);
  const db = database.privileged;
  const tenant = new TenantScope(db, customerId);
  const exec = (query: ReturnType<typeof sql>) => db.execute(query);
  process.stdout.write(`\ntracking scenario: ${itemCount.toLocaleString('en')} items, ${database.kind}\n`);

  // The world: 50 locations, 1,000 NID32 products, the items spread evenly (item n at location n % 50),
  // each just seen there: the steady state of readers that see their items all the time, where a
  // repeat sighting within a minute writes nothing.
  const [site] = await tenant.insert(locations, { name: 'Bench site', metadata: {} }).returning();
  const zones = await tenant
    .insertMany(
      locations,
      Array.from({ length: LOCATIONS }, (_, i) => ({ name: `Bench zone ${i}`, parentUuid: site!.uuid, metadata: {} })),
    )
    .returning();
  const [nid32] = await db
    .select({ id: encodings.id })
    .from(encodings)
    .where(tenant.where(encodings, eq(encodings.method, 'NID32')));
  await tenant.insertMany(
    products,
    Array.from({ length: PRODUCTS }, (_, i) => ({
      sku: String(i + 1),
      name: `Bench product ${i + 1}`,
      productCode: `BP-${i + 1}`,
      encodingId: nid32!.id,
    })),
  );
  const zoneArray = `{${zones.map((z) => z.uuid).join(',')}}`;
  // Every item is seen at one instant, where the reads' clock starts, however long the seed takes
  // (over a minute at a million items on a busy machine).
  const seenAt = new Date();
  const seedStart = performance.now();
  for (let from = 0; from < itemCount; from += 100_000) {
    const to = Math.min(itemCount, from + 100_000) - 1;
    await exec(sql`
      insert into items (customer_id, code, product_id, name, status, location_uuid, latest_status_update, last_seen_at)
      select ${customerId}::bigint,
        upper('8' || lpad(to_hex(1 + n % ${PRODUCTS}::int), 8, '0') || lpad(to_hex(n), 15, '0')),
        p.id, 'Item ' || n, case when n % ${OUT_EVERY}::int = 0 then 'out' else 'in' end,
        (${zoneArray}::uuid[])[1 + n % ${LOCATIONS}::int], ${seenAt.toISOString()}::timestamptz - interval '1 day',
        ${seenAt.toISOString()}::timestamptz
      from generate_series(${from}::int, ${to}::int) n
      join products p on p.customer_id = ${customerId} and p.sku = (1 + n % ${PRODUCTS}::int)::text`);
  }
  // The reads' clock starts where the seed left the items just seen, and ticks a millisecond per
  // batch: repeat sightings stay within last_seen_at's grain, as with readers that read all the time.
  let clock = seenAt.getTime() + 1;
  // Statistics as autovacuum keeps them on a production PostgreSQL (this machine runs without
  // it): the products and locations too, or the planner takes the 1,000 products for two rows.
  for (const table of ['items', 'location_product_counts', 'location_status_counts', 'products', 'locations']) {
    await exec(sql`analyze ${sql.identifier(table)}`);
  }
  report(
    'seed items (SQL insert, counts and search triggers included)',
    `${((performance.now() - seedStart) / 1000).toFixed(1)} s`,
  );

  // One fixed reader per location, created, configured and signed in through the API.
  const tokens: string[] = [];
  const serials: string[] = [];
  for (const [i, zone] of zones.entries()) {
    const configurationId = await benchConfiguration(tenant, `Bench configuration ${i}`, zone.uuid);
    const reader = await benchReader(app, auth, {
      serial: `BENCH-${customerId}-${i}`,
      name: `Bench reader ${i}`,
      configurationId,
    });
    tokens.push(reader.token);
    serials.push(reader.serial);
  }

  process.stdout.write(`  ${LOCATIONS} readers signed in\n`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const epcOf = (n: number) => benchEpc(1 + (n % PRODUCTS), n);
  const model = new ReadModel(itemCount, epcOf);

  // The readers run in a worker thread: their load is not run on the server's event loop.
  const devices = startDevices({
    address,
    readers: serials.map((serial, reader) => ({ serial, token: tokens[reader]! })),
  });

  /**
   * One ingest run, made by the readers' worker: closed loop by default, CONCURRENCY batches in
   * flight; with offered (reads a second), open loop (reader-devices.ts, run). A warm-up run
   * sends WARM_UP_BATCHES (or once round the readers' fields) and reports nothing. With
   * `sightings`, the reads' clock moves past last_seen_at's grain before each batch, so every
   * repeat is due its sighting write (as each item in a reader's field is once a minute).
   */
  async function ingest(
    transport: string,
    send: 'http' | 'mqtt',
    label: string,
    repeatShare: number,
    { offered = 0, warmUp = false, reRead = false, sightings = false } = {},
  ) {
    // A re-read warm-up takes the readers' fields and goes once round each.
    if (reRead && warmUp) model.takeFields();
    const warmUpBatches = reRead ? LOCATIONS * Math.ceil(FIELD / (BATCH * repeatShare)) : WARM_UP_BATCHES;
    const batches = Array.from({ length: warmUp ? warmUpBatches : INGEST_BATCHES }, (_, i) => {
      const reader = i % LOCATIONS;
      return {
        reader,
        body: JSON.stringify({
          batch_id: randomUUID(),
          reads: model.batch(
            reader,
            repeatShare,
            (clock += sightings ? LAST_SEEN_GRAIN_SECONDS * 1000 + 1 : 1),
            reRead,
          ),
        }),
      };
    });
    // The readers' worker makes the whole run and answers once (reader-devices.ts, run).
    const profile = warmUp ? null : await startProfile();
    const { moved, latencies, seconds, failed, firstFailure } = await devices.run(send, batches, CONCURRENCY, offered);
    if (failed > 0) throw new Error(`ingest ${transport} ${label}: ${failed} batches refused, first: ${firstFailure}`);
    if (warmUp) return;

    await profile?.save(`ingest ${transport} ${label}`);
    latencies.sort((a, b) => a - b);
    const reads = INGEST_BATCHES * BATCH;
    // Floor: the same rows written by the database alone, one multi-row statement per batch.
    await exec(sql`create temporary table if not exists bench_reads (epc text, location uuid, at timestamptz)`);
    const [, floorMs] = await timeIt(async () => {
      for (const batch of batches) {
        const parsed = JSON.parse(batch.body) as { reads: { epc: string; time: string }[] };
        await exec(sql`insert into bench_reads select * from unnest(
          ${sql.param(parsed.reads.map((r) => r.epc))}::text[],
          ${sql.param(parsed.reads.map(() => zones[batch.reader]!.uuid))}::uuid[],
          ${sql.param(parsed.reads.map((r) => r.time))}::timestamptz[])`);
      }
    });
    const rate = reads / seconds;
    const floorRate = reads / (floorMs / 1000);
    report(
      `ingest ${transport}, ${label} (${reads.toLocaleString('en')} reads, ${moved.toLocaleString('en')} moves)`,
      `${Math.round(rate).toLocaleString('en')} reads/s`,
      `${Math.round(floorRate).toLocaleString('en')} rows/s`,
      `${((rate / floorRate) * 100).toFixed(0)} % of floor`,
    );
    report(`ack latency ${transport}, ${label}`, `p50 ${ms(pct(latencies, 0.5))}, p99 ${ms(pct(latencies, 0.99))}`);
  }
  // Settled before the ingest measures and again before the reading ones: the tables written
  // vacuumed and analysed (autovacuum would do it during the measures otherwise, or never where
  // it is off), the writes checkpointed (else the checkpoint they call for runs during the next
  // measure), and the items and their code index read once, as a server that runs all day has them.
  async function settle() {
    for (const table of ['items', 'item_search', 'item_history', 'location_product_counts', 'location_count_changes']) {
      await exec(sql`vacuum (analyze) ${sql.identifier(table)}`);
    }
    await exec(sql`checkpoint`);
    await exec(sql`select count(*) from items where customer_id = ${customerId} and code > ''`);
    await exec(sql`select count(*) from items where customer_id = ${customerId} and name is not null`);
  }
  await settle();
  // The ingest path warmed up too (its code compiled, the pool's connections open), as in a
  // server that runs all day: the first batches of a fresh process take several times longer.
  await ingest('HTTP', 'http', 'warm-up', 0.95, { warmUp: true });
  await ingest('HTTP', 'http', '95 % repeats', 0.95);
  await ingest('HTTP', 'http', 'warm-up', 0.95, { warmUp: true, reRead: true });
  await ingest('HTTP', 'http', '95 % repeats re-read', 0.95, { reRead: true });
  await ingest('HTTP', 'http', 'every read a move', 0);
  if (OFFERED > 0) {
    await ingest('HTTP', 'http', `95 % repeats, ${OFFERED.toLocaleString('en')} reads/s offered`, 0.95, {
      offered: OFFERED,
    });
  }

  // The same through MQTT: BENCH_MQTT_URL's broker (e.g. Mosquitto), else the embedded one.
  const mqttRun = await startMqtt(database, jwtSecret, app.caches);
  try {
    await devices.connectMqtt(mqttRun.url, serials.map(mqttRun.readsTopic), serials.map(mqttRun.acksTopic));
    await ingest('MQTT', 'mqtt', 'warm-up', 0.95, { warmUp: true });
    await ingest(`MQTT (${mqttRun.broker})`, 'mqtt', '95 % repeats', 0.95);
    await ingest('MQTT', 'mqtt', 'warm-up', 0.95, { warmUp: true, reRead: true });
    await ingest(`MQTT (${mqttRun.broker})`, 'mqtt', '95 % repeats re-read', 0.95, { reRead: true });
    await ingest(`MQTT (${mqttRun.broker})`, 'mqtt', 'every read a move', 0);
    // Last: its reads' clock leaves every item's sighting more than a grain behind, so any run
    // after it would write a sighting for each repeat too.
    await ingest('HTTP', 'http', '95 % repeats, each a sighting write', 0.95, { sightings: true });
  } finally {
    await devices.close();
    await mqttRun.close();
  }
  // Goods-in traffic: senders moving items both ways between one dock and one zone at once.
  clock = await benchContention({ app, tenant, auth, address, firstSerial: 1, clock }, (label, figure) =>
    report(label, figure),
  );
  await settle();

  async function list(
    label: string,
    url: string,
    floorQuery: ReturnType<typeof sql>,
    calls = 30,
    beforeEach?: () => Promise<unknown>,
  ) {
    const times: number[] = [];
    // One call more than measured, the first: in a fresh process it also compiles the path's code.
    for (let i = -1; i < calls; i++) {
      await beforeEach?.();
      const t0 = performance.now();
      const res = await fetch(`${address}${url}`, { headers: auth });
      await res.arrayBuffer();
      if (i >= 0) times.push(performance.now() - t0);
      if (res.status === 404) {
        report(label, 'not available');
        return;
      }
      if (!res.ok) throw new Error(`${label}: HTTP ${res.status}`);
    }
    const floors: number[] = [];
    for (let i = 0; i < calls; i++) floors.push((await timeIt(() => exec(floorQuery)))[1]);
    times.sort((a, b) => a - b);
    floors.sort((a, b) => a - b);
    report(
      label,
      `p50 ${ms(pct(times, 0.5))}, p95 ${ms(pct(times, 0.95))}`,
      `p95 ${ms(pct(floors, 0.95))}`,
      `×${(pct(times, 0.95) / Math.max(0.01, pct(floors, 0.95))).toFixed(1)}`,
    );
  }
  const c = customerId;
  const page = (offset: number, where = sql``) => sql`
    select i.id, i.code, i.status, i.location_uuid, i.latest_status_update, p.sku, p.name
    from items i join products p on p.customer_id = i.customer_id and p.id = i.product_id
    where i.customer_id = ${c} and not i.removed ${where}
    order by i.latest_status_update desc, i.id desc limit 20 offset ${offset}`;
  const countOf = (where = sql``) =>
    sql`select count(*) from items i where i.customer_id = ${c} and not i.removed ${where}`;
  const zone = zones[3]!.uuid;
  await list('item list, default sort, page 1', '/tag-data/tag/?page_size=20', page(0));
  await list('item list, default sort, page 5,000', '/tag-data/tag/?page_size=20&page=5000', page(99_980));
  await list('item list, status=lost', '/tag-data/tag/?page_size=20&status=lost', page(0, sql`and i.status = 'lost'`));
  await list('item list, status=out', '/tag-data/tag/?page_size=20&status=out', page(0, sql`and i.status = 'out'`));
  await list(
    `item list, one location`,
    `/tag-data/tag/?page_size=20&location=${zone}`,
    page(0, sql`and i.location_uuid = ${zone}`),
  );
  await list(
    'item list, one product',
    '/tag-data/tag/?page_size=20&product=17',
    page(0, sql`and i.product_id = (select id from products where customer_id = ${c} and sku = '17')`),
  );
  await list(
    'item list, search (EPC part)',
    '/tag-data/tag/?page_size=20&search=00000000001E',
    page(0, sql`and i.code like '%00000000001E%'`),
  );
  await list('item count (floor: count(*))', '/tag-data/tag/?page_size=1', countOf());
  // The location tree (every screen's location picker), with items and products over each subtree.
  const treeFloor = sql`select location_uuid, sum(count), array_agg(product_id) from location_product_counts
      where customer_id = ${c} and count > 0 group by 1`;
  await list('location tree with counts', '/configuration/location/', treeFloor);
  // The same after a product arrived at or left a location each time (the tally the settle raises
  // when a product row crosses 0, raised here directly): the products are counted again.
  await list('location tree with counts, after a product change', '/configuration/location/', treeFloor, 30, () =>
    exec(sql`update location_status_counts set product_changes = product_changes + 1 where customer_id = ${c}`),
  );

  const countsFloor = sql`select location_uuid, product_id, sum(count) from location_product_counts
    where customer_id = ${c} and status = 'in' group by 1, 2 order by 3 desc limit 20`;
  await list(
    'count: productcount of a location',
    `/tag-data/v2/location/productcount/${zone}/?page_size=20`,
    countsFloor,
  );
  await list(
    'count: itemcount (type=current)',
    '/tag-data/location/itemcount/?type=current&page_size=20&count_min=1',
    countsFloor,
  );
  await list(
    'count: fullcount per product',
    '/tag-data/product/fullcount/serialized/?inventory=true&page_size=20',
    countsFloor,
  );
  await list(
    'count: inventorycount per location',
    '/tag-data/v2/location/inventorycount/?exclude_product=Unassigned',
    countsFloor,
  );

  // A 100,000-row export, three times (the first in a process also compiles its code): the median
  // run's time to first byte and total, and the largest growth of the server's memory in a run.
  const used = () => process.memoryUsage().rss;
  let peak = 0;
  let growth = 0;
  const sampler = setInterval(() => (peak = Math.max(peak, used())), 10);
  const exports: { first: number; total: number; bytes: number }[] = [];
  let failed = 0;
  for (let run = 0; run < 3; run++) {
    const before = (peak = used());
    const t0 = performance.now();
    const res = await fetch(`${address}/tag-data/tag/export/csv/`, { headers: auth });
    if (!res.ok || !res.body) {
      failed = res.status;
      break;
    }
    const reader = res.body.getReader();
    let first = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (!first) first = performance.now() - t0;
      bytes += value.byteLength;
    }
    exports.push({ first, total: performance.now() - t0, bytes });
    growth = Math.max(growth, peak - before);
  }
  clearInterval(sampler);
  if (failed) {
    report('CSV export, 100,000 rows', failed === 404 ? 'not available' : `HTTP ${failed}`);
  } else {
    const median = exports.sort((a, b) => a.total - b.total)[1]!;
    const [, floorMs] = await timeIt(() =>
      exec(sql`
        select i.code, i.name, p.sku, p.name, i.status, i.location_uuid, i.latest_status_update
        from items i join products p on p.customer_id = i.customer_id and p.id = i.product_id
        where i.customer_id = ${c} and not i.removed order by i.latest_status_update desc, i.id desc limit 100000`),
    );
    report(
      'CSV export, 100,000 rows (median of 3)',
      `first byte ${ms(median.first)}, total ${ms(median.total)}, ${(median.bytes / 1e6).toFixed(1)} MB, RSS peak +${(growth / 1e6).toFixed(0)} MB`,
      ms(floorMs),
      `×${(median.total / floorMs).toFixed(1)}`,
    );
  }

  figures.print();
  return figures.rows;
}
