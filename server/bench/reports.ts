// Reports scenario of the bench (npm run bench, BENCH_SCENARIO=reports): a customer with
// BENCH_ITEMS items (1,000,000 by default) over a site of 10 buildings × 10 zones, 1,000 products
// of a category with item attributes (Colour, a dropdown; Weight, a number). It measures over real
// HTTP: an item report filtered by location, status, product and an attribute, ordered by two
// fields (page 1 and its count); the same kind of report with about 100,000 rows (page 1, count
// and its CSV export); and a scheduled inventory report run over all items writing its CSV.
// Beside each figure, the database's own floor measured in the same run: the compiled statement
// run directly through the customer's connection. It reports; it asserts nothing.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { pageWindow, ReportQuerySchema } from '@tagtrack/contract';
import type { Database } from '../src/db/client.js';
import { categories, categoryFields, locations, products } from '../src/db/schema/index.js';
import { sqlRows } from '../src/db/sql-rows.js';
import { TenantScope } from '../src/db/tenant.js';
import {
  reportCount,
  reportCountStatement,
  reportPage,
  reportPageStatement,
} from '../src/modules/reports/report-query.repository.js';
import { compiledReport, reportExport, requireReport } from '../src/modules/reports/report-results.service.js';
import { runReportJob } from '../src/modules/reports/report-runs.service.js';
import { LocalDiskStorage } from '../src/lib/storage/file-storage.js';
import { figureTable, ms, pct, timeIt } from './figures.js';

const PRODUCTS = 1_000;
const BUILDINGS = 10;
const ZONES = 10;
const COLOURS = ['Red', 'Green', 'Blue', 'Black', 'White', 'Grey', 'Yellow', 'Orange'];

export async function benchReports(
  app: FastifyInstance,
  database: Database,
  customerId: number,
  auth: Record<string, string>,
  itemCount: number,
) {
  const figures = figureTable();
  const report = figures.report;
  const db = database.privileged;
  const tenant = new TenantScope(database, customerId);
  const owner = new TenantScope({ forCustomer: () => db }, customerId);
  process.stdout.write(`\nreports scenario: ${itemCount.toLocaleString('en')} items, ${database.kind}\n`);

  // The world: a site of 10 buildings of 10 zones; a category with two item attributes and one
  // product attribute; 1,000 products of it. Item n: product n % 1,000, zone ⌊n / 1,000⌋ % 100,
  // colour ⌊n / 7⌋ % 8, status ⌊n / 3⌋ % 20 (0 out, 1 lost, else in), so the filters are
  // independent of each other; created over the last year, last update over the last 30 days.
  const [site] = await owner.insert(locations, { name: 'Report site', metadata: {} }).returning();
  const buildings = await owner
    .insertMany(
      locations,
      Array.from({ length: BUILDINGS }, (_, b) => ({ name: `Building ${b}`, parentUuid: site!.uuid, metadata: {} })),
    )
    .returning();
  const zones = (
    await owner
      .insertMany(
        locations,
        buildings.flatMap((building, b) =>
          Array.from({ length: ZONES }, (_, z) => ({
            name: `Zone ${b}.${String(z).padStart(2, '0')}`,
            parentUuid: building.uuid,
            metadata: {},
          })),
        ),
      )
      .returning()
  ).sort((a, b) => a.name.localeCompare(b.name));
  const [category] = await owner.insert(categories, { name: 'Report tools' }).returning();
  const field = async (position: number, name: string, type: string, assetData: boolean, options: string[] = []) => {
    const [row] = await owner
      .insert(categoryFields, {
        categoryId: category!.id,
        position,
        name,
        type: type as 'Text',
        required: false,
        fixedData: false,
        assetData,
        showInTable: false,
        options,
      })
      .returning();
    return row!.id;
  };
  const colour = await field(0, 'Colour', 'DropdownList', true, COLOURS);
  const weight = await field(1, 'Weight', 'Number', true);
  const maker = await field(2, 'Maker', 'Text', false);
  const productRows = await owner
    .insertMany(
      products,
      Array.from({ length: PRODUCTS }, (_, i) => ({
        sku: `R${String(i).padStart(4, '0')}`,
        name: `Report product ${i}`,
        productCode: `RP-${i}`,
        categoryId: category!.id,
        attributes: [{ datafield: maker, value: `Maker ${i % 10}`, name: '' }],
      })),
    )
    .returning({ id: products.id, sku: products.sku });
  const productIds = productRows.sort((a, b) => a.sku.localeCompare(b.sku)).map((p) => p.id);
  const zoneArray = `{${zones.map((z) => z.uuid).join(',')}}`;
  const productArray = `{${productIds.join(',')}}`;
  const colourArray = `{${COLOURS.join(',')}}`;
  const now = new Date();
  const seedStart = performance.now();
  for (let from = 0; from < itemCount; from += 100_000) {
    const to = Math.min(itemCount, from + 100_000) - 1;
    await db.execute(sql`
      insert into items (customer_id, code, product_id, name, status, location_uuid, attributes, created_at,
        latest_status_update, last_seen_at)
      select ${customerId}::bigint, 'RPT' || lpad(n::text, 9, '0'),
        (${productArray}::bigint[])[1 + n % ${PRODUCTS}::int], 'Item ' || n,
        case (n / 3) % 20 when 0 then 'out' when 1 then 'lost' else 'in' end,
        (${zoneArray}::uuid[])[1 + (n / ${PRODUCTS}::int) % ${BUILDINGS * ZONES}::int],
        jsonb_build_array(
          jsonb_build_object('datafield', ${colour}::bigint, 'name', '', 'value', (${colourArray}::text[])[1 + (n / 7) % 8]),
          jsonb_build_object('datafield', ${weight}::bigint, 'name', '', 'value', ((n % 997) / 10.0)::text)),
        ${now.toISOString()}::timestamptz - (n % 365) * interval '1 day' - (n % 1440) * interval '1 minute',
        ${now.toISOString()}::timestamptz - (n % 30) * interval '1 day' - (n % 1439) * interval '1 minute',
        ${now.toISOString()}::timestamptz - (n % 30) * interval '1 day'
      from generate_series(${from}::int, ${to}::int) n`);
  }
  for (const table of ['items', 'location_product_counts', 'products', 'locations', 'categories', 'category_fields']) {
    await db.execute(sql`analyze ${sql.identifier(table)}`);
  }
  report('seed items (SQL insert, triggers included)', `${((performance.now() - seedStart) / 1000).toFixed(1)} s`);

  // The tracking scenario may have started the server already.
  const bound = app.server.listening ? app.server.address() : null;
  const address =
    bound && typeof bound === 'object'
      ? `http://127.0.0.1:${bound.port}`
      : await app.listen({ port: 0, host: '127.0.0.1' });
  const call = async (method: string, url: string, body?: object) => {
    const res = await fetch(`${address}${url}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`);
    return res;
  };
  const fields = (keys: string[]) => keys.map((headerKey) => ({ header: headerKey, headerKey }));
  /** An item report of the scenario's kind: the given buildings, products and colours; in and lost. */
  async function itemReport(name: string, buildingCount: number, productCount: number, colourCount: number) {
    const res = await call('POST', '/report/realtime/', {
      report_type: 'asset',
      report_name: name,
      report_description: '',
      category: category!.id,
      report_json: {
        filters: {
          location: buildings.slice(0, buildingCount).map((b) => b.uuid),
          status: ['in', 'lost'],
          product: productIds.filter((_, i) => i % PRODUCTS < productCount),
        },
        attribute_filters: [{ id: colour, type: 'dropdown', operator: 'in', value: COLOURS.slice(0, colourCount) }],
        report_filter_option: [{ is_last_seen: false, is_created: false, is_asset_attribute: true }],
        fields: fields([
          'code',
          'location__name',
          'status',
          'product__sku',
          'product__name',
          'latest_status_update',
          `attribute_${colour}`,
          `attribute_${weight}`,
        ]),
        ordering: [
          { field: 'location__name', value: 'ascending' },
          { field: 'latest_status_update', value: 'descending' },
        ],
        time_zone: 'Europe/Berlin',
      },
    });
    return (await res.json()) as { id: number };
  }

  /** Page 1 (20 rows) and its count over HTTP, each beside the compiled statement run directly. */
  async function pageAndCount(label: string, id: number, calls = 30) {
    const row = await requireReport(tenant, 'asset', id);
    const compiled = await compiledReport(tenant, row);
    const window = pageWindow(ReportQuerySchema.parse({ page_size: '20' }));
    const times: number[] = [];
    let count = 0;
    for (let i = -1; i < calls; i++) {
      const [res, took] = await timeIt(() => call('GET', `/report/realtime/${id}/query/?page_size=20`));
      count = ((await res.json()) as { count: number }).count;
      if (i >= 0) times.push(took);
    }
    const pageFloors: number[] = [];
    const countFloors: number[] = [];
    for (let i = 0; i < calls; i++) {
      pageFloors.push((await timeIt(() => reportPage(tenant, compiled, window)))[1]);
      countFloors.push((await timeIt(() => reportCount(tenant, compiled)))[1]);
    }
    if (process.env.BENCH_EXPLAIN) {
      // BENCH_EXPLAIN=1: the plans of the page and its count, as the customer's connection runs them.
      for (const statement of [reportPageStatement(compiled, window), reportCountStatement(compiled)]) {
        const plan = await sqlRows<{ 'QUERY PLAN': string }>(tenant.db, sql`explain analyze ${statement}`);
        process.stdout.write(`${plan.map((line) => line['QUERY PLAN']).join('\n')}\n\n`);
      }
    }
    [times, pageFloors, countFloors].forEach((list) => list.sort((a, b) => a - b));
    report(
      `${label}: page 1 with its count (${count.toLocaleString('en')} rows)`,
      `p50 ${ms(pct(times, 0.5))}, p95 ${ms(pct(times, 0.95))}`,
      `page p95 ${ms(pct(pageFloors, 0.95))}, count p95 ${ms(pct(countFloors, 0.95))}`,
      `×${(pct(times, 0.95) / Math.max(pct(pageFloors, 0.95), pct(countFloors, 0.95))).toFixed(1)}`,
    );
    return { compiled, count };
  }

  const narrow = await itemReport('Bench narrow', 1, 100, 2);
  await pageAndCount('item report, 1 building, 100 products, 2 colours', narrow.id);
  const broad = await itemReport('Bench broad', 5, 420, 4);
  const { compiled: broadCompiled, count: broadCount } = await pageAndCount(
    'item report, 5 buildings, 420 products, 4 colours',
    broad.id,
  );

  // Its export, three times (the first in a process also compiles its code): the median.
  if (broadCount <= 100_000) {
    const runs: { first: number; total: number; bytes: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const t0 = performance.now();
      const res = await call('GET', `/report/realtime/${broad.id}/export`);
      const reader = res.body!.getReader();
      let first = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        if (!first) first = performance.now() - t0;
        bytes += value.byteLength;
      }
      runs.push({ first, total: performance.now() - t0, bytes });
    }
    const median = runs.sort((a, b) => a.total - b.total)[1]!;
    // Floors: the same rows read as the export reads them (keys, then chunks), without formatting
    // or HTTP; and the report's statement run once for all its rows.
    const [, floor] = await timeIt(async () => {
      for await (const chunk of (await reportExport(tenant, broadCompiled))!) void chunk;
    });
    const [, single] = await timeIt(() =>
      db.execute(sql`select ${broadCompiled.select} from ${broadCompiled.from} where ${broadCompiled.where}
        order by ${broadCompiled.orderBy}`),
    );
    report(
      `item report CSV export, ${broadCount.toLocaleString('en')} rows (median of 3)`,
      `first byte ${ms(median.first)}, total ${ms(median.total)}, ${(median.bytes / 1e6).toFixed(1)} MB`,
      `${ms(floor)} as the export reads, ${ms(single)} in one statement`,
      `×${(median.total / single).toFixed(1)}`,
    );
  } else {
    report('item report CSV export', `not measured: ${broadCount.toLocaleString('en')} rows is over the limit`);
  }

  // A scheduled inventory report over every item (Inventory Levels, no filters), run on demand.
  const start = new Date(Date.now() + 3_600_000);
  const inventory = (await (
    await call('POST', '/report/scheduled/', {
      report_type: 'inventory',
      report_name: 'Bench inventory',
      report_description: '',
      category: null,
      report_json: {
        filters: {},
        attribute_filters: [],
        fields: fields(['location__name', 'location__parent__name', 'product__sku', 'product__name', 'count']),
        ordering: [
          { field: 'location__name', value: 'ascending' },
          { field: 'product__sku', value: 'ascending' },
        ],
      },
      scheduled: {
        start: start.toISOString(),
        end: null,
        recurrence: { minute: '0', hour: '6', day_of_week: '1', day_of_month: '*', month_of_year: '*' },
      },
    })
  ).json()) as { id: number };
  const folder = await mkdtemp(path.join(os.tmpdir(), 'tagtrack-bench-files-'));
  try {
    const storage = new LocalDiskStorage(folder);
    const runs: { took: number; rows: number }[] = [];
    for (let run = 0; run < 3; run++) {
      const [outcome, took] = await timeIt(() =>
        runReportJob(database, storage, { customerId, reportId: inventory.id, occurrence: null }),
      );
      if (!outcome.ran || outcome.failed) throw new Error(`inventory run: ${JSON.stringify(outcome)}`);
      runs.push({ took, rows: outcome.run.rowCount ?? 0 });
    }
    const inventoryRow = await requireReport(tenant, 'inventory', inventory.id);
    const inventoryCompiled = await compiledReport(tenant, inventoryRow);
    const [, floor] = await timeIt(() =>
      db.execute(sql`select ${inventoryCompiled.select} from ${inventoryCompiled.from}
        where ${inventoryCompiled.where} order by ${inventoryCompiled.orderBy}`),
    );
    const median = runs.sort((a, b) => a.took - b.took)[1]!;
    const [{ runs: written = 0 } = {}] = await sqlRows<{ runs: number }>(
      db,
      sql`select count(*)::int as runs from report_runs where report_id = ${inventory.id}`,
    );
    report(
      `scheduled inventory run over all items, CSV written (median of 3; ${written} runs)`,
      `${ms(median.took)}`,
      ms(floor),
      `×${(median.took / floor).toFixed(1)}`,
    );
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  figures.print();
  return figures.rows;
}
