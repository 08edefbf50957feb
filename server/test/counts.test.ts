import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type {
  InventoryCountRow,
  Item,
  Location,
  LocationInventoryCount,
  LocationTotal,
  Paged,
  ProductFullCount,
} from '@tagtrack/contract';
import { encodings, locations } from '../src/db/schema/index.js';
import type { TenantScope } from '../src/db/tenant.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { multipart } from './multipart.js';
import { nonZeroCounts, random } from './count-fixtures.js';
import { readerCustomer, readerToken } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const FULLCOUNT = '/tag-data/product/fullcount/serialized/';
const ITEMCOUNT = '/tag-data/location/itemcount/';
const TOTALS = '/tag-data/location/itemcount/totals/';
const RECALCULATE = '/tag-data/location/itemcount/recalculate/';
const INVENTORYCOUNT = '/tag-data/v2/location/inventorycount/';
const PRODUCTCOUNT = '/tag-data/v2/location/productcount/';

const hex = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');
/** An EPC no encoding maps to a product: it takes whatever LOOKUP product it is given. */
const freeEpc = () => `E280${hex(20)}`.toUpperCase();

/** A customer with a tree (Site > Hall > Bay, Site > Yard, Depot), three LOOKUP products and tools. */
async function world() {
  const own = await readerCustomer(t);
  const get = async <T>(url: string, token = own.token) => {
    const res = await t.call({ method: 'GET', url, token });
    expect(res.statusCode, `${url} ${res.body}`).toBe(200);
    return res.json<T>();
  };
  const [lookup] = await own.tenant.select(encodings, eq(encodings.method, 'LOOKUP'));
  const lookupId = (lookup as typeof encodings.$inferSelect).id;
  await own.tenant.update(encodings, { disabled: false }, eq(encodings.id, lookupId));
  const location = async (name: string, parent: string | null = null) => {
    const res = await own.call('POST', '/configuration/location/', { name, parent });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Location>().uuid;
  };
  const site = await location('Site');
  const hall = await location('Hall', site);
  const bay = await location('Bay', hall);
  const yard = await location('Yard', site);
  const depot = await location('Depot');
  const product = async (sku: string, name: string, product_code: string | null = null) => {
    const res = await own.call('POST', '/master-data/product/', { sku, name, product_code, encoding: lookupId });
    expect(res.statusCode, res.body).toBe(201);
  };
  await product('AXE', 'Axe', 'P-AXE');
  await product('BOLT', 'Bolt');
  await product('CHAIN', '=Chain, "heavy"', 'P-CHAIN');
  const item = async (sku: string, where: string, status: 'in' | 'out' | 'lost' = 'in', code = freeEpc()) => {
    const res = await own.call('POST', '/tag-data/tag/', { code, product__sku: sku, location: where, status });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<Item>();
  };
  const [removedRoot] = (await own.tenant.select(locations, eq(locations.special, 'removed'))) as {
    uuid: string;
  }[];
  return { ...own, get, site, hall, bay, yard, depot, item, removedRoot: removedRoot!.uuid, lookupId };
}

describe('inventory counts: access and shape', () => {
  it('answers every role of the customer and nobody else; another customer’s location is NotFound', async () => {
    const w = await world();
    await w.item('AXE', w.bay);
    for (const role of ['viewer', 'operator', 'application', 'administrator'] as const) {
      const user = await signedIn(t, role, w.customer.name);
      const page = await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?inventory=true`, user.token);
      expect(page.results.map((r) => [r.sku, r.count])).toEqual([['AXE', 1]]);
    }
    expect((await t.call({ method: 'GET', url: FULLCOUNT })).statusCode).toBe(401);

    const stranger = await signedIn(t, 'administrator');
    const theirs = await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?inventory=true`, stranger.token);
    expect(theirs.count).toBe(0);
    expect((await w.get<Paged<InventoryCountRow>>(ITEMCOUNT, stranger.token)).count).toBe(0);
    expect((await w.get<Paged<LocationInventoryCount>>(INVENTORYCOUNT, stranger.token)).count).toBe(0);
    for (const url of [
      `${PRODUCTCOUNT}${w.bay}/`,
      `${INVENTORYCOUNT}${w.bay}/`,
      `${PRODUCTCOUNT}${w.bay}/?export=csv`,
    ]) {
      const res = await t.call({ method: 'GET', url, token: stranger.token });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().type).toBe('NotFound');
    }
    const bad = await t.call({ method: 'GET', url: `${PRODUCTCOUNT}not-a-uuid/`, token: w.token });
    expect(bad.statusCode).toBe(404);
    const badPage = await t.call({ method: 'GET', url: `${FULLCOUNT}?page=0`, token: w.token });
    expect(badPage.statusCode).toBe(400);
  });

  it('counts items present by default, by status on request, and never removed items', async () => {
    const w = await world();
    const axes = [await w.item('AXE', w.bay), await w.item('AXE', w.bay), await w.item('AXE', w.yard)];
    await w.item('AXE', w.depot, 'out');
    await w.item('BOLT', w.hall, 'lost');
    expect((await w.call('DELETE', `/tag-data/tag/${axes[2]!.id}/`)).statusCode).toBe(204);

    const all = await w.get<Paged<ProductFullCount>>(FULLCOUNT);
    expect(all.results.map((r) => [r.sku, r.count, r.in, r.out, r.lost])).toEqual([
      ['CHAIN', 0, 0, 0, 0], // by name: '=Chain…' sorts first
      ['AXE', 2, 2, 1, 0],
      ['BOLT', 0, 0, 0, 1],
      ['Unassigned', 0, 0, 0, 0],
    ]);
    const present = await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?inventory=true`);
    expect(present.results.map((r) => r.sku)).toEqual(['AXE']);
    const anyStatus = await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?inventory=true&status=in,out,lost`);
    expect(anyStatus.results.map((r) => [r.sku, r.count])).toEqual([
      ['AXE', 3],
      ['BOLT', 1],
    ]);

    const site = await w.get<LocationInventoryCount>(
      `${INVENTORYCOUNT}${w.site}/?exclude_product=Unassigned&status=in`,
    );
    expect(site).toEqual({ location: w.site, count: 0, total: 2 });
    const removed = await w.get<LocationInventoryCount>(`${INVENTORYCOUNT}${w.removedRoot}/?status=in,out,lost`);
    expect(removed.total).toBe(0);
  });

  it('filters, orders and pages the product list; search covers name, SKU and product code', async () => {
    const w = await world();
    for (const sku of ['AXE', 'AXE', 'AXE', 'BOLT', 'CHAIN', 'CHAIN']) await w.item(sku, w.bay);
    const skus = async (query: string) =>
      (await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?inventory=true&${query}`)).results.map((r) => r.sku);
    expect(await skus('')).toEqual(['CHAIN', 'AXE', 'BOLT']); // by name: '=Chain…' sorts first
    expect(await skus('ordering=-count')).toEqual(['AXE', 'CHAIN', 'BOLT']);
    expect(await skus('ordering=product__sku')).toEqual(['AXE', 'BOLT', 'CHAIN']);
    expect(await skus('search=p-ch')).toEqual(['CHAIN']);
    expect(await skus('search=bol')).toEqual(['BOLT']);
    expect(await skus('product=AXE,BOLT')).toEqual(['AXE', 'BOLT']);
    expect(await skus('noncategorized=true&exclude_product=AXE')).toEqual(['CHAIN', 'BOLT']);
    expect(await skus('category=999999')).toEqual([]);
    const page2 = await w.get<Paged<ProductFullCount>>(
      `${FULLCOUNT}?inventory=true&ordering=product__sku&page=2&page_size=2`,
    );
    expect(page2).toMatchObject({ count: 3, results: [{ sku: 'CHAIN', count: 2, product_code: 'P-CHAIN' }] });
    expect(await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?inventory=true&page=9&page_size=2`)).toEqual({
      count: 3,
      results: [],
    });
  });

  it('lists item counts by location: a location filter takes its subtree, count_min and search apply', async () => {
    const w = await world();
    for (const [sku, where] of [
      ['AXE', w.bay],
      ['AXE', w.bay],
      ['AXE', w.yard],
      ['BOLT', w.hall],
      ['AXE', w.depot],
    ] as const)
      await w.item(sku, where);
    const rows = async (query: string) =>
      (await w.get<Paged<InventoryCountRow>>(`${ITEMCOUNT}?type=current&${query}`)).results.map(
        (r) => `${r.sku}@${r.location_name}:${r.count}`,
      );
    expect(await rows('product=AXE&ordering=location')).toEqual(['AXE@Bay:2', 'AXE@Depot:1', 'AXE@Yard:1']);
    expect(await rows(`location=${w.hall}&ordering=location`)).toEqual(['AXE@Bay:2', 'BOLT@Hall:1']);
    expect(await rows(`location=${w.hall},${w.depot}&count_min=2`)).toEqual(['AXE@Bay:2']);
    expect(await rows('search=yard')).toEqual(['AXE@Yard:1']);
    expect(await rows('exclude_product=Unassigned,AXE')).toEqual(['BOLT@Hall:1']);

    const totals = await w.get<Paged<LocationTotal>>(`${TOTALS}?ordering=-count,location`);
    expect(totals.results.map((r) => [r.location_name, r.count])).toEqual([
      ['Bay', 2],
      ['Depot', 1],
      ['Hall', 1],
      ['Yard', 1],
    ]);
    const roots = await w.get<Paged<LocationTotal>>(`${TOTALS}?location_root=true&ordering=location`);
    expect(roots.results.map((r) => [r.location_name, r.count])).toEqual([
      ['Depot', 1],
      ['Site', 4],
    ]);
    const within = await w.get<Paged<LocationTotal>>(`${TOTALS}?location_root=${w.hall}&product=AXE`);
    expect(within.results.map((r) => [r.location_name, r.count])).toEqual([['Bay', 2]]);

    const perProduct = await w.get<Paged<InventoryCountRow>>(`${PRODUCTCOUNT}${w.site}/?ordering=-count`);
    expect(perProduct).toEqual({
      count: 2,
      results: [
        { sku: 'AXE', name: 'Axe', product_code: 'P-AXE', location: w.site, location_name: 'Site', count: 3 },
        { sku: 'BOLT', name: 'Bolt', product_code: null, location: w.site, location_name: 'Site', count: 1 },
      ],
    });
    const v1 = await w.get<Paged<InventoryCountRow>>(`/tag-data/location/productcount/${w.site}/?search=bolt`);
    expect(v1.results.map((r) => r.sku)).toEqual(['BOLT']);
  });
});

describe('inventory count pages', () => {
  it('page item and product counts in every order exactly as one list, with the same total', async () => {
    const w = await world();
    // A product whose name differs from Axe's only in case: the two tie on the name and follow their ids.
    const res = await w.call('POST', '/master-data/product/', { sku: 'AXE2', name: 'axe', encoding: w.lookupId });
    expect(res.statusCode, res.body).toBe(201);
    const placed: [string, string, 'in' | 'out' | 'lost'][] = [
      ['AXE', w.bay, 'in'],
      ['AXE', w.bay, 'in'],
      ['AXE', w.yard, 'in'],
      ['AXE', w.depot, 'out'],
      ['AXE2', w.bay, 'in'],
      ['AXE2', w.hall, 'in'],
      ['AXE2', w.hall, 'in'],
      ['AXE2', w.hall, 'lost'],
      ['AXE2', w.site, 'out'],
      ['BOLT', w.depot, 'in'],
      ['BOLT', w.depot, 'in'],
      ['BOLT', w.depot, 'in'],
      ['BOLT', w.yard, 'out'],
    ];
    for (const [sku, where, status] of placed) await w.item(sku, where, status);
    const order = ['AXE', 'AXE2', 'BOLT'];
    const names: Record<string, string> = {
      [w.site]: 'Site',
      [w.hall]: 'Hall',
      [w.bay]: 'Bay',
      [w.yard]: 'Yard',
      [w.depot]: 'Depot',
    };

    /** What the counts must be, from the items placed: per product and location, for these statuses. */
    const expected = (statuses: string[], min = 1) => {
      const sums = new Map<string, number>();
      for (const [sku, where, status] of placed)
        if (statuses.includes(status)) sums.set(`${sku}|${where}`, (sums.get(`${sku}|${where}`) ?? 0) + 1);
      return [...sums]
        .filter(([, n]) => n >= min)
        .map(([key, count]) => {
          const [sku, location] = key.split('|') as [string, string];
          return { sku, location, location_name: names[location]!, count };
        });
    };
    const rank = (sku: string) => order.indexOf(sku);
    // Ties are broken by the product's id: AXE2 was made after the world's products.
    const ids = ['AXE', 'BOLT', 'CHAIN', 'AXE2'];
    const idRank = (sku: string) => ids.indexOf(sku);
    const byProduct = (a: { sku: string; location: string }, b: { sku: string; location: string }) =>
      rank(a.sku) - rank(b.sku) || a.location.localeCompare(b.location);
    const byCountDesc = (a: { sku: string; location: string; count: number }, b: typeof a) =>
      b.count - a.count || idRank(b.sku) - idRank(a.sku) || b.location.localeCompare(a.location);
    const byLocation = (a: { sku: string; location: string; location_name: string }, b: typeof a) =>
      a.location_name.localeCompare(b.location_name) ||
      rank(a.sku) - rank(b.sku) ||
      a.location.localeCompare(b.location);

    /** Every page of `size` rows, one after the other, each with the total. */
    const pages = async <T>(url: string, size: number) => {
      const rows: T[] = [];
      const totals = new Set<number>();
      for (let page = 1; page < 50; page++) {
        const body = await w.get<Paged<T>>(`${url}&page=${page}&page_size=${size}`);
        totals.add(body.count);
        if (body.results.length === 0) break;
        rows.push(...body.results);
      }
      return { rows, totals: [...totals] };
    };

    const cases: [string, string[], number, (a: never, b: never) => number][] = [
      ['ordering=product__name', ['in'], 1, byProduct],
      ['ordering=-product__name', ['in'], 1, (a, b) => byProduct(b, a)],
      ['ordering=product__sku', ['in', 'out'], 1, byProduct],
      ['ordering=-count', ['in', 'out', 'lost'], 1, byCountDesc],
      ['ordering=location', ['in'], 1, byLocation],
      ['ordering=product__name', ['in'], 2, byProduct],
    ];
    for (const [query, statuses, min, compare] of cases) {
      const url = `${ITEMCOUNT}?type=current&count_min=${min}&status=${statuses.join(',')}&${query}`;
      const want = expected(statuses, min).sort(compare as (a: unknown, b: unknown) => number);
      for (const size of [1, 2, 100]) {
        const { rows, totals } = await pages<InventoryCountRow>(url, size);
        expect(
          rows.map((r) => [r.sku, r.location, r.count]),
          `${query} by ${size}`,
        ).toEqual(want.map((r) => [r.sku, r.location, r.count]));
        expect(totals, `${query} by ${size}`).toEqual([want.length]);
      }
    }

    // Per product: counted for the statuses asked, and by status.
    const perProduct = (statuses: string[]) =>
      order
        .map((sku) => {
          const mine = placed.filter((p) => p[0] === sku);
          const n = (status: string) => mine.filter((p) => p[2] === status).length;
          return {
            sku,
            count: mine.filter((p) => statuses.includes(p[2])).length,
            in: n('in'),
            out: n('out'),
            lost: n('lost'),
          };
        })
        .filter((p) => p.count > 0);
    const productCases: [string, string[], (rows: ReturnType<typeof perProduct>) => ReturnType<typeof perProduct>][] = [
      ['ordering=product__name', ['in'], (rows) => rows],
      ['ordering=-product__name', ['in'], (rows) => [...rows].reverse()],
      [
        'ordering=-count',
        ['out'],
        (rows) => [...rows].sort((a, b) => b.count - a.count || idRank(b.sku) - idRank(a.sku)),
      ],
      ['ordering=product__sku', ['in', 'lost'], (rows) => rows],
    ];
    for (const [query, statuses, arrange] of productCases) {
      const want = arrange(perProduct(statuses));
      for (const size of [1, 2, 100]) {
        const { rows, totals } = await pages<ProductFullCount>(
          `${FULLCOUNT}?inventory=true&status=${statuses.join(',')}&${query}`,
          size,
        );
        expect(
          rows.map((r) => ({ sku: r.sku, count: r.count, in: r.in, out: r.out, lost: r.lost })),
          `${query} by ${size}`,
        ).toEqual(want);
        expect(totals, `${query} by ${size}`).toEqual([want.length]);
      }
    }
    // Per location, leaving products out: held directly and over the subtree.
    const parents: Record<string, string | null> = {
      [w.site]: null,
      [w.hall]: w.site,
      [w.bay]: w.hall,
      [w.yard]: w.site,
      [w.depot]: null,
    };
    const held = (location: string, statuses: string[], excluded: string[]) =>
      placed.filter(
        ([sku, where, status]) => where === location && statuses.includes(status) && !excluded.includes(sku),
      ).length;
    const under = (location: string, ancestor: string): boolean =>
      location === ancestor || (parents[location] ? under(parents[location], ancestor) : false);
    for (const [excluded, statuses] of [
      [['Unassigned'], ['in']],
      [
        ['Unassigned', 'AXE'],
        ['in', 'out'],
      ],
      [['BOLT'], ['in', 'out', 'lost']],
    ] as const) {
      const want = Object.keys(parents)
        .map((location) => ({
          location,
          count: held(location, [...statuses], [...excluded]),
          total: Object.keys(parents)
            .filter((l) => under(l, location))
            .reduce((n, l) => n + held(l, [...statuses], [...excluded]), 0),
        }))
        .filter((r) => r.total > 0)
        .sort((a, b) => a.location.localeCompare(b.location));
      const query = `exclude_product=${excluded.join(',')}&status=${statuses.join(',')}`;
      const listed = await w.get<Paged<LocationInventoryCount>>(`${INVENTORYCOUNT}?${query}`);
      expect(listed, query).toEqual({ count: want.length, results: want });
      for (const row of want)
        expect(await w.get<LocationInventoryCount>(`${INVENTORYCOUNT}${row.location}/?${query}`), query).toEqual(row);
      const totals = await w.get<Paged<LocationTotal>>(`${TOTALS}?${query}&ordering=location&page_size=100`);
      expect(
        totals.results.map((r) => [r.location, r.count]),
        query,
      ).toEqual(
        want
          .filter((r) => r.count > 0)
          .sort((a, b) => names[a.location]!.localeCompare(names[b.location]!))
          .map((r) => [r.location, r.count]),
      );
    }

    // Per product over a location's subtree (items present), in pages.
    for (const location of [w.site, w.hall, w.depot]) {
      for (const [query, min, arrange] of [
        [
          'ordering=product__name',
          1,
          (a: { sku: string; count: number }, b: { sku: string; count: number }) => rank(a.sku) - rank(b.sku),
        ],
        [
          'ordering=-count',
          1,
          (a: { sku: string; count: number }, b: { sku: string; count: number }) =>
            b.count - a.count || idRank(b.sku) - idRank(a.sku),
        ],
        [
          'ordering=product__sku',
          2,
          (a: { sku: string; count: number }, b: { sku: string; count: number }) => rank(a.sku) - rank(b.sku),
        ],
      ] as const) {
        const want = order
          .map((sku) => ({
            sku,
            count: placed.filter((p) => p[0] === sku && p[2] === 'in' && under(p[1], location)).length,
          }))
          .filter((r) => r.count >= min)
          .sort(arrange);
        for (const size of [1, 100]) {
          const { rows, totals } = await pages<InventoryCountRow>(
            `${PRODUCTCOUNT}${location}/?count_min=${min}&${query}`,
            size,
          );
          const label = `${names[location]} ${query} count_min=${min} by ${size}`;
          expect(
            rows.map((r) => ({ sku: r.sku, count: r.count })),
            label,
          ).toEqual(want);
          expect(totals, label).toEqual([want.length]);
        }
      }
    }

    // Without inventory=true every product is listed, those without items at 0 (CHAIN, Unassigned).
    const every = await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?ordering=product__sku&page_size=2`);
    expect(every.count).toBe(5);
    expect(every.results.map((r) => r.sku)).toEqual(['AXE', 'AXE2']);
  });
});

describe('inventory count exports', () => {
  it('name their files, defuse formulas, quote commas and quotes, and follow the filters', async () => {
    const w = await world();
    const shelf = await (async () => {
      const res = await w.call('POST', '/configuration/location/', { name: 'Łódź "Nord"', parent: null });
      return res.json<Location>().uuid;
    })();
    await w.item('CHAIN', shelf);
    await w.item('AXE', w.bay);

    const inventory = await t.call({ method: 'GET', url: `${FULLCOUNT}export/csv/?inventory=true`, token: w.token });
    expect(inventory.statusCode).toBe(200);
    expect(inventory.headers['content-disposition']).toContain('filename="inventory.csv"');
    expect(inventory.body.split('\n')[0]).toBe('Product,SKU,Product Code,Category,Total Count,In,Out,Lost');
    expect(inventory.body).toContain(`"'=Chain, ""heavy""",CHAIN,P-CHAIN,,1,1,0,0`);
    expect(inventory.body).toContain('Axe,AXE,P-AXE,,1,1,0,0');

    const byLocation = await t.call({ method: 'GET', url: `${ITEMCOUNT}export/csv/?product=AXE`, token: w.token });
    expect(byLocation.headers['content-disposition']).toContain('filename="location-item.csv"');
    expect(byLocation.body.trim().split('\n')).toEqual([
      'Product,SKU,Product Code,Location,Total Item Count',
      'Axe,AXE,P-AXE,Bay,1',
    ]);

    const located = await t.call({ method: 'GET', url: `${PRODUCTCOUNT}${shelf}/?export=csv`, token: w.token });
    expect(located.statusCode).toBe(200);
    const disposition = located.headers['content-disposition'] as string;
    expect(disposition).toContain('filename="inventory-__d_ _Nord_.csv"');
    expect(disposition).toContain(`filename*=UTF-8''${encodeURIComponent('inventory-Łódź "Nord".csv')}`);
    expect(located.body).toContain(`"'=Chain, ""heavy""",CHAIN,P-CHAIN,"Łódź ""Nord""",1`);
  });
});

interface Truth {
  /** location → sku → status → n (removed items left out). */
  cells: { location: string; sku: string; status: string; n: number }[];
  parents: Map<string, string | null>;
  names: Map<string, string>;
}

async function truth(tenant: TenantScope): Promise<Truth> {
  const { rows } = (await tenant.db.execute(sql`
    select i.location_uuid::text as location, p.sku, i.status, count(*)::int as n
      from items i join products p on p.customer_id = i.customer_id and p.id = i.product_id
     where i.customer_id = ${tenant.customerId} and not i.removed
     group by 1, 2, 3`)) as unknown as { rows: Truth['cells'] };
  const locs = (await tenant.select(locations)) as (typeof locations.$inferSelect)[];
  return {
    cells: rows,
    parents: new Map(locs.map((l) => [l.uuid, l.parentUuid])),
    names: new Map(locs.map((l) => [l.uuid, l.name])),
  };
}

function within(truthy: Truth, location: string, root: string): boolean {
  for (let at: string | null | undefined = location; at; at = truthy.parents.get(at)) if (at === root) return true;
  return false;
}

async function expectCountsMatch(w: Awaited<ReturnType<typeof world>>) {
  const tr = await truth(w.tenant);
  const present = tr.cells.filter((c) => c.status === 'in');
  const sum = (cells: Truth['cells']) => cells.reduce((a, c) => a + c.n, 0);

  const products = await w.get<Paged<ProductFullCount>>(`${FULLCOUNT}?page_size=100&status=in`);
  for (const row of products.results) {
    const mine = tr.cells.filter((c) => c.sku === row.sku);
    expect([row.sku, row.count, row.in, row.out, row.lost]).toEqual([
      row.sku,
      sum(mine.filter((c) => c.status === 'in')),
      sum(mine.filter((c) => c.status === 'in')),
      sum(mine.filter((c) => c.status === 'out')),
      sum(mine.filter((c) => c.status === 'lost')),
    ]);
  }

  const itemcount = await w.get<Paged<InventoryCountRow>>(`${ITEMCOUNT}?page_size=1000&count_min=1`);
  const expected = new Map<string, number>();
  for (const c of present) expected.set(`${c.sku}@${c.location}`, (expected.get(`${c.sku}@${c.location}`) ?? 0) + c.n);
  expect(new Map(itemcount.results.map((r) => [`${r.sku}@${r.location}`, r.count]))).toEqual(expected);
  expect(itemcount.count).toBe(expected.size);

  const totals = await w.get<Paged<LocationTotal>>(`${TOTALS}?page_size=1000`);
  const perLocation = new Map<string, number>();
  for (const c of present) perLocation.set(c.location, (perLocation.get(c.location) ?? 0) + c.n);
  expect(new Map(totals.results.map((r) => [r.location, r.count]))).toEqual(perLocation);

  const tree = await w.get<Paged<LocationInventoryCount>>(INVENTORYCOUNT);
  const subtree = (root: string) => sum(present.filter((c) => within(tr, c.location, root)));
  const holding = [...tr.parents.keys()].filter((uuid) => subtree(uuid) > 0).sort();
  expect(tree.results.map((r) => r.location).sort()).toEqual(holding);
  for (const row of tree.results) {
    expect(row).toEqual({
      location: row.location,
      count: perLocation.get(row.location) ?? 0,
      total: subtree(row.location),
    });
  }

  for (const uuid of [w.site, w.hall, w.bay, w.yard, w.depot]) {
    const one = await w.get<LocationInventoryCount>(`${INVENTORYCOUNT}${uuid}/`);
    expect(one.total, tr.names.get(uuid)).toBe(subtree(uuid));
    const perProduct = await w.get<Paged<InventoryCountRow>>(`${PRODUCTCOUNT}${uuid}/?page_size=100`);
    const want = new Map<string, number>();
    for (const c of present.filter((c) => within(tr, c.location, uuid))) want.set(c.sku, (want.get(c.sku) ?? 0) + c.n);
    expect(new Map(perProduct.results.map((r) => [r.sku, r.count]))).toEqual(want);
  }

  // The location tree's item and product counts (every status, removed items left out) too.
  interface Node {
    uuid: string;
    items: number;
    products: number;
    children: Node[];
  }
  const walk = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...walk(n.children)]);
  const nodes = walk(await w.get<Node[]>('/configuration/location/'));
  for (const uuid of [w.site, w.hall, w.bay, w.yard, w.depot]) {
    const node = nodes.find((n) => n.uuid === uuid);
    const mine = tr.cells.filter((c) => within(tr, c.location, uuid));
    expect([node?.items, node?.products], tr.names.get(uuid)).toEqual([
      sum(mine),
      new Set(mine.map((c) => c.sku)).size,
    ]);
  }

  // The item list's total comes from the counts too (no search): it equals the items it filters.
  const skus = [...new Set(tr.cells.map((c) => c.sku))].sort();
  for (const [query, cells] of [
    ['', tr.cells],
    ['&status=in', present],
    ['&status=out,lost', tr.cells.filter((c) => c.status !== 'in')],
    [`&location=${w.hall}`, tr.cells.filter((c) => within(tr, c.location, w.hall))],
    [`&product=${skus[0]}&status=in`, present.filter((c) => c.sku === skus[0])],
  ] as const) {
    const list = await w.get<Paged<unknown>>(`/tag-data/tag/?page_size=1${query}`);
    expect(list.count, query).toBe(sum(cells));
  }
}

describe('counts stay exact', () => {
  it('equal a full recount after a random churn of creates, moves, status and product changes, deletes, restores, imports and reads', async () => {
    const w = await world();
    const next = random(Number(process.env.COUNTS_SEED ?? 7));
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const places = [w.site, w.hall, w.bay, w.yard, w.depot];
    const skus = ['AXE', 'BOLT', 'CHAIN'];
    const statuses = ['in', 'out', 'lost'] as const;

    // A reader at Yard: its reads create items (Unassigned) and bring known ones there.
    const configuration = await w.configuration({ location: w.yard });
    const reader = await w.reader();
    expect((await w.assign(reader.uuid, [configuration.id])).statusCode).toBeLessThan(300);
    const readerJwt = await readerToken(t, reader.serial, reader.secret);

    const live: Item[] = [];
    const removed: Item[] = [];
    for (let i = 0; i < 12; i++) live.push(await w.item(pick(skus), pick(places), pick(statuses)));

    const refresh = async () => {
      const page = await w.get<Paged<Item>>('/tag-data/tag/?page_size=1000');
      live.splice(0, live.length, ...page.results);
      const gone = await w.get<Paged<Item>>('/tag-data/tag/?page_size=1000&removed=true');
      removed.splice(0, removed.length, ...gone.results);
    };
    const lookupItems = () => live.filter((i) => i.product__sku !== 'Unassigned');

    for (let step = 0; step < 40; step++) {
      const action = Math.floor(next() * 9);
      let res;
      if (action === 0) {
        res = await w.call('POST', '/tag-data/tag/', {
          code: freeEpc(),
          product__sku: pick(skus),
          location: pick(places),
          status: pick(statuses),
        });
      } else if (action === 1 && live.length) {
        res = await w.call('PATCH', `/tag-data/tag/${pick(live).id}/`, { location: pick(places) });
      } else if (action === 2 && live.length) {
        res = await w.call('PATCH', `/tag-data/tag/${pick(live).id}/`, { status: pick(statuses) });
      } else if (action === 3 && lookupItems().length) {
        res = await w.call('PATCH', `/tag-data/tag/${pick(lookupItems()).id}/`, { product__sku: pick(skus) });
      } else if (action === 4 && live.length > 2) {
        const chosen = [...new Set([pick(live).id, pick(live).id, pick(live).id])];
        res = await w.call(
          'PATCH',
          '/tag-data/tag/',
          chosen.map((id) => ({ id, location: pick(places), status: pick(statuses) })),
        );
      } else if (action === 5 && live.length > 1) {
        res = await w.call('DELETE', '/tag-data/tag/', { ids: [...new Set([pick(live).id, pick(live).id])] });
      } else if (action === 6 && removed.length) {
        res = await w.call('POST', '/tag-data/tag/restore/', { ids: [pick(removed).id] });
      } else if (action === 7) {
        const rows = Array.from({ length: 3 }, () => `${freeEpc()},${pick(skus)},,${pick(places)},${pick(statuses)}`);
        const body = multipart(
          {},
          {
            filename: 'items.csv',
            contentType: 'text/csv',
            data: Buffer.from(['epc,sku,name,location,status', ...rows].join('\n') + '\n'),
          },
        );
        res = await t.call({ method: 'POST', url: '/tag-data/tag/import/', token: w.token, ...body });
      } else {
        const known = live.slice(0, 2).map((i) => i.code);
        res = await t.call({
          method: 'POST',
          url: '/reader-api/reads/',
          token: readerJwt,
          payload: {
            batch_id: randomUUID(),
            reads: [...known, freeEpc()].map((epc) => ({
              epc,
              antenna: 1,
              rssi: -50,
              time: new Date(Date.now() + step * 1000).toISOString(),
            })),
          },
        });
      }
      if (res) expect(res.statusCode, `step ${step}: ${res.body}`).toBeLessThan(300);
      await refresh();
      if (step % 10 === 9) await expectCountsMatch(w);
    }
    await expectCountsMatch(w);

    // The rebuild changes nothing the triggers kept (rows at 0 aside) and answers the totals.
    const kept = await nonZeroCounts(w.tenant);
    const rebuilt = await w.get<Paged<LocationTotal>>(`${RECALCULATE}?page_size=1000`);
    expect(await nonZeroCounts(w.tenant)).toEqual(kept);
    expect(rebuilt).toEqual(await w.get<Paged<LocationTotal>>(`${TOTALS}?page_size=1000`));
    await expectCountsMatch(w);
  });

  it('rebuilds counts that were damaged', async () => {
    const w = await world();
    await w.item('AXE', w.bay);
    // Both count tables drift, by different amounts: per product and location, and per location.
    await w.tenant.db.execute(
      sql`update location_product_counts set count = count + 5 where customer_id = ${w.customer.id}`,
    );
    await w.tenant.db.execute(
      sql`update location_status_counts set count = count + 3, products = products + 2 where customer_id = ${w.customer.id}`,
    );
    const itemcount = () => w.get<Paged<InventoryCountRow>>(ITEMCOUNT);
    expect((await itemcount()).count).toBe(3);
    const perProduct = () => w.get<Paged<InventoryCountRow>>(`${PRODUCTCOUNT}${w.bay}/`);
    expect((await perProduct()).results.map((r) => [r.sku, r.count])).toEqual([['AXE', 6]]);
    expect((await w.get<LocationInventoryCount>(`${INVENTORYCOUNT}${w.bay}/`)).total).toBe(4);
    const res = await w.get<Paged<LocationTotal>>(RECALCULATE);
    expect(res.results.map((r) => [r.location_name, r.count])).toEqual([['Bay', 1]]);
    expect((await w.get<LocationInventoryCount>(`${INVENTORYCOUNT}${w.bay}/`)).total).toBe(1);
    expect((await perProduct()).results.map((r) => [r.sku, r.count])).toEqual([['AXE', 1]]);
    expect((await itemcount()).count).toBe(1);
  });
});
