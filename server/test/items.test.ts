import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEpc, UNSET_NUMBER, type Item, type Location, type Paged } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { resolveProducts } from '../src/modules/items/items.service.js';
import { SEARCH_MATCHES_LISTED } from '../src/modules/items/item-filter.repository.js';
import {
  encodingIds,
  insertItems,
  makeCategory,
  setEncoding,
  specialLocation,
  tenantOf,
} from './catalogue-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
let operator: Awaited<ReturnType<typeof signedIn>>;
let application: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;
let customerId: number;
let unassignedRoot: string;
let removedRoot: string;
let site: Location;
let shelf: Location;
let category: Awaited<ReturnType<typeof makeCategory>>;
let sub: Awaited<ReturnType<typeof makeCategory>>;

const BASE = '/tag-data/tag/';
const PREFIX = '0614141';
const nid32 = (sku: number | string, serial: number) => encodeEpc('NID32', String(sku), String(serial));
const nid64 = (sku: number | string, serial: number) => encodeEpc('NID64', String(sku), String(serial));
const sgtin = (sku: string, serial: number, companyPrefix = PREFIX) =>
  encodeEpc('SGTIN96', sku, String(serial), { companyPrefix });

async function product(body: Record<string, unknown>, token = admin.token) {
  const res = await t.call({ method: 'POST', url: '/master-data/product/', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; sku: string }>();
}
async function location(name: string, parent: string | null = null, token = admin.token): Promise<Location> {
  const res = await t.call({ method: 'POST', url: '/configuration/location/', token, payload: { name, parent } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Location>();
}
const create = (body: object, token = admin.token) => t.call({ method: 'POST', url: BASE, token, payload: body });
async function make(body: Record<string, unknown>, token = admin.token): Promise<Item> {
  const res = await create(body, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Item>();
}
const get = (id: number, token = admin.token) => t.call({ method: 'GET', url: `${BASE}${id}/`, token });
const patch = (id: number, body: object, token = admin.token) =>
  t.call({ method: 'PATCH', url: `${BASE}${id}/`, token, payload: body });
async function list(query = '', token = admin.token) {
  const res = await t.call({ method: 'GET', url: `${BASE}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<Item>>();
}
const detailOf = (res: { statusCode: number; body: string; json: () => { type: string; detail: unknown } }) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().type).toBe('ValidationError');
  return res.json().detail;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  operator = await signedIn(t, 'operator', admin.customerName);
  application = await signedIn(t, 'application', admin.customerName);
  outsider = await signedIn(t, 'administrator');
  customerId = admin.user.customerId;
  unassignedRoot = await specialLocation(t, customerId, 'unassigned');
  removedRoot = await specialLocation(t, customerId, 'removed');
  const enc = await encodingIds(t, customerId);
  await setEncoding(t, customerId, 'SGTIN96', { disabled: false, companyPrefix: PREFIX });
  category = await makeCategory(t, customerId, {
    name: 'Machines',
    fields: [
      { name: 'Maker', type: 'Text' },
      { name: 'Serial', asset_data: true, required: true },
      { name: 'Hours', asset_data: true, type: 'Number' },
      { name: 'Grade', asset_data: true, type: 'DropdownList', options: ['A', 'B'] },
    ],
  });
  sub = await makeCategory(t, customerId, { name: 'Small machines', parent: category.id });
  await product({ sku: '100', name: 'Hammer', product_code: 'HAM' });
  await product({ sku: '200', name: 'Wide', encoding: enc.NID64 });
  await product({ sku: 'LK-1', name: 'Lookup one', encoding: enc.LOOKUP });
  await product({ sku: 'LK-2', name: 'Lookup two', encoding: enc.LOOKUP });
  await product({ sku: '812345', name: 'Gs1 thing', encoding: enc.SGTIN96 });
  await product({ sku: '300', name: 'Lathe', category: category.id });
  await product({ sku: '301', name: 'Mini lathe', category: sub.id });
  site = await location('Site');
  shelf = await location('Shelf', site.uuid);
});
afterAll(() => t.close());

describe('creating items', () => {
  it('finds the product from an NID32 EPC and answers the item with its product and location', async () => {
    const item = await make({ code: nid32(100, 1).toLowerCase(), metadata: { name: 'First hammer' } });
    expect(item).toMatchObject({
      code: nid32(100, 1),
      metadata: { name: 'First hammer' },
      product__sku: '100',
      product__name: 'Hammer',
      product__product_code: 'HAM',
      category: null,
      category__name: null,
      category_fields: [],
      attributes: [],
      status: 'in',
      location: unassignedRoot,
      location_name: 'Unassigned',
      removed: false,
    });
    expect((await get(item.id, viewer.token)).json()).toEqual(item);
  });

  it('maps NID64 and SGTIN-96 EPCs with the right method and company prefix', async () => {
    expect((await make({ code: nid64(200, 1) })).product__sku).toBe('200');
    // The SKU 200 under NID32 is not the NID64 product 200.
    expect((await make({ code: nid32(200, 1) })).product__sku).toBe('Unassigned');
    expect((await make({ code: sgtin('812345', 1) })).product__sku).toBe('812345');
    expect((await make({ code: sgtin('812345', 2, '0614142') })).product__sku).toBe('Unassigned');
  });

  it('sends EPCs that map to no product to Unassigned', async () => {
    expect((await make({ code: nid32(999, 1) })).product__sku).toBe('Unassigned');
    expect((await make({ code: 'E28011606000020000000001' })).product__sku).toBe('Unassigned');
    expect((await make({ code: 'ABCD' })).product__sku).toBe('Unassigned');
    expect((await make({ code: nid32(999, 2), product__sku: 'Unassigned' })).product__sku).toBe('Unassigned');
  });

  it('carries the SKU of a LOOKUP product and refuses a product__sku that contradicts the EPC', async () => {
    expect((await make({ code: 'AAAA0001', product__sku: 'LK-1' })).product__sku).toBe('LK-1');
    expect((await make({ code: nid32(998, 1), product__sku: 'LK-1' })).product__sku).toBe('LK-1');
    expect((await make({ code: nid32(100, 2), product__sku: '100' })).product__sku).toBe('100');
    const notFor = { product__sku: ['The EPC does not encode the SKU of this product.'] };
    expect(detailOf(await create({ code: nid32(100, 3), product__sku: 'LK-1' }))).toEqual(notFor);
    expect(detailOf(await create({ code: nid32(101, 1), product__sku: '100' }))).toEqual(notFor);
    expect(detailOf(await create({ code: 'AAAA0002', product__sku: '100' }))).toEqual({
      product__sku: [
        'The EPC does not map to any product. Choose a product whose encoding is lookup, or register the product first.',
      ],
    });
    expect(detailOf(await create({ code: 'AAAA0003', product__sku: 'NOPE' }))).toEqual({
      product__sku: ['Choose an existing product'],
    });
  });

  it('validates the EPC and refuses a duplicate', async () => {
    expect(detailOf(await create({ code: '' }))).toEqual({ code: ['EPC is required'] });
    const invalid = 'An EPC is hexadecimal, a whole number of 16-bit words (4, 8, … up to 124 digits).';
    expect(detailOf(await create({ code: 'XYZ1' }))).toEqual({ code: [invalid] });
    expect(detailOf(await create({ code: 'ABC' }))).toEqual({ code: [invalid] });
    expect(detailOf(await create({ code: 'A'.repeat(128) }))).toEqual({ code: [invalid] });
    await make({ code: 'BEEF0001' });
    expect(detailOf(await create({ code: 'beef0001' }))).toEqual({ code: ['An item with this EPC already exists.'] });
    // Another customer may have the same EPC.
    expect((await create({ code: 'BEEF0001' }, outsider.token)).statusCode).toBe(201);
  });

  it('answers epcTaken when two creates race for one EPC', async () => {
    const results = await Promise.all([1, 2, 3].map(() => create({ code: 'CAFE0001' })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const res of results.filter((r) => r.statusCode === 400)) {
      expect(res.json().detail).toEqual({ code: ['An item with this EPC already exists.'] });
    }
  });

  it('puts items in a location, never in Removed nor in an unknown one', async () => {
    expect((await make({ code: 'BEEF0002', location: shelf.uuid })).location_name).toBe('Shelf');
    expect(detailOf(await create({ code: 'BEEF0003', location: removedRoot }))).toEqual({
      location: ['Items cannot be placed in the Removed location: delete them instead.'],
    });
    expect(detailOf(await create({ code: 'BEEF0003', location: '00000000-0000-4000-8000-000000000000' }))).toEqual({
      location: ['Choose an existing location'],
    });
    const theirs = await location('Theirs', null, outsider.token);
    expect(detailOf(await create({ code: 'BEEF0003', location: theirs.uuid }))).toEqual({
      location: ['Choose an existing location'],
    });
    expect(detailOf(await create({ code: 'BEEF0003', location: 'nowhere' }))).toEqual({
      location: ['Choose an existing location'],
    });
    expect(detailOf(await create({ code: 'BEEF0003', status: 'gone' }))).toHaveProperty('status');
  });

  it('enforces item-level attributes and completes them', async () => {
    expect(detailOf(await create({ code: nid32(300, 1) }))).toEqual({
      attributes: ['A value is required for Serial.'],
    });
    const serial = category.fields[1]!.id;
    const hours = category.fields[2]!.id;
    const grade = category.fields[3]!.id;
    expect(
      detailOf(
        await create({
          code: nid32(300, 1),
          attributes: [
            { datafield: serial, value: ' ' },
            { datafield: hours, value: 'many' },
            { datafield: grade, value: 'C' },
          ],
        }),
      ),
    ).toEqual({
      'attributes.0.value': ['A value is required for Serial.'],
      'attributes.1.value': ['Enter a number.'],
      'attributes.2.value': ['Choose one of the options of the list.'],
    });
    const item = await make({
      code: nid32(300, 1),
      attributes: [
        { datafield: category.fields[0]!.id, value: 'product level, dropped' },
        { datafield: serial, value: 'SN-1' },
      ],
    });
    expect(item).toMatchObject({ product__sku: '300', category: category.id, category__name: 'Machines' });
    expect(item.category_fields.map((f) => f.name)).toEqual(['Maker', 'Serial', 'Hours', 'Grade']);
    expect(item.attributes).toEqual([
      { datafield: serial, name: 'Serial', value: 'SN-1' },
      { datafield: hours, name: 'Hours', value: UNSET_NUMBER },
      { datafield: grade, name: 'Grade', value: '' },
    ]);
  });

  it('takes a number for a Number attribute and a boolean for a text one, as JSON clients send them', async () => {
    const serial = category.fields[1]!.id;
    const hours = category.fields[2]!.id;
    const item = await make({
      code: nid32(300, 2),
      attributes: [
        { datafield: serial, value: 4711 },
        { datafield: hours, value: 12.5 },
      ],
    });
    expect(item.attributes.slice(0, 2)).toEqual([
      { datafield: serial, name: 'Serial', value: '4711' },
      { datafield: hours, name: 'Hours', value: '12.5' },
    ]);
    const moved = await patch(item.id, {
      attributes: [
        { datafield: serial, value: true },
        { datafield: hours, value: 0.5 },
      ],
    });
    expect(
      moved
        .json()
        .attributes.slice(0, 2)
        .map((a: { value: string }) => a.value),
    ).toEqual(['true', '0.5']);
    expect(
      detailOf(
        await patch(item.id, {
          attributes: [
            { datafield: serial, value: 'SN' },
            { datafield: hours, value: false },
          ],
        }),
      ),
    ).toEqual({
      'attributes.1.value': ['Enter a number.'],
    });
  });

  it('lets operators and applications create items, not viewers', async () => {
    expect((await create({ code: 'D00D0001' }, operator.token)).statusCode).toBe(201);
    expect((await create({ code: 'D00D0002' }, application.token)).statusCode).toBe(201);
    const denied = await create({ code: 'D00D0003' }, viewer.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().type).toBe('PermissionDenied');
  });
});

describe('changing items', () => {
  it('changes name, status and location, and refreshes latest_status_update', async () => {
    const item = await make({ code: 'F00D0001', metadata: { name: 'Before', colour: 'red' } });
    const res = await patch(
      item.id,
      { metadata: { name: 'After' }, status: 'out', location: shelf.uuid },
      operator.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const changed = res.json<Item>();
    expect(changed).toMatchObject({ metadata: { name: 'After', colour: 'red' }, status: 'out', location: shelf.uuid });
    expect(Date.parse(changed.latest_status_update)).toBeGreaterThanOrEqual(Date.parse(item.latest_status_update));
    expect(detailOf(await patch(item.id, { location: removedRoot }))).toEqual({
      location: ['Items cannot be placed in the Removed location: delete them instead.'],
    });
    expect(detailOf(await patch(item.id, { metadata: { name: 'x'.repeat(256) } }))).toEqual({
      'metadata.name': ['This field may have at most 150 characters'],
    });
  });

  it('never changes the product of an item whose product is not LOOKUP', async () => {
    const item = await make({ code: nid32(100, 50) });
    expect(detailOf(await patch(item.id, { product__sku: 'LK-1' }))).toEqual({
      product__sku: ['The EPC does not encode the SKU of this product.'],
    });
    expect((await patch(item.id, { product__sku: '100' })).statusCode).toBe(200);
  });

  it('moves Unassigned and LOOKUP items to LOOKUP products only', async () => {
    const item = await make({ code: 'F00D0002' });
    expect(item.product__sku).toBe('Unassigned');
    expect(detailOf(await patch(item.id, { product__sku: '100' }))).toHaveProperty('product__sku');
    expect((await patch(item.id, { product__sku: 'LK-1' })).json().product__sku).toBe('LK-1');
    expect((await patch(item.id, { product__sku: 'LK-2' })).json().product__sku).toBe('LK-2');
    expect(detailOf(await patch(item.id, { product__sku: 'NOPE' }))).toEqual({
      product__sku: ['Choose an existing product'],
    });
  });

  it('checks item-level attributes on change', async () => {
    const item = await make({
      code: nid32(300, 60),
      attributes: [{ datafield: category.fields[1]!.id, value: 'SN-60' }],
    });
    expect(detailOf(await patch(item.id, { attributes: [] }))).toEqual({
      attributes: ['A value is required for Serial.'],
    });
    const res = await patch(item.id, {
      attributes: [
        { datafield: category.fields[1]!.id, value: 'SN-61' },
        { datafield: category.fields[2]!.id, value: '12.5' },
      ],
    });
    expect(res.json().attributes).toEqual([
      { datafield: category.fields[1]!.id, name: 'Serial', value: 'SN-61' },
      { datafield: category.fields[2]!.id, name: 'Hours', value: '12.5' },
      { datafield: category.fields[3]!.id, name: 'Grade', value: '' },
    ]);
    expect((await patch(item.id, { status: 'lost' })).json().attributes).toEqual(res.json().attributes);
  });

  it('finds an item by its name after a rename, and by part of its EPC', async () => {
    const item = await make({ code: 'C0FFEE004200', metadata: { name: 'Blue crate' } });
    expect((await list('?search=blue cr')).results.map((i) => i.id)).toEqual([item.id]);
    expect((await list('?search=FEE004')).results.map((i) => i.id)).toEqual([item.id]);
    expect((await patch(item.id, { metadata: { name: 'Red pallet' } })).statusCode).toBe(200);
    expect((await list('?search=blue cr')).count).toBe(0);
    expect((await list('?search=red pal')).results.map((i) => i.id)).toEqual([item.id]);
    // Wildcards are taken literally.
    expect((await list('?search=red%25pal')).count).toBe(0);
    expect((await list('?search=C0FFEE_042')).count).toBe(0);
  });

  it('applies bulk changes all or nothing', async () => {
    const a = await make({ code: 'F00D0003' });
    const b = await make({ code: 'F00D0004' });
    const bad = await t.call({
      method: 'PATCH',
      url: BASE,
      token: admin.token,
      payload: [
        { id: a.id, status: 'out' },
        { id: b.id, location: removedRoot },
      ],
    });
    expect(detailOf(bad)).toEqual({
      '1.location': ['Items cannot be placed in the Removed location: delete them instead.'],
    });
    expect((await get(a.id)).json().status).toBe('in');
    const ok = await t.call({
      method: 'PATCH',
      url: BASE,
      token: operator.token,
      payload: [
        { id: a.id, status: 'out' },
        { id: b.id, location: shelf.uuid, metadata: { name: 'B' } },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ count: 2 });
    expect((await get(a.id)).json().status).toBe('out');
    expect((await get(b.id)).json()).toMatchObject({ location: shelf.uuid, metadata: { name: 'B' } });
    const missing = await t.call({
      method: 'PATCH',
      url: BASE,
      token: admin.token,
      payload: [{ id: 999999, status: 'in' }],
    });
    expect(missing.statusCode).toBe(404);
    const viewerBulk = await t.call({
      method: 'PATCH',
      url: BASE,
      token: viewer.token,
      payload: [{ id: a.id, status: 'in' }],
    });
    expect(viewerBulk.statusCode).toBe(403);
    expect((await patch(a.id, { status: 'in' }, viewer.token)).statusCode).toBe(403);
  });
});

describe('removing and restoring items', () => {
  it('marks an item removed in the Removed root and restores it where it was', async () => {
    const item = await make({ code: 'AB120001', location: shelf.uuid });
    expect((await t.call({ method: 'DELETE', url: `${BASE}${item.id}/`, token: viewer.token })).statusCode).toBe(403);
    expect((await t.call({ method: 'DELETE', url: `${BASE}${item.id}/`, token: operator.token })).statusCode).toBe(204);
    const removed = (await get(item.id)).json<Item>();
    expect(removed).toMatchObject({ removed: true, location: removedRoot, location_name: 'Removed' });
    expect((await list('?search=AB120001')).count).toBe(0);
    expect((await list('?search=AB120001&removed=true')).results.map((i) => i.id)).toEqual([item.id]);
    const restored = await t.call({
      method: 'POST',
      url: `${BASE}restore/`,
      token: admin.token,
      payload: { ids: [item.id] },
    });
    expect(restored.json()).toEqual({ count: 1 });
    expect((await get(item.id)).json()).toMatchObject({ removed: false, location: shelf.uuid });
    expect(
      detailOf(
        await t.call({ method: 'POST', url: `${BASE}restore/`, token: admin.token, payload: { ids: [item.id] } }),
      ),
    ).toEqual({
      ids: ['Only removed items can be restored.'],
    });
  });

  it('removes in bulk and restores to Unassigned when the old location is gone', async () => {
    const spot = await location('Temporary spot', site.uuid);
    const a = await make({ code: 'AB120002', location: spot.uuid });
    const b = await make({ code: 'AB120003' });
    const res = await t.call({ method: 'DELETE', url: BASE, token: admin.token, payload: { ids: [a.id, b.id] } });
    expect(res.statusCode).toBe(204);
    expect(
      (await t.call({ method: 'DELETE', url: `/configuration/location/${spot.uuid}/`, token: admin.token })).statusCode,
    ).toBe(204);
    const restored = await t.call({
      method: 'POST',
      url: `${BASE}restore/`,
      token: operator.token,
      payload: { ids: [a.id, b.id] },
    });
    expect(restored.json()).toEqual({ count: 2 });
    expect((await get(a.id)).json().location).toBe(unassignedRoot);
    expect((await get(b.id)).json().location).toBe(unassignedRoot);
    const missing = await t.call({ method: 'DELETE', url: BASE, token: admin.token, payload: { ids: [a.id, 999999] } });
    expect(missing.statusCode).toBe(404);
    expect((await get(a.id)).json().removed).toBe(false);
    expect(
      (await t.call({ method: 'POST', url: `${BASE}restore/`, token: viewer.token, payload: { ids: [a.id] } }))
        .statusCode,
    ).toBe(403);
  });
});

describe('deleting a product', () => {
  it('deletes its items, removed ones too, and leaves the others', async () => {
    await product({ sku: '400', name: 'Short lived' });
    const kept = await make({ code: nid32(100, 400) });
    const a = await make({ code: nid32(400, 1) });
    const b = await make({ code: nid32(400, 2) });
    expect((await t.call({ method: 'DELETE', url: `${BASE}${b.id}/`, token: admin.token })).statusCode).toBe(204);
    expect((await list('?product=400')).count).toBe(1);
    const res = await t.call({ method: 'DELETE', url: '/master-data/product/400/', token: admin.token });
    expect(res.statusCode).toBe(204);
    expect((await get(a.id)).statusCode).toBe(404);
    expect((await get(b.id)).statusCode).toBe(404);
    expect((await list('?product=400&removed=true')).count).toBe(0);
    expect((await get(kept.id)).statusCode).toBe(200);
    // The EPCs are free again: a new item with one of them goes to Unassigned now.
    expect((await make({ code: nid32(400, 1) })).product__sku).toBe('Unassigned');
  });
});

describe('other customers', () => {
  it("answer NotFound for another customer's items and never list them", async () => {
    const item = await make({ code: 'AB130001' });
    for (const [method, url, payload] of [
      ['GET', `${BASE}${item.id}/`, undefined],
      ['PATCH', `${BASE}${item.id}/`, { status: 'out' }],
      ['DELETE', `${BASE}${item.id}/`, undefined],
      ['DELETE', BASE, { ids: [item.id] }],
      ['POST', `${BASE}restore/`, { ids: [item.id] }],
      ['PATCH', BASE, [{ id: item.id, status: 'out' }]],
    ] as const) {
      const res = await t.call({ method, url, token: outsider.token, payload });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await get(item.id)).json().status).toBe('in');
    expect((await list('?search=AB130001', outsider.token)).count).toBe(0);
    expect((await get(0)).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: `${BASE}abc/`, token: admin.token })).statusCode).toBe(404);
  });
});

describe('the item list', () => {
  let own: Awaited<ReturnType<typeof signedIn>>;
  let top: Location;
  let child: Location;
  let other: Location;
  let cat: number;
  let subCat: number;
  const codes = (page: Paged<Item>) => page.results.map((i) => i.code);
  beforeAll(async () => {
    own = await signedIn(t, 'administrator');
    cat = (await makeCategory(t, own.user.customerId, { name: 'Cat' })).id;
    subCat = (await makeCategory(t, own.user.customerId, { name: 'Sub', parent: cat })).id;
    await product({ sku: '10', name: 'Alpha', category: cat }, own.token);
    await product({ sku: '20', name: 'Beta', category: subCat }, own.token);
    await product({ sku: '30', name: 'Gamma' }, own.token);
    top = await location('Top', null, own.token);
    child = await location('Child', top.uuid, own.token);
    other = await location('Other', null, own.token);
    const rows = [
      { code: nid32(10, 1), location: top.uuid, status: 'in', metadata: { name: 'zeta' } },
      { code: nid32(10, 2), location: child.uuid, status: 'out', metadata: { name: 'Eta' } },
      { code: nid32(20, 1), location: child.uuid, status: 'lost', metadata: { name: 'theta' } },
      { code: nid32(30, 1), location: other.uuid, status: 'in', metadata: { name: 'Iota' } },
      { code: 'ABCD0001', status: 'in', metadata: { name: 'kappa' } },
    ];
    for (const row of rows) await make(row, own.token);
  });

  it('orders by -latest_status_update by default and by the given fields', async () => {
    expect(codes(await list('', own.token))).toEqual([
      'ABCD0001',
      nid32(30, 1),
      nid32(20, 1),
      nid32(10, 2),
      nid32(10, 1),
    ]);
    expect(codes(await list('?ordering=metadata__name', own.token))).toEqual([
      nid32(10, 2),
      nid32(30, 1),
      'ABCD0001',
      nid32(20, 1),
      nid32(10, 1),
    ]);
    const byProduct = await list('?ordering=-product__name,code', own.token);
    expect(byProduct.results.map((i) => i.product__name)).toEqual(['Unassigned', 'Gamma', 'Beta', 'Alpha', 'Alpha']);
    expect(codes(await list('?ordering=location,code', own.token)).slice(0, 3)).toEqual([
      nid32(10, 2),
      nid32(20, 1),
      nid32(30, 1),
    ]);
  });

  it('filters by location with its descendants, product, status and exclude_product', async () => {
    expect((await list(`?location=${top.uuid}`, own.token)).count).toBe(3);
    expect((await list(`?location=${child.uuid}`, own.token)).count).toBe(2);
    expect((await list(`?location=${child.uuid},${other.uuid}`, own.token)).count).toBe(3);
    expect((await list('?location=not-a-uuid', own.token)).count).toBe(0);
    expect((await list(`?location=${shelf.uuid}`, own.token)).count).toBe(0);
    expect((await list('?product=10', own.token)).count).toBe(2);
    expect((await list('?product=10,30', own.token)).count).toBe(3);
    expect((await list('?status=in', own.token)).count).toBe(3);
    expect((await list('?status=out,lost', own.token)).count).toBe(2);
    expect((await list('?exclude_product=Unassigned', own.token)).count).toBe(4);
  });

  it('filters by category with subcategories and by noncategorized, and searches', async () => {
    expect((await list(`?category=${cat}`, own.token)).count).toBe(3);
    expect((await list(`?category=${subCat}`, own.token)).count).toBe(1);
    expect(codes(await list('?noncategorized=true&ordering=code', own.token))).toEqual(
      [nid32(30, 1), 'ABCD0001'].sort(),
    );
    expect((await list('?search=THETA', own.token)).count).toBe(1);
    expect((await list('?search=gamma', own.token)).count).toBe(1);
    expect((await list('?search=abcd', own.token)).count).toBe(1);
    expect((await list('?search=10', own.token)).count).toBeGreaterThanOrEqual(2);
  });

  it('pages in the database with a default page size of 300', async () => {
    const page = await list('?page=2&page_size=2&ordering=code', own.token);
    expect(page.count).toBe(5);
    expect(page.results).toHaveLength(2);
    const unassigned = await specialLocation(t, own.user.customerId, 'unassigned');
    const many = Array.from({ length: 301 }, (_, i) => `CC${String(i).padStart(6, '0')}`);
    await insertItems(t, own.user.customerId, '30', many, { location: unassigned });
    const all = await list('', own.token);
    expect(all.count).toBe(306);
    expect(all.results).toHaveLength(300);
    expect((await t.call({ method: 'GET', url: `${BASE}?status=`, token: viewer.token })).statusCode).toBe(200);
  });

  it('pages a search the same whether it matches a few items or more than it looks up by id', async () => {
    const broad = await signedIn(t, 'administrator');
    await product({ sku: '4242', name: 'Broad' }, broad.token);
    const hex = (i: number) => i.toString(16).toUpperCase().padStart(6, '0');
    const many = Array.from({ length: SEARCH_MATCHES_LISTED + 1 }, (_, i) => `FACADE${hex(i)}`);
    const ids = await insertItems(t, broad.user.customerId, '4242', many);
    const other = await make({ code: 'BEEF0001', metadata: { name: 'not a facade' } }, broad.token);
    // An item whose product's name holds the search (and nothing of its own).
    await product({ sku: '4343', name: 'Facade panel' }, broad.token);
    const panel = { code: 'C0C0A001' };
    await insertItems(t, broad.user.customerId, '4343', [panel.code]);
    const sorted = [...many].sort();
    const matches = [...many, other.code, panel.code].sort();
    // More matches than are looked up by id: the items query searches itself.
    const wide = await list('?search=facade&page=3&page_size=5&ordering=code', broad.token);
    expect(wide.count).toBe(matches.length);
    expect(codes(wide)).toEqual(matches.slice(10, 15));
    const last = await list('?search=facade&page=11&page_size=1000&ordering=code', broad.token);
    expect(codes(last)).toEqual(matches.slice(10_000));
    // A few: 16 EPCs hold FACADE00001 (and a name never does).
    const few = sorted.filter((code) => code.includes('FACADE00001'));
    const narrow = await list('?search=FACADE00001&page=2&page_size=5&ordering=-code', broad.token);
    expect(narrow.count).toBe(few.length);
    expect(codes(narrow)).toEqual([...few].reverse().slice(5, 10));
    // With other conditions, either way.
    expect((await patch(ids[17]!, { status: 'lost' }, broad.token)).statusCode).toBe(200);
    expect(codes(await list('?search=facade&status=lost', broad.token))).toEqual([many[17]]);
    expect(codes(await list('?search=FACADE00001&status=lost', broad.token))).toEqual([many[17]]);
    expect((await list('?search=FACADE00001&status=out', broad.token)).count).toBe(0);
    expect((await list('?search=facade&removed=true', broad.token)).count).toBe(0);
    expect(codes(await list('?search=facade&product=4343', broad.token))).toEqual([panel.code]);
    expect(codes(await list('?search=PANEL', broad.token))).toEqual([panel.code]);
  });

  it('pages beyond the first in every order of the item’s own fields as the whole list reads', async () => {
    const fields = ['code', 'metadata__name', 'status', 'latest_status_update', 'created_at', 'id'];
    for (const field of fields) {
      for (const ordering of [field, `-${field}`, `${field},-code`]) {
        const whole = await list(`?ordering=${ordering}&page_size=1000`, own.token);
        const pages: string[] = [];
        for (let page = 1; pages.length < whole.count; page++) {
          pages.push(...codes(await list(`?ordering=${ordering}&page_size=40&page=${page}`, own.token)));
        }
        expect(pages, ordering).toEqual(codes(whole));
        const filtered = await list(`?ordering=${ordering}&status=in&page_size=1000`, own.token);
        expect(codes(await list(`?ordering=${ordering}&status=in&page=2&page_size=3`, own.token)), ordering).toEqual(
          codes(filtered).slice(3, 6),
        );
      }
    }
  });
});

describe('resolveProducts (for imports and reads)', () => {
  it('resolves a batch of EPCs with optional SKU hints in one go', async () => {
    const codes = [
      nid32(100, 900),
      nid32(777, 1),
      'ABCD9999',
      nid32(100, 901),
      'ABCD9998',
      nid32(300, 900),
      nid64(200, 9),
    ];
    const hints = new Map([
      ['ABCD9999', 'LK-2'],
      [nid32(100, 901), 'LK-1'],
      ['ABCD9998', 'NOPE'],
    ]);
    const result = await resolveProducts(tenantOf(t, customerId), codes, hints);
    const skuOf = (code: string) => {
      const r = result.get(code)!;
      return 'error' in r ? `error:${r.error}` : r.sku;
    };
    expect(codes.map(skuOf)).toEqual([
      '100',
      'Unassigned',
      'LK-2',
      'error:epcNotForProduct',
      'error:unknownProduct',
      '300',
      '200',
    ]);
    const lathe = result.get(nid32(300, 900))!;
    expect(lathe).toMatchObject({ categoryId: category.id });
    // Another customer's products are not seen.
    const theirs = await resolveProducts(tenantOf(t, outsider.user.customerId), [nid32(100, 900)]);
    expect(theirs.get(nid32(100, 900))).toMatchObject({ sku: 'Unassigned' });
  });
});
