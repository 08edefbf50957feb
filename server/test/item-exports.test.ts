import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { parse } from 'csv-parse/sync';
import { encodeEpc, type Item, type Location } from '@tagtrack/contract';
import { TenantScope } from '../src/db/tenant.js';
import { exportItemHistoryCsv, exportItemsCsv } from '../src/modules/items/item-exports.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { makeCategory } from './catalogue-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let site: Location;
let shelf: Location;
let items: Item[];

const nid32 = (sku: number, serial: number) => encodeEpc('NID32', String(sku), String(serial));
const csvRows = (body: string) => parse(body, { relax_column_count: false }) as string[][];

async function call(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = admin.token) {
  return t.call({ method, url, token, ...(payload ? { payload } : {}) });
}
async function created<T>(url: string, payload: object): Promise<T> {
  const res = await call('POST', url, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<T>();
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  const category = await makeCategory(t, admin.user.customerId, { name: 'Tools' });
  await created('/master-data/product/', { sku: '100', name: 'Hammer', product_code: 'HAM', category: category.id });
  await created('/master-data/product/', { sku: '200', name: '=Wrench' });
  site = await created<Location>('/configuration/location/', { name: 'Site', parent: null });
  shelf = await created<Location>('/configuration/location/', { name: 'Shelf', parent: site.uuid });
  items = [
    await created<Item>('/tag-data/tag/', { code: nid32(100, 1), metadata: { name: 'First' }, location: shelf.uuid }),
    await created<Item>('/tag-data/tag/', { code: nid32(100, 2), metadata: { name: '@SUM(A1)' }, status: 'out' }),
    await created<Item>('/tag-data/tag/', { code: nid32(200, 1), metadata: { name: '-2+3' }, location: site.uuid }),
  ];
  // A move by a person, so the first item has history at the shelf and the site.
  expect((await call('PATCH', `/tag-data/tag/${items[0]!.id}/`, { location: site.uuid })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /tag-data/tag/export/csv/', () => {
  it('exports item-tracking.csv with the table’s columns, location paths and defused formulas', async () => {
    const res = await call('GET', '/tag-data/tag/export/csv/?ordering=code');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="item-tracking\.csv"/);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'EPC',
      'Name',
      'Product',
      'SKU',
      'Product Code',
      'Category',
      'Status',
      'Location',
      'Latest Status Update',
    ]);
    expect(rows).toHaveLength(3);
    const byCode = new Map(rows.map((r) => [r[0], r]));
    expect(byCode.get(nid32(100, 1))).toEqual([
      nid32(100, 1),
      'First',
      'Hammer',
      '100',
      'HAM',
      'Tools',
      'in',
      'Site',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    ]);
    expect(byCode.get(nid32(100, 2))!.slice(1, 8)).toEqual([
      "'@SUM(A1)",
      'Hammer',
      '100',
      'HAM',
      'Tools',
      'out',
      'Unassigned',
    ]);
    expect(byCode.get(nid32(200, 1))!.slice(1, 8)).toEqual(["'-2+3", "'=Wrench", '200', '', '', 'in', 'Site']);
  });

  it('applies the list’s filters and ordering', async () => {
    const inSite = csvRows((await call('GET', `/tag-data/tag/export/csv/?location=${site.uuid}&ordering=-code`)).body);
    expect(inSite.slice(1).map((r) => r[0])).toEqual([nid32(200, 1), nid32(100, 1)]);
    const out = csvRows((await call('GET', '/tag-data/tag/export/csv/?status=out')).body);
    expect(out.slice(1).map((r) => r[0])).toEqual([nid32(100, 2)]);
    const hammers = csvRows((await call('GET', '/tag-data/tag/export/csv/?product=100&ordering=code')).body);
    expect(hammers.slice(1).map((r) => r[0])).toEqual([nid32(100, 1), nid32(100, 2)]);
  });

  it('shows the full path of a nested location', async () => {
    expect((await call('PATCH', `/tag-data/tag/${items[2]!.id}/`, { location: shelf.uuid })).statusCode).toBe(200);
    const rows = csvRows((await call('GET', `/tag-data/tag/export/csv/?search=${nid32(200, 1)}`)).body);
    expect(rows[1]![7]).toBe('Site > Shelf');
    expect((await call('PATCH', `/tag-data/tag/${items[2]!.id}/`, { location: site.uuid })).statusCode).toBe(200);
  });

  it('lets a viewer export; another customer exports only its own (none here)', async () => {
    const viewer = await signedIn(t, 'viewer', admin.customerName);
    expect(csvRows((await call('GET', '/tag-data/tag/export/csv/', undefined, viewer.token)).body)).toHaveLength(4);
    const outsider = await signedIn(t, 'administrator');
    expect(csvRows((await call('GET', '/tag-data/tag/export/csv/', undefined, outsider.token)).body)).toHaveLength(1);
    expect((await t.call({ method: 'GET', url: '/tag-data/tag/export/csv/' })).statusCode).toBe(401);
  });
});

describe('GET /tag-data/tag/history/export/csv/', () => {
  it('exports item-history-{EPC}.csv, newest first, with paths', async () => {
    const epc = nid32(100, 1);
    const res = await call('GET', `/tag-data/tag/history/export/csv/?tag=${epc.toLowerCase()}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain(`attachment; filename="item-history-${epc}.csv"`);
    const [header, ...rows] = csvRows(res.body);
    expect(header).toEqual([
      'Time',
      'EPC',
      'Location',
      'Previous Location',
      'Status',
      'Ledger Type',
      'Reader',
      'Configuration',
    ]);
    expect(rows).toEqual([[expect.stringMatching(/^\d{4}-/), epc, 'Site', 'Site > Shelf', 'in', 'trace', '', '']]);
  });

  it('lets a viewer export and shows another customer nothing', async () => {
    const epc = nid32(100, 1);
    const viewer = await signedIn(t, 'viewer', admin.customerName);
    const url = `/tag-data/tag/history/export/csv/?tag=${epc}`;
    expect(csvRows((await call('GET', url, undefined, viewer.token)).body)).toHaveLength(2);
    const outsider = await signedIn(t, 'administrator');
    expect(csvRows((await call('GET', url, undefined, outsider.token)).body)).toHaveLength(1);
  });
});

describe('the export row cap', () => {
  async function capped(run: (reply: Parameters<typeof exportItemsCsv>[1]) => Promise<unknown>) {
    const app = Fastify();
    app.get('/x', async (_req, reply) => run(reply));
    const res = await app.inject({ method: 'GET', url: '/x' });
    await app.close();
    return csvRows(res.body);
  }
  const ctx = () => ({
    actor: { id: admin.user.id, customerId: admin.user.customerId, username: 'a', role: 'administrator' as const },
    tenant: new TenantScope(t.database.privileged, admin.user.customerId),
    log: t.app.log,
    caches: t.app.caches,
  });

  it('gives the same rows in small chunks as in one, in every ordering (chunks after the last row or by offset)', async () => {
    for (const ordering of ['-latest_status_update', 'code', '-code', 'product__name', '-metadata__name']) {
      const whole = await capped((reply) => exportItemsCsv(ctx(), reply, { ordering }));
      const chunked = await capped((reply) => exportItemsCsv(ctx(), reply, { ordering }, 1000, 2));
      expect(whole.length, ordering).toBeGreaterThan(3);
      expect(chunked, ordering).toEqual(whole);
    }
  });

  it('stops the real item and history exports at the limit', async () => {
    const items = await capped((reply) => exportItemsCsv(ctx(), reply, { ordering: 'code' }, 2));
    expect(items.slice(1).map((r) => r[0])).toEqual([nid32(100, 1), nid32(100, 2)]);
    const all = await capped((reply) => exportItemHistoryCsv(ctx(), reply, {}, 1000));
    expect(all.length).toBeGreaterThan(2);
    const history = await capped((reply) => exportItemHistoryCsv(ctx(), reply, {}, 1));
    expect(history).toHaveLength(2);
  });
});
