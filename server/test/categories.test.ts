import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Encoding } from '@tagtrack/contract';
import { items, locations, products } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

type SignedIn = Awaited<ReturnType<typeof signedIn>>;
type ProductRow = typeof products.$inferSelect;
type ItemRow = typeof items.$inferSelect;
type LocationRow = typeof locations.$inferSelect;
let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let operator: SignedIn;
let application: SignedIn;
let outsider: SignedIn;
let encodings: Encoding[];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  operator = await signedIn(t, 'operator', admin.customerName);
  application = await signedIn(t, 'application', admin.customerName);
  outsider = await signedIn(t, 'administrator');
  encodings = (await t.call({ method: 'GET', url: '/master-data/encoding/', token: admin.token })).json().encodings;
});
afterAll(() => t.close());

const BASE = '/tag-data/category/';
const encodingId = (method: string) => encodings.find((e) => e.method === method)!.id;

const post = (payload: object, token = admin.token) => t.call({ method: 'POST', url: BASE, token, payload });
const patch = (id: number, payload: object, token = admin.token) =>
  t.call({ method: 'PATCH', url: `${BASE}${id}/`, token, payload });
const get = (id: number, token = admin.token) => t.call({ method: 'GET', url: `${BASE}${id}/`, token });
const remove = (id: number, token = admin.token) => t.call({ method: 'DELETE', url: `${BASE}${id}/`, token });
async function make(payload: object, token = admin.token): Promise<Category> {
  const res = await post(payload, token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Category>();
}
async function list(query: string, token = admin.token): Promise<{ count: number; results: Category[] }> {
  const res = await t.call({ method: 'GET', url: `${BASE}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function detailOf(res: Awaited<ReturnType<typeof post>>) {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().type).toBe('ValidationError');
  return res.json().detail as Record<string, string[]>;
}

const scope = (who: SignedIn) => new TenantScope(t.database.privileged, who.user.customerId);
async function addProduct(who: SignedIn, sku: string, values: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await scope(who)
    .insert(products, { sku, name: `Product ${sku}`, ...values })
    .returning();
  return row!;
}
async function addItem(
  who: SignedIn,
  productId: number,
  code: string,
  values: Partial<typeof items.$inferInsert> = {},
) {
  const [root] = (await scope(who).select(locations, eq(locations.special, 'unassigned'))) as LocationRow[];
  const [row] = await scope(who)
    .insert(items, { code, productId, locationUuid: root!.uuid, ...values })
    .returning();
  return row!;
}

const FIELDS = [
  { name: 'Colour', type: 'Text', required: true, show_in_table: true },
  { name: 'Size', type: 'DropdownList', options: ['S', 'M', 'L'], default_value: 'M' },
  { name: 'Bought', type: 'DateTime', asset_data: true },
  { name: 'Weight', type: 'Number', fixed_data: true, fixed_value: '2.5', required: true, asset_data: true },
];

describe('creating a category', () => {
  it('stores the category with its attributes, a fixed one neither required nor item-only', async () => {
    const created = await make({
      name: ' Tools ',
      description: 'Hand tools',
      encoding: encodingId('NID64'),
      fields: FIELDS,
    });
    expect(created).toMatchObject({
      name: 'Tools',
      description: 'Hand tools',
      parent: null,
      encoding: encodingId('NID64'),
      subcategories: [],
      product_count: 0,
    });
    expect(created.fields.map(({ id: _, ...f }) => f)).toEqual([
      {
        name: 'Colour',
        type: 'Text',
        required: true,
        default_value: null,
        fixed_data: false,
        fixed_value: null,
        asset_data: false,
        show_in_table: true,
        options: [],
      },
      {
        name: 'Size',
        type: 'DropdownList',
        required: false,
        default_value: 'M',
        fixed_data: false,
        fixed_value: null,
        asset_data: false,
        show_in_table: false,
        options: ['S', 'M', 'L'],
      },
      {
        name: 'Bought',
        type: 'DateTime',
        required: false,
        default_value: null,
        fixed_data: false,
        fixed_value: null,
        asset_data: true,
        show_in_table: false,
        options: [],
      },
      {
        name: 'Weight',
        type: 'Number',
        required: false,
        default_value: null,
        fixed_data: true,
        fixed_value: '2.5',
        asset_data: false,
        show_in_table: false,
        options: [],
      },
    ]);
    for (const who of [admin, viewer, operator, application]) {
      const res = await get(created.id, who.token);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(created);
    }
  });

  it('adds a subcategory under a top-level category, shown under its parent', async () => {
    const parent = await make({ name: 'Vehicles' });
    const child = await make({ name: 'Trucks', parent: parent.id, fields: [{ name: 'Plate', type: 'Text' }] });
    expect(child).toMatchObject({ parent: parent.id, subcategories: [] });
    const reread = (await get(parent.id)).json<Category>();
    expect(reread.subcategories).toEqual([
      {
        id: child.id,
        name: 'Trucks',
        description: '',
        parent: parent.id,
        encoding: null,
        fields: child.fields,
      },
    ]);
  });

  it('is for administrators and applications', async () => {
    for (const who of [viewer, operator]) {
      const res = await post({ name: 'Nope' }, who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
    }
    expect((await post({ name: 'By the application' }, application.token)).statusCode).toBe(201);
  });

  it.each<[string, object, Record<string, string[]>]>([
    ['a blank name', { name: '  ' }, { name: ['Category name is required'] }],
    ['no name', {}, { name: ['Category name is required'] }],
    ['a long name', { name: 'x'.repeat(151) }, { name: ['This field may have at most 150 characters'] }],
    [
      'an attribute without a name',
      { name: 'C', fields: [{ name: ' ', type: 'Text' }] },
      { 'fields.0.name': ['Attribute name is required'] },
    ],
    [
      'a fixed attribute without a value',
      {
        name: 'C',
        fields: [
          { name: 'A', type: 'Text' },
          { name: 'B', type: 'Text', fixed_data: true },
        ],
      },
      { 'fields.1.fixed_value': ['Fixed value is required'] },
    ],
    [
      'a list without options',
      { name: 'C', fields: [{ name: 'A', type: 'DropdownList' }] },
      { 'fields.0.options': ['A list attribute needs at least one option.'] },
    ],
    [
      'a list default that is no option',
      { name: 'C', fields: [{ name: 'A', type: 'DropdownList', options: ['x'], default_value: 'y' }] },
      { 'fields.0.default_value': ['Choose one of the options of the list.'] },
    ],
    [
      'a list fixed value that is no option',
      { name: 'C', fields: [{ name: 'A', type: 'DropdownList', options: ['x'], fixed_data: true, fixed_value: 'y' }] },
      { 'fields.0.fixed_value': ['Choose one of the options of the list.'] },
    ],
    [
      'a number default that is text',
      { name: 'C', fields: [{ name: 'A', type: 'Number', default_value: 'ten' }] },
      { 'fields.0.default_value': ['Enter a number.'] },
    ],
    [
      'a date fixed value that is no date',
      { name: 'C', fields: [{ name: 'A', type: 'DateTime', fixed_data: true, fixed_value: '2026-13-01' }] },
      { 'fields.0.fixed_value': ['Enter a valid date and time.'] },
    ],
    [
      'two attributes of the same name',
      {
        name: 'C',
        fields: [
          { name: 'Serial', type: 'Text' },
          { name: 'SERIAL ', type: 'Number' },
        ],
      },
      { 'fields.1.name': ['Two attributes of a category cannot have the same name.'] },
    ],
    ['an unknown parent', { name: 'C', parent: 999999999 }, { parent: ['Choose an existing category'] }],
    ['an unknown encoding', { name: 'C', encoding: 999999999 }, { encoding: ['Choose an enabled encoding method'] }],
  ])('refuses %s', async (_, payload, detail) => {
    expect(await detailOf(await post(payload))).toEqual(detail);
  });

  it('refuses a disabled encoding, another customer’s encoding or parent, and a second level', async () => {
    expect(await detailOf(await post({ name: 'C', encoding: encodingId('SGTIN96') }))).toEqual({
      encoding: ['Choose an enabled encoding method'],
    });
    const theirEncodings: Encoding[] = (
      await t.call({ method: 'GET', url: '/master-data/encoding/', token: outsider.token })
    ).json().encodings;
    expect(await detailOf(await post({ name: 'C', encoding: theirEncodings[0]!.id }))).toEqual({
      encoding: ['Choose an enabled encoding method'],
    });
    const theirs = await make({ name: 'Theirs' }, outsider.token);
    expect(await detailOf(await post({ name: 'C', parent: theirs.id }))).toEqual({
      parent: ['Choose an existing category'],
    });
    const top = await make({ name: 'Top' });
    const sub = await make({ name: 'Sub', parent: top.id });
    expect(await detailOf(await post({ name: 'C', parent: sub.id }))).toEqual({
      parent: ['A subcategory cannot have subcategories of its own.'],
    });
  });
});

describe('another customer’s category', () => {
  it('is not found and not listed', async () => {
    const theirs = await make({ name: 'Secret stuff' }, outsider.token);
    expect((await get(theirs.id)).statusCode).toBe(404);
    expect((await patch(theirs.id, { name: 'Mine' })).statusCode).toBe(404);
    expect((await remove(theirs.id)).statusCode).toBe(404);
    expect((await get(theirs.id, outsider.token)).json().name).toBe('Secret stuff');
    expect((await list('?search=secret')).count).toBe(0);
    expect((await list('?search=secret&only_root=true')).count).toBe(0);
    expect((await t.call({ method: 'GET', url: `${BASE}abc/`, token: admin.token })).statusCode).toBe(404);
  });
});

describe('updating a category', () => {
  it('changes name, description and encoding and keeps the parent', async () => {
    const top = await make({ name: 'Furniture' });
    const sub = await make({ name: 'Chairs', parent: top.id });
    const res = await patch(sub.id, {
      name: 'Seats',
      description: 'All seats',
      encoding: encodingId('LOOKUP'),
      parent: top.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Seats', description: 'All seats', encoding: encodingId('LOOKUP') });
    expect(await detailOf(await patch(sub.id, { parent: null }))).toEqual({
      parent: ['The parent of a category cannot be changed.'],
    });
    expect(await detailOf(await patch(top.id, { parent: sub.id }))).toEqual({
      parent: ['The parent of a category cannot be changed.'],
    });
    expect(await detailOf(await patch(sub.id, { name: '' }))).toEqual({ name: ['Category name is required'] });
    expect(await detailOf(await patch(sub.id, { encoding: encodingId('SGTIN96') }))).toEqual({
      encoding: ['Choose an enabled encoding method'],
    });
    expect((await patch(sub.id, { encoding: null })).json().encoding).toBeNull();
  });

  it('is for administrators and applications', async () => {
    const category = await make({ name: 'Guarded' });
    for (const who of [viewer, operator]) {
      expect((await patch(category.id, { name: 'X' }, who.token)).statusCode).toBe(403);
      expect((await remove(category.id, who.token)).statusCode).toBe(403);
    }
    expect((await patch(category.id, { name: 'Renamed' }, application.token)).json().name).toBe('Renamed');
    expect((await remove(category.id, application.token)).statusCode).toBe(204);
  });

  it('updates fields with an id in place, adds those without, deletes the missing ones and their values', async () => {
    const category = await make({ name: 'Laptops', fields: FIELDS });
    const [colour, size, bought, weight] = category.fields;
    const product = await addProduct(admin, 'L-1', {
      categoryId: category.id,
      attributes: [
        { datafield: colour!.id, name: 'Colour', value: 'Grey' },
        { datafield: size!.id, name: 'Size', value: 'S' },
        { datafield: weight!.id, name: 'Weight', value: '2.5' },
      ],
    });
    const item = await addItem(admin, product.id, 'AAAA0001', {
      attributes: [{ datafield: bought!.id, name: 'Bought', value: '2026-01-01T00:00:00' }],
    });
    const untouched = await addProduct(admin, 'L-2', {
      attributes: [{ datafield: size!.id, name: 'Size', value: 'S' }],
    });
    const res = await patch(category.id, {
      fields: [
        { ...colour!, name: 'Color', required: false },
        { name: 'Owner', type: 'Text' },
        { ...weight!, fixed_value: '3' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const fields = res.json<Category>().fields;
    expect(fields.map((f) => [f.name, f.required, f.fixed_value])).toEqual([
      ['Color', false, null],
      ['Owner', false, null],
      ['Weight', false, '3'],
    ]);
    expect(fields[0]!.id).toBe(colour!.id);
    expect(fields[2]!.id).toBe(weight!.id);
    expect([colour!.id, size!.id, bought!.id, weight!.id]).not.toContain(fields[1]!.id);
    const [productAfter] = (await scope(admin).select(products, eq(products.id, product.id))) as ProductRow[];
    expect(productAfter!.attributes).toEqual([
      { datafield: colour!.id, name: 'Color', value: 'Grey' },
      { datafield: weight!.id, name: 'Weight', value: '2.5' },
    ]);
    const [itemAfter] = (await scope(admin).select(items, eq(items.id, item.id))) as ItemRow[];
    expect(itemAfter!.attributes).toEqual([]);
    const [otherAfter] = (await scope(admin).select(products, eq(products.id, untouched.id))) as ProductRow[];
    expect(otherAfter!.attributes).toHaveLength(1);
    expect((await patch(category.id, { name: 'Notebooks' })).json().fields).toEqual(fields);
  });

  it('checks the fields’ rules and that their ids belong to the category', async () => {
    const category = await make({ name: 'Phones', fields: [{ name: 'IMEI', type: 'Text' }] });
    const other = await make({ name: 'Tablets', fields: [{ name: 'Model', type: 'Text' }] });
    expect(await detailOf(await patch(category.id, { fields: [{ ...other.fields[0]!, name: 'Model' }] }))).toEqual({
      'fields.0.id': ['This attribute does not belong to the category.'],
    });
    expect(
      await detailOf(
        await patch(category.id, {
          fields: [category.fields[0]!, { ...category.fields[0]!, name: 'IMEI 2' }],
        }),
      ),
    ).toEqual({ 'fields.1.id': ['This attribute does not belong to the category.'] });
    expect(
      await detailOf(await patch(category.id, { fields: [category.fields[0]!, { name: 'imei', type: 'Text' }] })),
    ).toEqual({ 'fields.1.name': ['Two attributes of a category cannot have the same name.'] });
    expect(
      await detailOf(await patch(category.id, { fields: [{ name: 'Price', type: 'Number', fixed_data: true }] })),
    ).toEqual({ 'fields.0.fixed_value': ['Fixed value is required'] });
    expect((await get(category.id)).json().fields).toEqual(category.fields);
  });
});

describe('deleting a category', () => {
  it('deletes its subcategories and moves the products of both to no category', async () => {
    const top = await make({ name: 'Machines', fields: [{ name: 'Power', type: 'Number' }] });
    const sub = await make({ name: 'Lathes', parent: top.id });
    const keep = await make({ name: 'Kept' });
    const p1 = await addProduct(admin, 'M-1', {
      categoryId: top.id,
      attributes: [{ datafield: top.fields[0]!.id, name: 'Power', value: '5' }],
    });
    const p2 = await addProduct(admin, 'M-2', { categoryId: sub.id });
    const item = await addItem(admin, p2.id, 'CCCC0001', {
      attributes: [{ datafield: top.fields[0]!.id, name: 'Power', value: '5' }],
    });
    const p3 = await addProduct(admin, 'M-3', { categoryId: keep.id });
    expect((await get(top.id)).json().product_count).toBe(2);
    const res = await remove(top.id);
    expect(res.statusCode).toBe(204);
    expect((await get(top.id)).statusCode).toBe(404);
    expect((await get(sub.id)).statusCode).toBe(404);
    const rows = (await scope(admin).select(products)) as ProductRow[];
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(p1.id)).toMatchObject({ categoryId: null, attributes: [] });
    expect(byId.get(p2.id)!.categoryId).toBeNull();
    expect(byId.get(p3.id)!.categoryId).toBe(keep.id);
    const [itemAfter] = (await scope(admin).select(items, eq(items.id, item.id))) as ItemRow[];
    expect(itemAfter!.attributes).toEqual([]);
  });

  it('deletes a subcategory alone', async () => {
    const top = await make({ name: 'Boats' });
    const sub = await make({ name: 'Canoes', parent: top.id });
    const product = await addProduct(admin, 'B-1', { categoryId: sub.id });
    expect((await remove(sub.id)).statusCode).toBe(204);
    expect((await get(top.id)).json().subcategories).toEqual([]);
    const [row] = (await scope(admin).select(products, eq(products.id, product.id))) as ProductRow[];
    expect(row!.categoryId).toBeNull();
  });
});

describe('the category list', () => {
  let who: SignedIn;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    who = await signedIn(t, 'administrator');
    for (const name of ['beta', 'Alpha', 'gamma', 'Delta']) {
      ids[name] = (await make({ name, fields: [{ name: `${name} field`, type: 'Text' }] }, who.token)).id;
    }
    ids.zeta = (await make({ name: 'Zeta', parent: ids.Alpha }, who.token)).id;
    ids.eta = (
      await make({ name: 'eta', parent: ids.Alpha, fields: [{ name: 'Eta field', type: 'Text' }] }, who.token)
    ).id;
    ids.omega = (await make({ name: 'Omega', parent: ids.gamma }, who.token)).id;
  });
  const names = (page: { results: Category[] }) => page.results.map((c) => c.name);

  it('lists top-level categories with their subcategories and fields, sorted by name either way', async () => {
    const page = await list('?only_root=true', who.token);
    expect(page.count).toBe(4);
    expect(names(page)).toEqual(['Alpha', 'beta', 'Delta', 'gamma']);
    const alpha = page.results[0]!;
    expect(alpha.subcategories.map((s) => s.name)).toEqual(['eta', 'Zeta']);
    expect(alpha.subcategories[0]!.fields.map((f) => f.name)).toEqual(['Eta field']);
    expect(alpha.fields.map((f) => f.name)).toEqual(['Alpha field']);
    const down = await list('?only_root=true&ordering=-name', who.token);
    expect(names(down)).toEqual(['gamma', 'Delta', 'beta', 'Alpha']);
    expect(down.results[3]!.subcategories.map((s) => s.name)).toEqual(['Zeta', 'eta']);
  });

  it('pages in the database', async () => {
    const first = await list('?only_root=true&page_size=3', who.token);
    expect(first.count).toBe(4);
    expect(names(first)).toEqual(['Alpha', 'beta', 'Delta']);
    const second = await list('?only_root=true&page_size=3&page=2', who.token);
    expect(names(second)).toEqual(['gamma']);
    expect(second.results[0]!.subcategories.map((s) => s.name)).toEqual(['Omega']);
    expect((await list('?only_root=true&page_size=10000', who.token)).count).toBe(4);
    // Above the maximum, clamped to it as Django REST clients expect.
    expect((await list('?only_root=true&page_size=10001', who.token)).count).toBe(4);
  });

  it('searches a category or one of its subcategories, case-insensitively', async () => {
    const byParent = await list('?only_root=true&search=ALPH', who.token);
    expect(names(byParent)).toEqual(['Alpha']);
    expect(byParent.results[0]!.subcategories.map((s) => s.name)).toEqual(['eta', 'Zeta']);
    const bySub = await list('?only_root=true&search=OMEG', who.token);
    expect(bySub.count).toBe(1);
    expect(names(bySub)).toEqual(['gamma']);
    expect(bySub.results[0]!.subcategories.map((s) => s.name)).toEqual(['Omega']);
    const zet = await list('?only_root=true&search=zet', who.token);
    expect(zet.results[0]!.subcategories.map((s) => s.name)).toEqual(['Zeta']);
    const eta = await list('?only_root=true&search=eta', who.token);
    expect(names(eta)).toEqual(['Alpha', 'beta']);
    expect(eta.results[0]!.subcategories.map((s) => s.name)).toEqual(['eta', 'Zeta']);
    expect((await list('?only_root=true&search=100%25', who.token)).count).toBe(0);
  });

  it('lists every category flat without only_root', async () => {
    const page = await list('?page_size=100', who.token);
    expect(page.count).toBe(7);
    expect(names(page)).toEqual(['Alpha', 'beta', 'Delta', 'eta', 'gamma', 'Omega', 'Zeta']);
    const zeta = page.results.find((c) => c.name === 'Zeta')!;
    expect(zeta).toMatchObject({ parent: ids.Alpha, subcategories: [] });
    expect(names(await list('?search=ETA', who.token))).toEqual(['beta', 'eta', 'Zeta']);
  });

  it('is readable by every role', async () => {
    for (const role of ['viewer', 'operator', 'application'] as const) {
      const reader = await signedIn(t, role, who.customerName);
      expect((await list('?only_root=true', reader.token)).count).toBe(4);
    }
  });

  it('with inventory=true keeps categories holding a product with items not removed', async () => {
    const inBeta = await addProduct(who, 'I-1', { categoryId: ids.beta });
    await addItem(who, inBeta.id, 'BBBB0001');
    const inOmega = await addProduct(who, 'I-2', { categoryId: ids.omega });
    await addItem(who, inOmega.id, 'BBBB0002');
    const removedOnly = await addProduct(who, 'I-3', { categoryId: ids.Delta });
    await addItem(who, removedOnly.id, 'BBBB0003', { removed: true });
    await addProduct(who, 'I-4', { categoryId: ids.eta });
    const roots = await list('?inventory=true&only_root=true', who.token);
    expect(roots.count).toBe(2);
    expect(names(roots)).toEqual(['beta', 'gamma']);
    expect(roots.results[1]!.subcategories.map((s) => s.name)).toEqual(['Omega']);
    expect(names(await list('?inventory=true', who.token))).toEqual(['beta', 'Omega']);
    expect(roots.results.map((c) => c.product_count)).toEqual([1, 1]);
    const alpha = (await list('?only_root=true&search=zeta', who.token)).results[0]!;
    expect(alpha.subcategories.map((s) => s.name)).toEqual(['Zeta']);
    expect(alpha.product_count).toBe(1);
    expect((await list('?search=eta', who.token)).results.map((c) => [c.name, c.product_count])).toEqual([
      ['beta', 1],
      ['eta', 1],
      ['Zeta', 0],
    ]);
  });
});
