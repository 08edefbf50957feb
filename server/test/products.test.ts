import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNSET_DATETIME, UNSET_NUMBER, type Paged, type Product } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { countItemRows, encodingIds, insertItems, makeCategory, setEncoding } from './catalogue-fixtures.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
let operator: Awaited<ReturnType<typeof signedIn>>;
let application: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;
let enc: Awaited<ReturnType<typeof encodingIds>>;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  operator = await signedIn(t, 'operator', admin.customerName);
  application = await signedIn(t, 'application', admin.customerName);
  outsider = await signedIn(t, 'administrator');
  customerId = admin.user.customerId;
  enc = await encodingIds(t, customerId);
});
afterAll(() => t.close());

const BASE = '/master-data/product/';
const skuUrl = (sku: string) => `${BASE}${encodeURIComponent(sku)}/`;

async function create(body: object, token = admin.token) {
  return t.call({ method: 'POST', url: BASE, token, payload: body });
}
async function make(body: Record<string, unknown>): Promise<Product> {
  const res = await create(body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Product>();
}
const list = async (query = '', token = admin.token) => {
  const res = await t.call({ method: 'GET', url: `${BASE}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<Product>>();
};
const patch = (sku: string, body: object, token = admin.token) =>
  t.call({ method: 'PATCH', url: skuUrl(sku), token, payload: body });
const detailOf = (res: { statusCode: number; json: () => { type: string; detail: unknown } }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().type).toBe('ValidationError');
  return res.json().detail;
};

describe('the special product Unassigned', () => {
  it('is listed and readable, and cannot be edited or deleted', async () => {
    const all = await list('?search=unassigned');
    expect(all.results.map((p) => [p.sku, p.product_code])).toEqual([['Unassigned', 'Unassigned']]);
    const one = await t.call({ method: 'GET', url: skuUrl('Unassigned'), token: viewer.token });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ sku: 'Unassigned', category: null, attributes: [], item_count: 0 });
    const locked = 'The Unassigned product cannot be edited or deleted.';
    expect(detailOf(await patch('Unassigned', { name: 'Mine' }))).toBe(locked);
    expect(detailOf(await t.call({ method: 'DELETE', url: skuUrl('Unassigned'), token: admin.token }))).toBe(locked);
    expect(detailOf(await create({ sku: 'Unassigned', name: 'Again', encoding: enc.LOOKUP }))).toEqual({
      sku: ['A product with this SKU already exists.'],
    });
  });

  it('is hidden with exclude_product=Unassigned', async () => {
    expect((await list('?exclude_product=Unassigned&search=unassigned')).count).toBe(0);
  });
});

describe('creating products', () => {
  it('answers the product with defaults, by SKU and by id', async () => {
    const product = await make({
      sku: '1001',
      name: '  Drill  ',
      product_code: 'DR-1',
      metadata: { description: 'Cordless' },
    });
    expect(product).toMatchObject({
      sku: '1001',
      name: 'Drill',
      product_code: 'DR-1',
      category: null,
      category__name: null,
      category__parent: null,
      encoding: null,
      metadata: { description: 'Cordless', sensor_product: 'false' },
      attributes: [],
      category_fields: [],
      item_count: 0,
    });
    const bySku = await t.call({ method: 'GET', url: skuUrl('1001'), token: viewer.token });
    expect(bySku.json()).toEqual(product);
    const byId = await t.call({ method: 'GET', url: `${BASE}id/${product.id}`, token: viewer.token });
    expect(byId.json()).toEqual(product);
    const byIdSlash = await t.call({ method: 'GET', url: `${BASE}id/${product.id}/`, token: viewer.token });
    expect(byIdSlash.json()).toEqual(product);
  });

  it('requires name and SKU with the spec messages', async () => {
    expect(detailOf(await create({ sku: ' ', name: '' }))).toEqual({
      sku: ['Sku is required'],
      name: ['Product name is required'],
    });
    expect(detailOf(await create({ name: 'No SKU' }))).toEqual({ sku: ['Sku is required'] });
  });

  it.each([
    ['abc', 'The SKU is not valid for this type of encoding method.'],
    ['12a', 'The SKU is not valid for this type of encoding method.'],
    ['0', 'Invalid SKU.'],
    ['007', 'Invalid SKU.'],
    ['1.5', 'Invalid SKU.'],
    ['-3', 'Invalid SKU.'],
    ['4294967296', 'The maximum SKU value for the selected encoding method is 4294967295.'],
  ])('refuses the SKU %s under the default NID32', async (sku, message) => {
    expect(detailOf(await create({ sku, name: 'Bad SKU' }))).toEqual({ sku: [message] });
  });

  it('checks the SKU against the explicit, the category and the parent category encoding', async () => {
    expect((await create({ sku: '4294967296', name: 'Big', encoding: enc.NID64 })).statusCode).toBe(201);
    expect(detailOf(await create({ sku: '18446744073709551616', name: 'Bigger', encoding: enc.NID64 }))).toEqual({
      sku: ['The maximum SKU value for the selected encoding method is 18446744073709551615.'],
    });
    const lookup = await make({ sku: 'TOOL/Box 1', name: 'Toolbox', encoding: enc.LOOKUP });
    expect(lookup.encoding).toBe(enc.LOOKUP);
    const got = await t.call({ method: 'GET', url: skuUrl('TOOL/Box 1'), token: admin.token });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().sku).toBe('TOOL/Box 1');

    const parent = await makeCategory(t, customerId, { name: 'Lookup parent', encoding: enc.LOOKUP });
    const child = await makeCategory(t, customerId, { name: 'Lookup child', parent: parent.id });
    const inherited = await make({ sku: 'CHILD-A', name: 'Inherited', category: child.id });
    expect(inherited).toMatchObject({
      category: child.id,
      category__name: 'Lookup child',
      category__parent: parent.id,
    });
    // An explicit encoding wins over the category's.
    expect(
      detailOf(await create({ sku: 'CHILD-B', name: 'Explicit', category: child.id, encoding: enc.NID32 })),
    ).toEqual({
      sku: ['The SKU is not valid for this type of encoding method.'],
    });
  });

  it('refuses a disabled encoding, an unknown encoding and an unknown category', async () => {
    expect(detailOf(await create({ sku: '5', name: 'Sgtin', encoding: enc.SGTIN96 }))).toEqual({
      encoding: ['Choose an enabled encoding method'],
    });
    expect(detailOf(await create({ sku: '5', name: 'X', encoding: 999999 }))).toEqual({
      encoding: ['Choose an enabled encoding method'],
    });
    expect(detailOf(await create({ sku: '5', name: 'X', category: 999999 }))).toEqual({
      category: ['Choose an existing category'],
    });
    const other = await makeCategory(t, outsider.user.customerId, { name: 'Theirs' });
    expect(detailOf(await create({ sku: '5', name: 'X', category: other.id }))).toEqual({
      category: ['Choose an existing category'],
    });
  });

  it('checks SGTIN-96 SKUs against the partition of the company prefix', async () => {
    await setEncoding(t, customerId, 'SGTIN96', { disabled: false, companyPrefix: '06141410' });
    expect((await create({ sku: '131071', name: 'Max sgtin', encoding: enc.SGTIN96 })).statusCode).toBe(201);
    expect(detailOf(await create({ sku: '131072', name: 'Over', encoding: enc.SGTIN96 }))).toEqual({
      sku: ['The maximum SKU value for the selected encoding method is 131071.'],
    });
    await setEncoding(t, customerId, 'SGTIN96', { disabled: true });
  });

  it('refuses a taken SKU and a taken product code, both at once, per customer', async () => {
    await make({ sku: '2001', name: 'Saw', product_code: 'SAW' });
    expect(detailOf(await create({ sku: '2001', name: 'Saw again', product_code: 'SAW' }))).toEqual({
      sku: ['A product with this SKU already exists.'],
      product_code: ['A product with this product code already exists.'],
    });
    // Empty product codes are no code: many products may have none.
    expect((await create({ sku: '2002', name: 'A', product_code: '' })).json().product_code).toBeNull();
    expect((await create({ sku: '2003', name: 'B', product_code: null })).json().product_code).toBeNull();
    // Another customer has its own SKUs and codes.
    expect((await create({ sku: '2001', name: 'Saw', product_code: 'SAW' }, outsider.token)).statusCode).toBe(201);
  });

  it('answers skuTaken when two creates race for one SKU', async () => {
    const results = await Promise.all(
      [1, 2, 3].map((n) => create({ sku: '3001', name: `Racer ${n}`, product_code: `RACE-${n}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    for (const res of results.filter((r) => r.statusCode === 400)) {
      expect(res.json().detail).toEqual({ sku: ['A product with this SKU already exists.'] });
    }
  });

  it('keeps sensor_product as the strings true/false', async () => {
    const sensor = await make({ sku: '4001', name: 'Sensor', metadata: { sensor_product: 'true' } });
    expect(sensor.metadata.sensor_product).toBe('true');
    expect((await create({ sku: '4002', name: 'Bad', metadata: { sensor_product: true } })).statusCode).toBe(400);
  });

  it('lets operators and applications create, viewers not, and needs a sign-in', async () => {
    expect((await create({ sku: '5001', name: 'By operator' }, operator.token)).statusCode).toBe(201);
    expect((await create({ sku: '5002', name: 'By application' }, application.token)).statusCode).toBe(201);
    const denied = await create({ sku: '5003', name: 'By viewer' }, viewer.token);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().type).toBe('PermissionDenied');
    expect((await t.call({ method: 'POST', url: BASE, payload: { sku: '5004', name: 'Anon' } })).statusCode).toBe(401);
  });
});

describe('product attributes', () => {
  let category: Awaited<ReturnType<typeof makeCategory>>;
  beforeAll(async () => {
    category = await makeCategory(t, customerId, {
      name: 'Attributed',
      fields: [
        { name: 'Colour', type: 'DropdownList', options: ['red', 'blue'], required: true },
        { name: 'Weight', type: 'Number' },
        { name: 'Made', type: 'DateTime', required: true },
        { name: 'Brand', fixed_data: true, fixed_value: 'ACME' },
        { name: 'Serial', asset_data: true, required: true },
        { name: 'Note', default_value: 'none' },
      ],
    });
  });
  const fieldId = (i: number) => () => category.fields[i]!.id;
  const colour = fieldId(0);
  const weight = fieldId(1);
  const made = fieldId(2);
  const brand = fieldId(3);
  const serial = fieldId(4);

  it('stores placeholders, fixed values and defaults, and drops item-level values', async () => {
    const product = await make({
      sku: '6001',
      name: 'Painted',
      category: category.id,
      attributes: [
        { datafield: colour(), value: 'red' },
        { datafield: made(), value: '2024-05-01T10:00:00' },
        { datafield: brand(), value: 'Other' },
        { datafield: serial(), value: 'S-1' },
      ],
    });
    expect(product.attributes).toEqual([
      { datafield: colour(), name: 'Colour', value: 'red' },
      { datafield: weight(), name: 'Weight', value: UNSET_NUMBER },
      { datafield: made(), name: 'Made', value: '2024-05-01T10:00:00' },
      { datafield: brand(), name: 'Brand', value: 'ACME' },
      { datafield: category.fields[5]!.id, name: 'Note', value: 'none' },
    ]);
    expect(product.category_fields.map((f) => f.name)).toEqual(['Colour', 'Weight', 'Made', 'Brand', 'Serial', 'Note']);
  });

  it('requires real values for required product fields', async () => {
    expect(detailOf(await create({ sku: '6002', name: 'Empty', category: category.id }))).toEqual({
      attributes: ['Product field name is required', 'Product field name is required'],
    });
    const res = await create({
      sku: '6002',
      name: 'Placeholders',
      category: category.id,
      attributes: [
        { datafield: colour(), value: '' },
        { datafield: made(), value: UNSET_DATETIME },
      ],
    });
    expect(detailOf(res)).toEqual({
      'attributes.0.value': ['Product field name is required'],
      'attributes.1.value': ['Product field name is required'],
    });
  });

  it('checks options, numbers, dates and unknown attributes', async () => {
    const res = await create({
      sku: '6003',
      name: 'Wrong',
      category: category.id,
      attributes: [
        { datafield: colour(), value: 'green' },
        { datafield: weight(), value: 'heavy' },
        { datafield: made(), value: '2024-02-30' },
        { datafield: 424242, value: 'x' },
      ],
    });
    expect(detailOf(res)).toEqual({
      'attributes.0.value': ['Choose one of the options of the list.'],
      'attributes.1.value': ['Enter a number.'],
      'attributes.2.value': ['Enter a valid date and time.'],
      'attributes.3.value': ['This attribute does not belong to the category.'],
    });
    expect(
      detailOf(await create({ sku: '6004', name: 'No category', attributes: [{ datafield: colour(), value: 'red' }] })),
    ).toEqual({
      'attributes.0.value': ['This attribute does not belong to the category.'],
    });
  });

  it('takes numbers, booleans and zoned dates as JSON clients send them, stored as the forms store them', async () => {
    const product = await make({
      sku: '6105',
      name: 'Typed',
      category: category.id,
      attributes: [
        { datafield: colour(), value: 'blue' },
        { datafield: weight(), value: 12.5 },
        { datafield: made(), value: '2024-05-01T08:00:00.000Z' },
        { datafield: category.fields[5]!.id, value: true },
      ],
    });
    expect(product.attributes.map((a) => a.value)).toEqual(['blue', '12.5', '2024-05-01T08:00:00', 'ACME', 'true']);
    const patched = await patch('6105', {
      attributes: product.attributes.map((a) => (a.datafield === weight() ? { ...a, value: -0.25 } : a)),
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().attributes[1].value).toBe('-0.25');
    // A value of the wrong kind for its field is refused as a typed one would be.
    const shapeless = await create({
      sku: '6106',
      name: 'Shapeless',
      category: category.id,
      attributes: [{ datafield: colour(), value: { nested: 'object' } }],
    });
    expect(detailOf(shapeless)).toEqual({ 'attributes.0.value': ['Enter text, a number or true or false.'] });
    const kinds = await create({
      sku: '6106',
      name: 'Wrong kinds',
      category: category.id,
      attributes: [
        { datafield: colour(), value: 3 },
        { datafield: weight(), value: true },
        { datafield: made(), value: 20240501 },
      ],
    });
    expect(detailOf(kinds)).toEqual({
      'attributes.0.value': ['Choose one of the options of the list.'],
      'attributes.1.value': ['Enter a number.'],
      'attributes.2.value': ['Enter a valid date and time.'],
    });
  });

  it('re-checks attributes when the category changes and keeps them otherwise', async () => {
    await make({ sku: '6005', name: 'Plain' });
    expect(detailOf(await patch('6005', { category: category.id }))).toEqual({
      attributes: ['Product field name is required', 'Product field name is required'],
    });
    const moved = await patch('6005', {
      category: category.id,
      attributes: [
        { datafield: colour(), value: 'blue' },
        { datafield: made(), value: '2020-01-01' },
      ],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const renamed = await patch('6005', { name: 'Plain renamed' });
    expect(renamed.json().attributes).toEqual(moved.json().attributes);
    const back = await patch('6005', { category: null });
    expect(back.json()).toMatchObject({ category: null, attributes: [], category_fields: [] });
  });
});

describe('updating and deleting products', () => {
  it('updates name, code, metadata and encoding with the same rules', async () => {
    await make({
      sku: 'LK-1',
      name: 'Lookup',
      encoding: enc.LOOKUP,
      product_code: 'LK',
      metadata: { fields: [{ key: 'a', type: 'text', value: 'b' }] },
    });
    await make({ sku: '7001', name: 'Numeric', product_code: 'NUM' });
    const res = await patch('LK-1', { name: 'Lookup 2', product_code: 'LK2', metadata: { description: 'New' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Lookup 2',
      product_code: 'LK2',
      metadata: { description: 'New', sensor_product: 'false', fields: [{ key: 'a', type: 'text', value: 'b' }] },
    });
    expect(detailOf(await patch('LK-1', { product_code: 'NUM' }))).toEqual({
      product_code: ['A product with this product code already exists.'],
    });
    expect((await patch('LK-1', { product_code: 'LK2' })).statusCode).toBe(200);
    expect(detailOf(await patch('LK-1', { encoding: enc.NID32 }))).toEqual({
      sku: ['The SKU is not valid for this type of encoding method.'],
    });
    expect(detailOf(await patch('LK-1', { encoding: null }))).toEqual({
      sku: ['The SKU is not valid for this type of encoding method.'],
    });
    expect(detailOf(await patch('LK-1', { name: '' }))).toEqual({ name: ['Product name is required'] });
    expect((await patch('7001', { encoding: enc.NID64 })).json().encoding).toBe(enc.NID64);
  });

  it('lets administrators and applications write, not operators or viewers', async () => {
    await make({ sku: '7101', name: 'Guarded' });
    for (const who of [operator, viewer]) {
      const res = await patch('7101', { name: 'Nope' }, who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
      expect((await t.call({ method: 'DELETE', url: skuUrl('7101'), token: who.token })).statusCode).toBe(403);
    }
    expect((await patch('7101', { name: 'By application' }, application.token)).statusCode).toBe(200);
    expect((await t.call({ method: 'DELETE', url: skuUrl('7101'), token: application.token })).statusCode).toBe(204);
  });

  it('deletes a product with all its items', async () => {
    const product = await make({ sku: '7201', name: 'Doomed' });
    await insertItems(t, customerId, '7201', ['8000000000001C91', '8000000000001C92']);
    await insertItems(t, customerId, '7201', ['8000000000001C93'], { removed: true });
    expect((await t.call({ method: 'GET', url: skuUrl('7201'), token: admin.token })).json().item_count).toBe(2);
    const res = await t.call({ method: 'DELETE', url: skuUrl('7201'), token: admin.token });
    expect(res.statusCode).toBe(204);
    expect(await countItemRows(t, customerId, product.id)).toBe(0);
    expect((await t.call({ method: 'GET', url: skuUrl('7201'), token: admin.token })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: skuUrl('7201'), token: admin.token })).statusCode).toBe(404);
  });

  it("answers NotFound for another customer's products", async () => {
    const product = await make({ sku: '7301', name: 'Private' });
    for (const [method, url] of [
      ['GET', skuUrl('7301')],
      ['GET', `${BASE}id/${product.id}`],
      ['PATCH', skuUrl('7301')],
      ['DELETE', skuUrl('7301')],
    ] as const) {
      const res = await t.call({
        method,
        url,
        token: outsider.token,
        payload: method === 'PATCH' ? { name: 'x' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().type).toBe('NotFound');
    }
    expect((await t.call({ method: 'GET', url: `${BASE}id/abc`, token: admin.token })).statusCode).toBe(404);
    expect((await list('?search=Private', outsider.token)).count).toBe(0);
  });
});

describe('the product list', () => {
  let own: Awaited<ReturnType<typeof signedIn>>;
  let top: number;
  let sub: number;
  let other: number;
  beforeAll(async () => {
    own = await signedIn(t, 'administrator');
    const id = own.user.customerId;
    top = (await makeCategory(t, id, { name: 'Beta tools' })).id;
    sub = (await makeCategory(t, id, { name: 'Alpha sub', parent: top })).id;
    other = (await makeCategory(t, id, { name: 'Gamma' })).id;
    const rows = [
      { sku: '30', name: 'hammer', product_code: 'H-1', category: top },
      { sku: '4', name: 'Anvil', product_code: 'A-1', category: sub },
      { sku: '100', name: 'Chisel', product_code: null, category: other, metadata: { sensor_product: 'true' } },
      { sku: '7', name: 'Bolt', product_code: 'B-9', category: null },
    ];
    for (const row of rows) {
      const res = await create(row, own.token);
      expect(res.statusCode, res.body).toBe(201);
    }
    await insertItems(t, id, '30', ['8000000000000001', '8000000000000002']);
  });
  const skus = async (query: string) => (await list(query, own.token)).results.map((p) => p.sku);

  it('orders by SKU by default and by each sortable column both ways', async () => {
    expect(await skus('?exclude_product=Unassigned')).toEqual(['100', '30', '4', '7']);
    expect(await skus('?exclude_product=Unassigned&ordering=-sku')).toEqual(['7', '4', '30', '100']);
    expect(await skus('?exclude_product=Unassigned&ordering=name')).toEqual(['4', '7', '100', '30']);
    expect(await skus('?exclude_product=Unassigned&ordering=-product_code')).toEqual(['30', '7', '4', '100']);
    expect(await skus('?exclude_product=Unassigned&ordering=category__name')).toEqual(['4', '30', '100', '7']);
  });

  it('refuses an ordering field it does not have, naming it', async () => {
    const res = await t.call({ method: 'GET', url: '/master-data/product/?ordering=unknown', token: own.token });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail.ordering[0]).toMatch(/^Cannot order by "unknown"\. Order by one of: sku, name/);
  });

  it('pages in the database and counts all', async () => {
    const page = await list('?exclude_product=Unassigned&page=2&page_size=3', own.token);
    expect(page.count).toBe(4);
    expect(page.results.map((p) => p.sku)).toEqual(['7']);
    expect((await list('?page=1&page_size=2', own.token)).count).toBe(5);
  });

  it('searches SKU, name and product code case-insensitively', async () => {
    expect(await skus('?search=HAMM')).toEqual(['30']);
    expect(await skus('?search=b-9')).toEqual(['7']);
    expect(await skus('?search=10')).toEqual(['100']);
    expect(await skus('?search=%25')).toEqual([]);
  });

  it('filters by category (-1 all, 0 none, an id with its subcategories) and has_category', async () => {
    expect(await skus('?category=-1&exclude_product=Unassigned')).toHaveLength(4);
    expect(await skus('?category=0')).toEqual(['7', 'Unassigned']);
    expect(await skus(`?category=${top}`)).toEqual(['30', '4']);
    expect(await skus(`?category=${sub}`)).toEqual(['4']);
    expect(await skus('?category=99999')).toEqual([]);
    expect(await skus('?has_category=false')).toEqual(['7', 'Unassigned']);
    expect(await skus('?metadata=sensor_product=true')).toEqual(['100']);
    expect(await skus('?exclude_product=Unassigned,7&category=0')).toEqual([]);
  });

  it('answers category names and item counts for the page', async () => {
    const page = await list('?search=hammer', own.token);
    expect(page.results[0]).toMatchObject({ category__name: 'Beta tools', category__parent: null, item_count: 2 });
    const anvil = (await list('?search=anvil', own.token)).results[0]!;
    expect(anvil).toMatchObject({ category__name: 'Alpha sub', category__parent: top, item_count: 0 });
  });

  it('is readable by every role and validates its query', async () => {
    expect((await t.call({ method: 'GET', url: BASE, token: viewer.token })).statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: `${BASE}?page=0`, token: own.token })).statusCode).toBe(400);
    expect((await t.call({ method: 'GET', url: `${BASE}?category=-2`, token: own.token })).statusCode).toBe(400);
  });
});
