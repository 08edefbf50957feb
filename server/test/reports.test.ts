// Reports (03 §2, §3, §5, §7): item reports run on demand, scheduled inventory reports, through HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InventoryReport, ItemReport, Location, Paged, ReportRun } from '@tagtrack/contract';
import { items, products } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { makeCategory, specialLocation, tenantOf } from './catalogue-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
let operator: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;
let customerId: number;
let site: Location;
let shelf: Location;
let dock: Location;
let tools: Awaited<ReturnType<typeof makeCategory>>;
let drill: number;
let saw: number;
let plain: number;

const REALTIME = '/report/realtime/';
const SCHEDULED = '/report/scheduled/';
const code = { header: 'EPC', headerKey: 'code' };

async function location(name: string, parent: string | null = null): Promise<Location> {
  const res = await t.call({
    method: 'POST',
    url: '/configuration/location/',
    token: admin.token,
    payload: { name, parent },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Location>();
}

async function product(
  sku: string,
  name: string,
  category: number | null,
  attributes: { datafield: number; value: string }[] = [],
) {
  const [row] = await tenantOf(t, customerId)
    .insert(products, { sku, name, categoryId: category, attributes: attributes.map((a) => ({ ...a, name: '' })) })
    .returning({ id: products.id });
  return row!.id;
}

interface ItemSetUp {
  code: string;
  product: number;
  location: string;
  status?: 'in' | 'out' | 'lost';
  name?: string;
  attributes?: { datafield: number; value: string }[];
  created?: string;
  updated?: string;
  removed?: boolean;
}
async function item(set: ItemSetUp) {
  await tenantOf(t, customerId).insert(items, {
    code: set.code,
    productId: set.product,
    locationUuid: set.location,
    status: set.status ?? 'in',
    name: set.name ?? '',
    attributes: (set.attributes ?? []).map((a) => ({ ...a, name: '' })),
    removed: set.removed ?? false,
    ...(set.created ? { createdAt: new Date(set.created) } : {}),
    ...(set.updated ? { latestStatusUpdate: new Date(set.updated) } : {}),
  });
}

const post = (url: string, payload: object, token = admin.token) => t.call({ method: 'POST', url, token, payload });
async function itemReport(json: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<ItemReport> {
  const res = await post(REALTIME, {
    report_name: `Report ${Math.random()}`,
    report_json: { fields: [code], ...json },
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ItemReport>();
}
async function results(id: number, query = '', token = admin.token) {
  const res = await t.call({ method: 'GET', url: `${REALTIME}${id}/query/${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<Record<string, string | number | null>>>();
}
const codes = async (id: number) => (await results(id, '?page_size=100')).results.map((r) => r.code);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  operator = await signedIn(t, 'operator', admin.customerName);
  outsider = await signedIn(t, 'administrator');
  customerId = admin.user.customerId;
  site = await location('Site');
  shelf = await location('Shelf', site.uuid);
  dock = await location('Dock');
  tools = await makeCategory(t, customerId, {
    name: 'Tools',
    fields: [
      { name: 'Colour', type: 'DropdownList', asset_data: true, options: ['Red', 'Blue'] },
      { name: 'Weight', type: 'Number', asset_data: true },
      { name: 'Serviced', type: 'DateTime', asset_data: true },
      { name: 'Maker', type: 'Text', asset_data: false },
    ],
  });
  const [colour, weight, serviced, maker] = tools.fields.map((f) => f.id) as [number, number, number, number];
  drill = await product('DRILL', 'Drill', tools.id, [{ datafield: maker, value: 'Bosch' }]);
  saw = await product('SAW', 'Saw', tools.id, [{ datafield: maker, value: 'Makita' }]);
  plain = await product('PLAIN', 'Plain thing', null);
  await item({
    code: 'A1',
    product: drill,
    location: shelf.uuid,
    name: 'Drill one',
    attributes: [
      { datafield: colour, value: 'Red' },
      { datafield: weight, value: '2.5' },
      { datafield: serviced, value: '2026-03-01T10:00:00' },
    ],
    created: '2026-01-10T08:00:00Z',
    updated: '2026-11-20T09:30:00Z',
  });
  await item({
    code: 'A2',
    product: drill,
    location: site.uuid,
    attributes: [
      { datafield: colour, value: 'Blue' },
      { datafield: weight, value: '10' },
    ],
    created: '2026-02-10T08:00:00Z',
    updated: '2026-11-24T23:30:00Z',
  });
  await item({
    code: 'A3',
    product: saw,
    location: dock.uuid,
    status: 'lost',
    attributes: [{ datafield: weight, value: '0.0000000001' }],
    created: '2026-03-10T08:00:00Z',
    updated: '2026-11-25T10:00:00Z',
  });
  await item({
    code: 'A4',
    product: saw,
    location: shelf.uuid,
    status: 'out',
    created: '2026-04-10T08:00:00Z',
    updated: '2026-11-01T10:00:00Z',
  });
  await item({ code: 'A5', product: plain, location: dock.uuid, created: '2026-05-10T08:00:00Z' });
  await item({ code: 'A6', product: plain, location: await specialLocation(t, customerId, 'removed'), removed: true });
  // Another customer's item with the same code pattern: never in this customer's reports.
  const otherTenant = tenantOf(t, outsider.user.customerId);
  const [otherProduct] = await otherTenant
    .insert(products, { sku: 'DRILL', name: 'Drill' })
    .returning({ id: products.id });
  const [otherRoot] = await t
    .call({ method: 'GET', url: '/configuration/location/', token: outsider.token })
    .then((r) => r.json<Location[]>());
  await otherTenant.insert(items, { code: 'A9', productId: otherProduct!.id, locationUuid: otherRoot!.uuid });
});
afterAll(() => t.close());

describe('item reports: saving', () => {
  it('saves the spec’s body and answers it, for administrators and operators; viewers may only read', async () => {
    const body = {
      report_name: 'Lost this week',
      report_description: 'Items lost since Monday',
      category: null,
      report_json: {
        filters: { status: ['lost'], latest_status_update: { type: 'dynamic', operator: 'thisWeek' } },
        attribute_filters: [],
        report_filter_option: [{ is_last_seen: true, is_created: false, is_asset_attribute: false }],
        fields: [code, { header: 'Location', headerKey: 'location__name' }],
        ordering: [{ field: 'code', value: 'descending' }],
        time_zone: 'Europe/Berlin',
      },
    };
    const res = await post(REALTIME, body, operator.token);
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<ItemReport>();
    expect(saved).toMatchObject({ ...body, report_type: 'asset' });
    expect((await t.call({ method: 'GET', url: `${REALTIME}${saved.id}/`, token: viewer.token })).json()).toEqual(
      saved,
    );
    const list = await t.call({ method: 'GET', url: `/report/realtime?search=since+monday`, token: viewer.token });
    expect(list.json<Paged<ItemReport>>().results.map((r) => r.id)).toEqual([saved.id]);

    expect((await post(REALTIME, { ...body, report_name: 'Viewer' }, viewer.token)).statusCode).toBe(403);
    const patch = await t.call({
      method: 'PATCH',
      url: `${REALTIME}${saved.id}/`,
      token: viewer.token,
      payload: { report_description: 'x' },
    });
    expect(patch.statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `${REALTIME}${saved.id}/`, token: viewer.token })).statusCode).toBe(
      403,
    );

    const renamed = await t.call({
      method: 'PATCH',
      url: `${REALTIME}${saved.id}`,
      token: operator.token,
      payload: { report_description: 'Changed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<ItemReport>()).toMatchObject({ report_name: 'Lost this week', report_description: 'Changed' });
  });

  it('refuses a name the customer already uses, whatever its case and kind, with the report_name message', async () => {
    await itemReport({}, { report_name: 'Stock by location' });
    const res = await post(REALTIME, { report_name: 'STOCK BY LOCATION', report_json: { fields: [code] } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: 'ValidationError',
      detail: { report_name: ['A report with this name already exists.'] },
      codes: { report_name: [{ code: 'reportNameTaken' }] },
    });
    // Another customer may use it.
    expect(
      (await post(REALTIME, { report_name: 'Stock by location', report_json: { fields: [code] } }, outsider.token))
        .statusCode,
    ).toBe(201);
  });

  it('refuses what the customer does not have: a category, its attributes at the other level, products, locations', async () => {
    const [colour, , , maker] = tools.fields;
    const res = await post(REALTIME, {
      report_name: 'Broken',
      category: tools.id,
      report_json: {
        fields: [code, { header: 'Maker', headerKey: `attribute_${maker!.id}` }],
        attribute_filters: [
          { id: maker!.id, name: 'Maker', type: 'text', operator: 'contains', value: 'B' },
          { id: colour!.id, name: 'Colour', type: 'text', operator: 'contains', value: 'R' },
        ],
        filters: { product: [drill, 999999], location: ['00000000-0000-4000-8000-000000000000'] },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ codes: Record<string, { code: string }[]> }>().codes).toEqual({
      'report_json.attribute_filters.0.id': [{ code: 'attributeWrongLevel' }],
      'report_json.attribute_filters.1.type': [{ code: 'invalidValue' }],
      'report_json.fields.1.headerKey': [{ code: 'unknownAttribute' }],
      'report_json.filters.product': [{ code: 'unknownProduct' }],
      'report_json.filters.location': [{ code: 'invalidLocation' }],
    });
    const unknownCategory = await post(REALTIME, {
      report_name: 'No such',
      category: 999999,
      report_json: { fields: [code] },
    });
    expect(unknownCategory.json<{ codes: unknown }>().codes).toEqual({ category: [{ code: 'unknownCategory' }] });
  });

  it('answers another customer’s report as not found', async () => {
    const mine = await itemReport({});
    for (const url of [`${REALTIME}${mine.id}/`, `${REALTIME}${mine.id}/query/`, `${REALTIME}${mine.id}/export`]) {
      expect((await t.call({ method: 'GET', url, token: outsider.token })).statusCode).toBe(404);
    }
    expect((await t.call({ method: 'DELETE', url: `${REALTIME}${mine.id}/`, token: outsider.token })).statusCode).toBe(
      404,
    );
    // Nor is a scheduled report reachable as an item report.
    expect((await t.call({ method: 'GET', url: `${SCHEDULED}${mine.id}/`, token: admin.token })).statusCode).toBe(404);
  });
});

describe('item reports: results', () => {
  it('lists the customer’s items in, never removed ones, ordered by code, with the chosen columns only', async () => {
    const report = await itemReport({
      fields: [
        code,
        { header: 'Product', headerKey: 'product__sku' },
        { header: 'Where', headerKey: 'location__name' },
      ],
    });
    const page = await results(report.id);
    expect(page).toEqual({
      count: 3,
      results: [
        { code: 'A1', product__sku: 'DRILL', location__name: 'Shelf' },
        { code: 'A2', product__sku: 'DRILL', location__name: 'Site' },
        { code: 'A5', product__sku: 'PLAIN', location__name: 'Dock' },
      ],
    });
    const second = await results(report.id, '?page=2&page_size=2');
    expect(second).toMatchObject({ count: 3, results: [{ code: 'A5' }] });
  });

  it('filters by a location with the locations below it, statuses, products and category (none: without one)', async () => {
    const everyStatus = ['in', 'out', 'lost'];
    expect(await codes((await itemReport({ filters: { location: [site.uuid], status: everyStatus } })).id)).toEqual([
      'A1',
      'A2',
      'A4',
    ]);
    expect(await codes((await itemReport({ filters: { status: ['lost', 'out'] } })).id)).toEqual(['A3', 'A4']);
    expect(await codes((await itemReport({ filters: { product: [saw], status: everyStatus } })).id)).toEqual([
      'A3',
      'A4',
    ]);
    expect(await codes((await itemReport({ filters: { status: everyStatus } }, { category: tools.id })).id)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
    ]);
    expect(await codes((await itemReport({ filters: { status: everyStatus } }, { category: 0 })).id)).toEqual(['A5']);
  });

  it('filters by dates, static or dynamic in the report’s time zone', async () => {
    const everyStatus = ['in', 'out', 'lost'];
    const between = { type: 'static', operator: 'between', start: '2026-02-01T00:00:00Z', end: '2026-04-01T00:00:00Z' };
    expect(await codes((await itemReport({ filters: { status: everyStatus, created: between } })).id)).toEqual([
      'A2',
      'A3',
    ]);
    const before = { type: 'static', operator: 'lt', start: '2026-02-01T00:00:00Z' };
    expect(await codes((await itemReport({ filters: { status: everyStatus, created: before } })).id)).toEqual(['A1']);
    // Last 100 years up to now: everything the test made.
    const last = { type: 'dynamic', operator: 'last', unit: 'year', value: 100 };
    expect(await codes((await itemReport({ filters: { status: everyStatus, created: last } })).id)).toEqual([
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
    ]);
  });

  it('filters on item attributes with the operators of their type, and shows and orders by them', async () => {
    const [colour, weight, serviced] = tools.fields as unknown as [{ id: number }, { id: number }, { id: number }];
    const run = async (filter: Record<string, unknown>, statuses = ['in', 'out', 'lost']) =>
      codes(
        (await itemReport({ filters: { status: statuses }, attribute_filters: [filter] }, { category: tools.id })).id,
      );
    expect(await run({ id: colour.id, name: 'Colour', type: 'dropdown', operator: 'in', value: ['Blue'] })).toEqual([
      'A2',
    ]);
    expect(await run({ id: weight.id, name: 'Weight', type: 'number', operator: 'gt', value: '3' })).toEqual(['A2']);
    expect(await run({ id: weight.id, name: 'Weight', type: 'number', operator: 'between', value: '1,2.5' })).toEqual([
      'A1',
    ]);
    // The placeholder of an unset number is no value: not equal to anything, so `ne` keeps it.
    expect(await run({ id: weight.id, name: 'Weight', type: 'number', operator: 'ne', value: '10' })).toEqual([
      'A1',
      'A3',
      'A4',
    ]);
    expect(
      await run({ id: serviced.id, name: 'Serviced', type: 'datetime', operator: 'lt', value: '2026-03-02T00:00:00Z' }),
    ).toEqual(['A1']);

    const shown = await itemReport(
      {
        filters: { status: ['in', 'out', 'lost'] },
        fields: [
          code,
          { header: 'Weight', headerKey: `attribute_${weight.id}` },
          { header: 'Serviced', headerKey: `attribute_${serviced.id}` },
        ],
        ordering: [{ field: `attribute_${weight.id}`, value: 'descending' }],
      },
      { category: tools.id },
    );
    expect((await results(shown.id)).results).toEqual([
      { code: 'A2', [`attribute_${weight.id}`]: '10', [`attribute_${serviced.id}`]: null },
      { code: 'A1', [`attribute_${weight.id}`]: '2.5', [`attribute_${serviced.id}`]: '2026-03-01 10:00' },
      { code: 'A3', [`attribute_${weight.id}`]: null, [`attribute_${serviced.id}`]: null },
      { code: 'A4', [`attribute_${weight.id}`]: null, [`attribute_${serviced.id}`]: null },
    ]);
  });

  it('shows dates as yyyy-MM-dd HH:mm in the report’s zone and orders by the given fields', async () => {
    const report = await itemReport({
      filters: { status: ['in', 'out', 'lost'] },
      fields: [code, { header: 'Seen', headerKey: 'latest_status_update' }, { header: 'Status', headerKey: 'status' }],
      ordering: [
        { field: 'status', value: 'ascending' },
        { field: 'latest_status_update', value: 'descending' },
      ],
      time_zone: 'Europe/Berlin',
    });
    expect((await results(report.id)).results).toEqual([
      // A5 was last updated when the test made it: now.
      { code: 'A5', latest_status_update: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/), status: 'in' },
      { code: 'A2', latest_status_update: '2026-11-25 00:30', status: 'in' },
      { code: 'A1', latest_status_update: '2026-11-20 10:30', status: 'in' },
      { code: 'A3', latest_status_update: '2026-11-25 11:00', status: 'lost' },
      { code: 'A4', latest_status_update: '2026-11-01 11:00', status: 'out' },
    ]);
  });

  it('exports the results as report-{name}-{timestamp}.csv with the column titles, cells safe for spreadsheets', async () => {
    await tenantOf(t, customerId).insert(items, {
      code: '=HYPERLINK',
      productId: plain,
      locationUuid: dock.uuid,
      name: '=cmd',
    });
    const report = await itemReport(
      { fields: [code, { header: 'Item name', headerKey: 'metadata__name' }], filters: { product: [plain] } },
      { report_name: 'Plain / things' },
    );
    const res = await t.call({ method: 'GET', url: `${REALTIME}${report.id}/export/`, token: viewer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toMatch(/filename="report-Plain _ things-\d{4}-\d{2}-\d{2}-\d{4}\.csv"/);
    expect(res.body).toBe("EPC,Item name\n'=HYPERLINK,'=cmd\nA5,\n");
  });
});

describe('report exports', () => {
  async function compiled(type: 'asset' | 'inventory', id: number) {
    const { compiledReport } = await import('../src/modules/reports/report-results.service.js');
    const { findReport } = await import('../src/modules/reports/reports.repository.js');
    const tenant = tenantOf(t, customerId);
    return compiledReport(tenant, (await findReport(tenant, type, id))!);
  }
  /** The report's rows as its pages answer them, and as its export writes them a few keys at a time. */
  async function pagesAndExport(type: 'asset' | 'inventory', id: number, chunkRows: number) {
    const { reportExport } = await import('../src/modules/reports/report-results.service.js');
    const { reportPage } = await import('../src/modules/reports/report-query.repository.js');
    const tenant = tenantOf(t, customerId);
    const report = await compiled(type, id);
    const pages = await reportPage(tenant, report, { offset: 0, limit: 1000 });
    const exported: unknown[][] = [];
    for await (const chunk of (await reportExport(tenant, report, 1000, chunkRows))!)
      exported.push(...chunk.map((r) => [...r]));
    return { pages: pages.map((row) => report.keys.map((key) => row[key] ?? '')), exported };
  }

  it('writes the rows in the report’s order, a chunk of keys per query, and refuses beyond the limit', async () => {
    const report = await itemReport({
      filters: { status: ['in', 'out', 'lost'] },
      fields: [code, { header: 'Status', headerKey: 'status' }, { header: 'Seen', headerKey: 'latest_status_update' }],
      ordering: [
        { field: 'status', value: 'descending' },
        { field: 'latest_status_update', value: 'ascending' },
      ],
    });
    const { pages, exported } = await pagesAndExport('asset', report.id, 2);
    expect(pages.length).toBeGreaterThan(4);
    expect(exported).toEqual(pages);
    expect(exported.map((row) => row[1])).toEqual([...exported.map((row) => row[1])].sort().reverse());

    const { reportExport } = await import('../src/modules/reports/report-results.service.js');
    const tenant = tenantOf(t, customerId);
    expect(await reportExport(tenant, await compiled('asset', report.id), pages.length - 1)).toBeUndefined();
    expect(await reportExport(tenant, await compiled('asset', report.id), pages.length)).toBeDefined();
  });

  it('writes an inventory report’s rows (keyed by location and product) in its order', async () => {
    const report = (
      await post(SCHEDULED, {
        report_name: 'Levels exported',
        report_json: {
          fields: [
            { header: 'Location', headerKey: 'location__name' },
            { header: 'Count', headerKey: 'count' },
            { header: 'SKU', headerKey: 'product__sku' },
          ],
          ordering: [{ field: 'location__name', value: 'ascending' }],
        },
        scheduled: {
          start: new Date(Date.now() + 3_600_000).toISOString(),
          end: null,
          recurrence: { minute: '0', hour: '6', day_of_week: '1', day_of_month: '*', month_of_year: '*' },
        },
      })
    ).json<InventoryReport>();
    const { pages, exported } = await pagesAndExport('inventory', report.id, 1);
    expect(pages.map((row) => row[0])).toEqual(['Dock', 'Shelf', 'Site']);
    expect(exported).toEqual(pages);
  });
});

describe('scheduled inventory reports', () => {
  const fields = [
    { header: 'Location', headerKey: 'location__name' },
    { header: 'Count', headerKey: 'count' },
    { header: 'SKU', headerKey: 'product__sku' },
  ];
  const weekly = { minute: '0', hour: '6', day_of_week: '1', day_of_month: '*', month_of_year: '*' };
  const inAnHour = () => new Date(Date.now() + 3600_000).toISOString();

  it('saves a schedule, plans its next run, and reschedules when the recurrence changes', async () => {
    const res = await post(
      SCHEDULED,
      {
        report_name: 'Weekly levels',
        report_json: { fields },
        scheduled: { start: inAnHour(), end: null, recurrence: weekly },
      },
      operator.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<InventoryReport>();
    expect(report).toMatchObject({ report_type: 'inventory', last_run: null });
    const next = new Date(report.next_run!);
    expect(next.getUTCDay()).toBe(1);
    expect(next.getUTCHours()).toBe(6);
    expect(next.getTime()).toBeGreaterThan(Date.now());

    const daily = { ...weekly, day_of_week: '*', hour: '23', minute: '15' };
    const changed = await t.call({
      method: 'PATCH',
      url: `${SCHEDULED}${report.id}/`,
      token: operator.token,
      payload: { scheduled: { ...report.scheduled, recurrence: daily } },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const again = new Date(changed.json<InventoryReport>().next_run!);
    expect([again.getUTCHours(), again.getUTCMinutes()]).toEqual([23, 15]);
    expect(again.getTime() - Date.now()).toBeLessThan(2 * 24 * 3600_000);

    const runs = await t.call({ method: 'GET', url: `${SCHEDULED}${report.id}/files`, token: viewer.token });
    expect(runs.statusCode).toBe(200);
    expect(runs.json<Paged<ReportRun>>()).toEqual({ count: 0, results: [] });
    const file = await t.call({ method: 'GET', url: `${SCHEDULED}${report.id}/files/1/get_file`, token: viewer.token });
    expect(file.statusCode).toBe(404);
  });

  it('keeps the zone a schedule was made in and plans its runs there: day 31 at 00:30 in Berlin', async () => {
    // Sent as day 30 at 23:30 UTC: Berlin's offset at the start, a winter day.
    const monthEnd = { minute: '30', hour: '23', day_of_week: '*', day_of_month: '30', month_of_year: '*' };
    const res = await post(
      SCHEDULED,
      {
        report_name: 'Month end in Berlin',
        report_json: { fields },
        scheduled: { start: '2027-02-10T08:00:00Z', end: null, recurrence: monthEnd, time_zone: 'Europe/Berlin' },
      },
      operator.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    const report = res.json<InventoryReport>();
    expect(report.scheduled).toMatchObject({ recurrence: monthEnd, time_zone: 'Europe/Berlin' });
    // 28 February 00:30 in Berlin, not 1 March.
    expect(report.next_run).toBe('2027-02-27T23:30:00.000Z');
    const read = await t.call({ method: 'GET', url: `${SCHEDULED}${report.id}/`, token: viewer.token });
    expect(read.json<InventoryReport>().scheduled.time_zone).toBe('Europe/Berlin');

    // Without a zone the recurrence is UTC, as before.
    const utc = await t.call({
      method: 'PATCH',
      url: `${SCHEDULED}${report.id}/`,
      token: operator.token,
      payload: { scheduled: { start: '2027-02-10T08:00:00Z', end: null, recurrence: monthEnd } },
    });
    expect(utc.json<InventoryReport>()).toMatchObject({
      next_run: '2027-02-28T23:30:00.000Z',
      scheduled: { time_zone: null },
    });

    const unknown = await post(SCHEDULED, {
      report_name: 'Nowhere',
      report_json: { fields },
      scheduled: { start: '2027-02-10T08:00:00Z', end: null, recurrence: monthEnd, time_zone: 'Europe/Atlantis' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ codes: unknown }>().codes).toEqual({ 'scheduled.time_zone': [{ code: 'unknownTimeZone' }] });
  });

  it('refuses a start in the past, an end before the start and days of the month out of range', async () => {
    const res = await post(SCHEDULED, {
      report_name: 'Bad schedule',
      report_json: { fields },
      scheduled: {
        start: '2020-01-01T00:00:00Z',
        end: '2019-01-01T00:00:00Z',
        recurrence: { ...weekly, day_of_month: '0,32' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ codes: unknown }>().codes).toEqual({
      'scheduled.recurrence.day_of_month': [{ code: 'recurrenceRange', params: { first: '1', last: '31' } }],
      'scheduled.end': [{ code: 'scheduleEndBeforeStart' }],
    });
    const past = await post(SCHEDULED, {
      report_name: 'Past start',
      report_json: { fields },
      scheduled: { start: '2020-01-01T00:00:00Z', end: null, recurrence: weekly },
    });
    expect(past.json<{ codes: unknown }>().codes).toEqual({ 'scheduled.start': [{ code: 'scheduleStartInPast' }] });
  });

  it('counts items in per location and product (its query is the one the scheduler runs)', async () => {
    const report = (
      await post(SCHEDULED, {
        report_name: 'Levels now',
        report_json: {
          fields: [...fields, { header: 'Parent', headerKey: 'location__parent__name' }],
          ordering: [
            { field: 'product__sku', value: 'ascending' },
            { field: 'location__name', value: 'descending' },
          ],
        },
        scheduled: { start: inAnHour(), end: null, recurrence: weekly },
      })
    ).json<InventoryReport>();
    const { compiledReport } = await import('../src/modules/reports/report-results.service.js');
    const { reportPage } = await import('../src/modules/reports/report-query.repository.js');
    const { findReport } = await import('../src/modules/reports/reports.repository.js');
    const tenant = tenantOf(t, customerId);
    const row = await findReport(tenant, 'inventory', report.id);
    const rows = await reportPage(tenant, await compiledReport(tenant, row!), { offset: 0, limit: 100 });
    expect(rows).toEqual([
      { location__name: 'Site', count: 1, product__sku: 'DRILL', location__parent__name: null },
      { location__name: 'Shelf', count: 1, product__sku: 'DRILL', location__parent__name: 'Site' },
      // A5 and the export test's item; never the removed A6.
      { location__name: 'Dock', count: 2, product__sku: 'PLAIN', location__parent__name: null },
    ]);
  });
});

describe('item reports: date ranges, sorting by a column, exporting a report unsaved', () => {
  const created = (filter: object) => ({ fields: [code], filters: { created: filter } });

  it('refuses an empty or reversed absolute range and a number of units that is not a whole number from 1', async () => {
    const start = '2026-03-01T10:00:00Z';
    const refusal = async (json: object) => {
      const res = await post(REALTIME, { report_name: `Dates ${Math.random()}`, report_json: json });
      expect(res.statusCode, res.body).toBe(400);
      return res.json<{ codes: Record<string, unknown> }>().codes;
    };
    expect(await refusal(created({ type: 'static', operator: 'between', start: null, end: null }))).toEqual({
      'report_json.filters.created.start': [{ code: 'startDateRequired' }],
    });
    for (const end of [null, start, '2026-03-01T09:00:00Z']) {
      expect(await refusal(created({ type: 'static', operator: 'between', start, end }))).toEqual({
        'report_json.filters.created.end': [{ code: 'endDateAfterStart' }],
      });
    }
    const last = (value: unknown) => created({ type: 'dynamic', operator: 'last', unit: 'day', value });
    expect(await refusal(last(2.5))).toEqual({ 'report_json.filters.created.value': [{ code: 'invalidInteger' }] });
    expect(await refusal(last(0))).toEqual({
      'report_json.filters.created.value': [{ code: 'numberAtLeast', params: { min: '1' } }],
    });
    expect(await refusal(last(null))).toEqual({ 'report_json.filters.created.value': [{ code: 'valueRequired' }] });
  });

  it('orders the results by a shown column on request, the report’s own ordering otherwise', async () => {
    const report = await itemReport({
      filters: { product: [drill, saw], status: ['in', 'out', 'lost'] },
      fields: [code, { header: 'Status', headerKey: 'status' }],
      ordering: [{ field: 'code', value: 'descending' }],
    });
    const ordered = async (query: string) => (await results(report.id, query)).results.map((r) => r.code);
    expect(await ordered('')).toEqual(['A4', 'A3', 'A2', 'A1']);
    expect(await ordered('?ordering=code')).toEqual(['A1', 'A2', 'A3', 'A4']);
    // Status first, then the report's own ordering (code descending) among equal statuses.
    expect(await ordered('?ordering=status')).toEqual(['A2', 'A1', 'A3', 'A4']);
    expect(await ordered('?ordering=-status&page_size=10')).toEqual(['A4', 'A3', 'A2', 'A1']);
    expect(await ordered('?ordering=status')).toEqual(await ordered('?ordering=status&page=1'));
    for (const bad of ['product__sku', 'code;drop', '--code']) {
      const res = await t.call({
        method: 'GET',
        url: `${REALTIME}${report.id}/query/?ordering=${bad}`,
        token: viewer.token,
      });
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ codes: unknown }>().codes).toEqual({ ordering: [{ code: 'orderingFieldNotShown' }] });
    }
  });

  it('exports a report as the form shows it without saving it, for the roles that may write reports', async () => {
    const EXPORT = '/report/realtime/export';
    const draft = {
      report_name: 'Draft / unsaved',
      report_json: {
        fields: [code, { header: 'Status', headerKey: 'status' }],
        filters: { product: [drill, saw], status: ['lost', 'out'] },
        ordering: [{ field: 'code', value: 'descending' }],
      },
    };
    for (const user of [admin, operator]) {
      const res = await post(EXPORT, draft, user.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toMatch(
        /filename="report-Draft _ unsaved-\d{4}-\d{2}-\d{2}-\d{4}\.csv"/,
      );
      expect(res.body).toBe('EPC,Status\nA4,out\nA3,lost\n');
    }
    // A form whose name is still empty exports too.
    const unnamed = await post(EXPORT, { ...draft, report_name: '' });
    expect(unnamed.statusCode, unnamed.body).toBe(200);
    expect(unnamed.headers['content-disposition']).toMatch(/filename="report-report-\d{4}/);
    // Nothing was saved.
    const saved = await t.call({ method: 'GET', url: `${REALTIME}?search=Draft`, token: admin.token });
    expect(saved.json<{ count: number }>().count).toBe(0);

    expect((await post(EXPORT, draft, viewer.token)).statusCode).toBe(403);
    expect((await t.call({ method: 'POST', url: EXPORT, payload: draft })).statusCode).toBe(401);
    const reversed = await post(EXPORT, {
      ...draft,
      report_json: {
        ...draft.report_json,
        filters: {
          created: { type: 'static', operator: 'between', start: '2026-03-02T00:00:00Z', end: '2026-03-01T00:00:00Z' },
        },
      },
    });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json<{ codes: unknown }>().codes).toEqual({
      'report_json.filters.created.end': [{ code: 'endDateAfterStart' }],
    });
    const unknown = await post(EXPORT, {
      ...draft,
      report_json: { ...draft.report_json, filters: { product: [999999] } },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<{ codes: unknown }>().codes).toEqual({
      'report_json.filters.product': [{ code: 'unknownProduct' }],
    });
    // Another customer's draft reads only its own items.
    const theirs = await post(EXPORT, { report_json: { fields: [code] } }, outsider.token);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.body).toBe('EPC\nA9\n');
  });
});
