import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CATEGORY_ORDERING,
  CONFIGURATION_ORDERING,
  GROUP_ORDERING,
  INVENTORY_SESSION_ORDERING,
  ITEM_HISTORY_ORDERING,
  ITEM_ORDERING,
  LOCATION_ITEMCOUNT_ORDERING,
  LOCATION_PRODUCTCOUNT_ORDERING,
  LOCATION_TOTALS_ORDERING,
  OUTBOX_ORDERING,
  PRODUCT_FULLCOUNT_ORDERING,
  PRODUCT_ORDERING,
  READER_ORDERING,
  USER_ORDERING,
} from '@tagtrack/contract';
import { seedDemo } from '../src/tools/demo/seed.js';
import { LocalDiskStorage } from '../src/lib/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { login } from './factories.js';

/**
 * Every list orders by each of its fields both ways, and refuses a field it cannot order by
 * (Django REST's OrderingFilter ignores it; a client that misspells a field should hear so).
 * Runs on the demo data, which fills every list with rows of differing values.
 */
const PASSWORD = 'Demo-password-1';
let t: TestApp;
let token: string;
let filesDir: string;
let warehouse: string;
let itemCode: string;
let product: string;

interface Place {
  uuid: string;
  parent: string | null;
  active: boolean;
  special: string | null;
  children?: Place[];
}

interface Item {
  id: number;
  code: string;
  product__sku: string;
}

beforeAll(async () => {
  t = await buildTestApp();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-ordering-files-'));
  await seedDemo(t.database.privileged, PASSWORD, new LocalDiskStorage(filesDir));
  token = (await login(t, 'admin', PASSWORD)).access;
  const roots = await get('/configuration/location/?only_root=true');
  warehouse = (roots.json<{ uuid: string }[]>()[0] ?? { uuid: '' }).uuid;
  const flat = (places: Place[]): Place[] => places.flatMap((p) => [p, ...flat(p.children ?? [])]);
  const all = flat((await get('/configuration/location/')).json<Place[]>());
  const places = all.filter((p) => p.active && p.special === null && !all.some((c) => c.parent === p.uuid));
  const [item] = (await get('/tag-data/tag/?page_size=1&ordering=code')).json<{ results: Item[] }>().results;
  if (!item || places.length < 3) throw new Error('the demo data has no items or too few locations');
  product = item.product__sku;
  itemCode = item.code;
  // A person moves the item about: its history gets rows at three places, in three statuses.
  for (const [place, status] of [
    [places[0], 'in'],
    [places[1], 'out'],
    [places[2], 'lost'],
  ] as const) {
    const moved = await t.call({
      method: 'PATCH',
      url: `/tag-data/tag/${item.id}/`,
      token,
      payload: { location: place?.uuid, status },
    });
    if (moved.statusCode !== 200) throw new Error(moved.body);
  }
  for (const place of places.slice(0, 3)) {
    const session = await t.call({
      method: 'POST',
      url: '/process-data/inventory/sessions/',
      token,
      payload: { locations: [place.uuid] },
    });
    if (session.statusCode !== 201) throw new Error(session.body);
  }
  const users = (await get('/accounts/users/?page_size=3')).json<{ results: { username: string }[] }>().results;
  for (const { username } of users) {
    await t.call({ method: 'POST', url: '/accounts/forgot-password/', payload: { username } });
  }
}, 180_000);
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

function get(url: string) {
  return t.call({ method: 'GET', url, token });
}

type Row = Record<string, unknown>;

/** The value a row shows for an ordering field, as the list sorts it (names case-blind). */
function shown(row: Row, field: string): unknown {
  const aliases: Record<string, (r: Row) => unknown> = {
    metadata__name: (r) => (r.metadata as Row | undefined)?.name,
    product__sku: (r) => r.product__sku ?? r.sku,
    product__name: (r) => r.product__name ?? r.name,
    location: (r) => r.location_name ?? r.location,
    group_name: (r) => r.group_name,
  };
  const value = aliases[field] ? aliases[field](row) : row[field];
  return typeof value === 'string' ? value.toLowerCase() : value;
}

interface List {
  name: string;
  /** The list's URL with a filter that keeps it within one page. */
  url: () => string;
  fields: readonly string[];
  /** Fields whose values the demo data does not vary within the filtered list. */
  uniform?: readonly string[];
  /** Fields the rows do not show, so only the status is checked. */
  hidden?: readonly string[];
}

const LISTS: List[] = [
  { name: 'users', url: () => '/accounts/users/?page_size=100', fields: USER_ORDERING },
  { name: 'management groups', url: () => '/accounts/management-groups/?page_size=100', fields: GROUP_ORDERING },
  {
    name: 'categories',
    url: () => '/tag-data/category/?page_size=10000',
    fields: CATEGORY_ORDERING,
    hidden: ['created_at'],
  },
  {
    name: 'products',
    url: () => '/master-data/product/?page_size=10000',
    fields: PRODUCT_ORDERING,
    hidden: ['created_at'],
  },
  {
    name: 'items',
    url: () => `/tag-data/tag/?page_size=10000&product=${encodeURIComponent(product)}`,
    fields: ITEM_ORDERING,
    uniform: ['product__sku', 'product__name', 'created_at'],
  },
  {
    name: 'item history',
    url: () => `/tag-data/tag/history/?page_size=100&tag=${itemCode}`,
    fields: ITEM_HISTORY_ORDERING,
    uniform: ['ledger_type'],
  },
  {
    name: 'outbox',
    url: () => '/accounts/outbox/?page_size=100',
    fields: OUTBOX_ORDERING,
    uniform: ['subject', 'status'],
  },
  {
    name: 'reader configurations',
    url: () => '/configuration/reader-configuration/?page_size=100&show_handhelds_and_templates=true',
    fields: CONFIGURATION_ORDERING,
  },
  { name: 'readers', url: () => '/configuration/reader/?page_size=100', fields: READER_ORDERING },
  {
    name: 'inventory sessions',
    url: () => '/process-data/inventory/sessions/?page_size=100',
    fields: INVENTORY_SESSION_ORDERING,
    uniform: ['status'],
  },
  {
    name: 'product counts',
    url: () => '/tag-data/product/fullcount/serialized/?page_size=10000',
    fields: PRODUCT_FULLCOUNT_ORDERING,
  },
  {
    name: 'item counts',
    url: () => '/tag-data/location/itemcount/?page_size=10000',
    fields: LOCATION_ITEMCOUNT_ORDERING,
  },
  {
    name: 'location totals',
    url: () => '/tag-data/location/itemcount/totals/?page_size=10000',
    fields: LOCATION_TOTALS_ORDERING,
  },
  {
    name: 'location product counts',
    url: () => `/tag-data/v2/location/productcount/${warehouse}/?page_size=10000`,
    fields: LOCATION_PRODUCTCOUNT_ORDERING,
  },
];

describe.each(LISTS)('the $name list', (list) => {
  it('orders by each field ascending and descending', async () => {
    for (const field of list.fields) {
      const up = await get(`${list.url()}&ordering=${field}`);
      const down = await get(`${list.url()}&ordering=-${field}`);
      expect(up.statusCode, `${field}: ${up.body}`).toBe(200);
      expect(down.statusCode, `-${field}: ${down.body}`).toBe(200);
      const ups = up.json<{ count: number; results: Row[] }>();
      const downs = down.json<{ count: number; results: Row[] }>();
      // The whole list is on the page, so descending is ascending read backwards.
      expect(ups.results.length, field).toBe(ups.count);
      if (list.hidden?.includes(field)) continue;
      const ascending = ups.results.map((row) => shown(row, field));
      const descending = downs.results.map((row) => shown(row, field));
      // Rows without a value come last either way.
      const valued = (values: unknown[]) => values.filter((v) => v !== null && v !== undefined);
      expect(descending.slice(valued(descending).length), `-${field}: empty values last`).toEqual(
        ascending.slice(valued(ascending).length),
      );
      expect(valued(descending), `-${field}`).toEqual(valued(ascending).reverse());
      if (!list.uniform?.includes(field)) {
        expect(new Set(ascending.map(String)).size, `${field} varies in the demo data`).toBeGreaterThan(1);
      }
    }
  });

  it('refuses a field it cannot order by, naming it', async () => {
    for (const ordering of ['no_such_field', `-${list.fields[0]},-password`, `--${list.fields[0]}`]) {
      const res = await get(`${list.url()}&ordering=${encodeURIComponent(ordering)}`);
      expect(res.statusCode, ordering).toBe(400);
      const body = res.json<{ type: string; detail: Record<string, string[]> }>();
      expect(body.type).toBe('ValidationError');
      expect(body.detail.ordering?.[0]).toMatch(/^Cannot order by "(no_such_field|password|-.*)"/);
    }
  });
});

describe('the spec’s own orderings', () => {
  it('orders a location’s product counts by the fields its rows show (03 §7: ordering=-sku)', async () => {
    const skus = async (ordering: string) =>
      (await get(`/tag-data/v2/location/productcount/${warehouse}/?page_size=10000&ordering=${ordering}`))
        .json<{ results: { sku: string }[] }>()
        .results.map((r) => r.sku.toLowerCase());
    const ascending = await skus('sku');
    expect(ascending.length).toBeGreaterThan(1);
    expect(await skus('-sku')).toEqual([...ascending].reverse());
    expect(await skus('product__sku')).toEqual(ascending);
  });
});
