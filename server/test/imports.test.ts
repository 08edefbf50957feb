import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEpc, type ImportPreview, type Location } from '@tagtrack/contract';
import { categories, categoryFields, encodings, items, locations, products } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { codeMismatches } from './error-codes.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { multipart } from './multipart.js';

type User = Awaited<ReturnType<typeof signedIn>>;

let t: TestApp;
let admin: User;
let operator: User;
let application: User;
let viewer: User;
let other: User;
let tenant: TenantScope;
let hall: Location;
let lookupEncoding: number;

const PRODUCTS = '/master-data/product/import/';
const ITEMS = '/tag-data/tag/import/';
const PRODUCT_HEADER =
  'sku,name,product_code,category,encoding,description,sensor_product,attribute:Brand,attribute:Voltage';
const ITEM_HEADER = 'epc,sku,name,location,status,attribute:Condition,attribute:Size';
const nid32 = (sku: number, serial: number) => encodeEpc('NID32', String(sku), String(serial));

function send(url: string, csv: string | Buffer, token = admin.token, filename = 'import.csv') {
  const body = multipart(
    {},
    { filename, contentType: 'text/csv', data: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) },
  );
  return t.call({ method: 'POST', url, token, ...body });
}

/** A preview's answer, each row error as its row and English message (codes: see the test of codes). */
async function preview(url: string, csv: string, token = admin.token) {
  const res = await send(`${url}preview/`, csv, token);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ImportPreview>();
  return { rows: body.rows, errors: body.errors.map(({ row, message }) => ({ row, message })) };
}

const lines = (...rows: string[]) => rows.join('\n') + '\n';
const productCount = async (scope = tenant) => scope.count(products);
const itemCount = async (scope = tenant) => scope.count(items);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  operator = await signedIn(t, 'operator', admin.customerName);
  application = await signedIn(t, 'application', admin.customerName);
  viewer = await signedIn(t, 'viewer', admin.customerName);
  other = await signedIn(t, 'administrator');
  tenant = new TenantScope(t.database.privileged, admin.user.customerId);

  const [lookup] = await tenant.select(encodings, eq(encodings.method, 'LOOKUP'));
  lookupEncoding = (lookup as typeof encodings.$inferSelect).id;
  const [tools] = await tenant.insert(categories, { name: 'Tools', parentId: null }).returning();
  await tenant.insert(categories, { name: 'Drills', parentId: tools!.id }).returning();
  const [boxes] = await tenant
    .insert(categories, { name: 'Boxes', parentId: null, encodingId: lookupEncoding })
    .returning();
  await tenant.insertMany(categoryFields, [
    { categoryId: tools!.id, position: 0, name: 'Brand', type: 'Text', required: true },
    { categoryId: tools!.id, position: 1, name: 'Voltage', type: 'Number' },
    {
      categoryId: tools!.id,
      position: 2,
      name: 'Condition',
      type: 'DropdownList',
      assetData: true,
      options: ['New', 'Used'],
    },
    {
      categoryId: boxes!.id,
      position: 0,
      name: 'Size',
      type: 'DropdownList',
      assetData: true,
      required: true,
      options: ['S', 'M', 'L'],
    },
  ]);
  await tenant.insertMany(products, [
    { sku: '500', name: 'Screwdriver', productCode: 'P-500', categoryId: tools!.id, attributes: [] },
    { sku: 'BOX-1', name: 'Crate', productCode: null, categoryId: boxes!.id, attributes: [] },
  ]);
  const site = await t.call({
    method: 'POST',
    url: '/configuration/location/',
    token: admin.token,
    payload: { name: 'Site A', parent: null },
  });
  hall = (
    await t.call({
      method: 'POST',
      url: '/configuration/location/',
      token: admin.token,
      payload: { name: 'Hall 1', parent: site.json<Location>().uuid },
    })
  ).json<Location>();
});
afterAll(() => t.close());

describe('product import', () => {
  const good = lines(
    PRODUCT_HEADER,
    '1001,Hammer,H-1,Tools,,Heavy,false,Acme,12',
    '1002,Cordless drill,,Tools > Drills,,,,,',
    'ABC-9,Label box,,Boxes,,,true,,',
  );
  const bad = good.replace('1002,Cordless drill', '10x2,Cordless drill');

  it('offers a template with the header, the attribute columns of product level and an example row', async () => {
    const res = await t.call({ method: 'GET', url: `${PRODUCTS}template/`, token: admin.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('attachment');
    const [header, example] = res.body.trim().split('\n');
    expect(header).toBe(PRODUCT_HEADER);
    expect(example).toMatch(/^1001,Example product,/);
  });

  it('previews a file with one bad row: the row number and its message, nothing written', async () => {
    const before = await productCount();
    expect(await preview(PRODUCTS, bad)).toEqual({
      rows: 3,
      errors: [{ row: 3, message: 'sku: The SKU is not valid for this type of encoding method.' }],
    });
    expect(await productCount()).toBe(before);
  });

  it('refuses to commit a file with errors and writes none of its rows', async () => {
    const before = await productCount();
    const res = await send(PRODUCTS, bad);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: 'ValidationError',
      detail: [
        'The file has errors: nothing was imported.',
        'Row 3: sku: The SKU is not valid for this type of encoding method.',
      ],
    });
    expect(await productCount()).toBe(before);
    expect(await tenant.count(products, eq(products.sku, '1001'))).toBe(0);
  });

  it('gives each row problem its code, values, row and column, in the preview and in a refused commit', async () => {
    const csv = lines(PRODUCT_HEADER, '4294967296,Too big,,,,,,,', '4101,,,,,,,,');
    const res = await send(`${PRODUCTS}preview/`, csv);
    expect(res.json<ImportPreview>().errors).toEqual([
      {
        row: 2,
        column: 'sku',
        message: 'sku: The maximum SKU value for the selected encoding method is 4294967295.',
        code: 'skuAboveMaximum',
        params: { limit: '4294967295' },
      },
      { row: 3, column: 'name', message: 'name: Product name is required', code: 'requiredProductName', params: {} },
    ]);
    const refused = await send(PRODUCTS, csv);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().codes).toEqual([
      { code: 'importHasErrors' },
      { code: 'skuAboveMaximum', params: { limit: '4294967295', row: '2', column: 'sku' } },
      { code: 'requiredProductName', params: { row: '3', column: 'name' } },
    ]);
    expect(codeMismatches(refused.json().detail, refused.json().codes)).toEqual([]);
  });

  it('commits the fixed file: every row with its category, attributes and metadata', async () => {
    expect(await preview(PRODUCTS, good)).toEqual({ rows: 3, errors: [] });
    const res = await send(PRODUCTS, good);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: 3 });
    const [hammer] = (await tenant.select(products, eq(products.sku, '1001'))) as (typeof products.$inferSelect)[];
    expect(hammer).toMatchObject({
      name: 'Hammer',
      productCode: 'H-1',
      metadata: { description: 'Heavy', sensor_product: 'false' },
    });
    expect(hammer!.attributes.map((a) => [a.name, a.value])).toEqual([
      ['Brand', 'Acme'],
      ['Voltage', '12'],
    ]);
    const [drill] = (await tenant.select(products, eq(products.sku, '1002'))) as (typeof products.$inferSelect)[];
    const [drills] = (await tenant.select(
      categories,
      eq(categories.name, 'Drills'),
    )) as (typeof categories.$inferSelect)[];
    expect(drill!.categoryId).toBe(drills!.id);
    expect(drill!.productCode).toBeNull();
    const [box] = (await tenant.select(products, eq(products.sku, 'ABC-9'))) as (typeof products.$inferSelect)[];
    expect(box!.metadata.sensor_product).toBe('true');
  });

  it('finds duplicates within the file and against the catalogue', async () => {
    const csv = lines(
      PRODUCT_HEADER,
      '2001,One,C-1,,,,,,',
      '2001,Two,C-1,,,,,,',
      '500,Three,P-500,,,,,,',
      '2002,Four,H-1,,,,,,',
    );
    expect((await preview(PRODUCTS, csv)).errors).toEqual([
      { row: 3, message: 'sku: The value appears twice in the file.' },
      { row: 3, message: 'product_code: The value appears twice in the file.' },
      { row: 4, message: 'sku: A product with this SKU already exists.' },
      { row: 4, message: 'product_code: A product with this product code already exists.' },
      { row: 5, message: 'product_code: A product with this product code already exists.' },
    ]);
  });

  it('checks every row with the rules of the API', async () => {
    const csv = lines(
      PRODUCT_HEADER,
      ',No sku,,,,,,,',
      '3001,,,,,,,,',
      '3002,Unknown category,,Garden,,,,,',
      '3003,Unknown encoding,,,SGTIN96,,,,',
      '3004,Required attribute,,Tools,,,,,',
      '3005,Not a number,,Tools,,,,Acme,twelve',
      '3006,Not in category,,,,,,Acme,',
      '4294967296,Too big,,,,,,,',
      'AB-1,Letters,,,LOOKUP,,,,',
      'AB-2,Letters without lookup,,,,,,,',
      '3007,Sensor flag,,,,,maybe,,',
      '0123,Leading zero,,,,,,,',
    );
    expect((await preview(PRODUCTS, csv)).errors).toEqual([
      { row: 2, message: 'sku: Sku is required' },
      { row: 3, message: 'name: Product name is required' },
      { row: 4, message: 'category: Choose an existing category' },
      { row: 5, message: 'encoding: Choose an enabled encoding method' },
      { row: 6, message: 'attribute:Brand: Product field name is required' },
      { row: 7, message: 'attribute:Voltage: Enter a number.' },
      { row: 8, message: 'attribute:Brand: This attribute does not belong to the category.' },
      { row: 9, message: 'sku: The maximum SKU value for the selected encoding method is 4294967295.' },
      { row: 11, message: 'sku: The SKU is not valid for this type of encoding method.' },
      { row: 12, message: 'sensor_product: Enter a valid value.' },
      { row: 13, message: 'sku: Invalid SKU.' },
    ]);
  });

  it('lists every problem of a row, not only the first, and still finds the duplicates of a refused row', async () => {
    const csv = lines(PRODUCT_HEADER, '4001,Fine,K-1,,,,,,', '4294967296,,K-1,Tools,,,maybe,,twelve', '4001,,,,,,,,');
    const before = await productCount();
    expect((await preview(PRODUCTS, csv)).errors).toEqual([
      { row: 3, message: 'name: Product name is required' },
      { row: 3, message: 'sensor_product: Enter a valid value.' },
      { row: 3, message: 'sku: The maximum SKU value for the selected encoding method is 4294967295.' },
      { row: 3, message: 'attribute:Brand: Product field name is required' },
      { row: 3, message: 'attribute:Voltage: Enter a number.' },
      { row: 3, message: 'product_code: The value appears twice in the file.' },
      { row: 4, message: 'name: Product name is required' },
      { row: 4, message: 'sku: The value appears twice in the file.' },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('reads semicolon-separated files, a byte order mark, CRLF line ends and quoted cells', async () => {
    const csv = '\uFEFFsku;name;description\r\n5001;"Quoted; name";"two\r\nlines"\r\n5002;Plain;\r\n50x3;Bad;\r\n';
    expect(await preview(PRODUCTS, csv)).toEqual({
      rows: 3,
      errors: [{ row: 5, message: 'sku: The SKU is not valid for this type of encoding method.' }],
    });
  });

  it('refuses a file over 10,485,760 bytes, by one byte while reading it, or at once by its announced size', async () => {
    const row = '9999999,A product name long enough to fill the file quickly,,,,,,,\n';
    const head = PRODUCT_HEADER + '\n';
    const body = row.repeat(Math.ceil((10_485_761 - head.length) / row.length));
    const justOver = (head + body).slice(0, 10_485_760) + 'x';
    expect(Buffer.byteLength(justOver)).toBe(10_485_761);
    const before = await productCount();
    for (const [url, csv] of [
      [`${PRODUCTS}preview/`, justOver],
      [PRODUCTS, head + body + row.repeat(2000)],
    ] as const) {
      const res = await send(url, csv);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual({ file: ['The file is larger than 10,485,760 bytes.'] });
    }
    expect(await productCount()).toBe(before);
  });

  it("refuses a file without the template's header, without rows, or without a file", async () => {
    const cases: [string | Buffer, string][] = [
      ['foo,bar\n1,2\n', "The file is not a CSV file with the template's header."],
      ['sku,name,colour\n1,2,3\n', "The file is not a CSV file with the template's header."],
      ['sku,description\n1,2\n', 'The header lacks the column name.'],
      ['sku,name\n', 'The file has no rows.'],
      ['', "The file is not a CSV file with the template's header."],
      [
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x0a]),
        "The file is not a CSV file with the template's header.",
      ],
      ['sku,name\n"1,2\n', "The file is not a CSV file with the template's header."],
      // A quote inside an unquoted cell (csv-parse's one error code without the CSV_ prefix).
      ['<svg xmlns="http://www.w3.org/2000/svg"/>', "The file is not a CSV file with the template's header."],
      ['sku,name\n1,a "b" c\n', "The file is not a CSV file with the template's header."],
    ];
    for (const [csv, message] of cases) {
      const res = await send(`${PRODUCTS}preview/`, csv);
      expect(res.statusCode, String(csv)).toBe(400);
      expect(res.json().detail).toEqual({ file: [message] });
    }
    const none = await t.call({
      method: 'POST',
      url: `${PRODUCTS}preview/`,
      token: admin.token,
      ...multipart({ a: 'b' }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().detail).toEqual({ file: ['A file is required'] });
    const json = await t.call({ method: 'POST', url: `${PRODUCTS}preview/`, token: admin.token, payload: {} });
    expect(json.statusCode).toBe(415);
  });
});

describe('item import', () => {
  it('offers a template with the item attribute columns and an example EPC of the default encoding', async () => {
    const res = await t.call({ method: 'GET', url: `${ITEMS}template/`, token: operator.token });
    expect(res.statusCode).toBe(200);
    const [header, example] = res.body.trim().split('\n');
    expect(header).toBe(ITEM_HEADER);
    expect(example).toBe(`${nid32(1001, 1)},,Example item,,in,,`);
  });

  it('maps EPCs to products, resolves locations by path or uuid, and commits all rows or none', async () => {
    const unassigned = (await tenant.select(locations, eq(locations.special, 'unassigned'))) as {
      uuid: string;
    }[];
    const csv = lines(
      ITEM_HEADER,
      `${nid32(500, 1)},,Screwdriver #1,Site A > Hall 1,in,New,`,
      `${nid32(500, 2)},,,${hall.uuid.toUpperCase()},out,,`,
      `E2000017221101441890AAAA,BOX-1,Crate 1,,,,M`,
      `${nid32(777, 1)},,Unknown product,,lost,,`,
    );
    const broken = csv.replace('Site A > Hall 1', 'Site A > Hall 9');
    expect(await preview(ITEMS, broken, operator.token)).toEqual({
      rows: 4,
      errors: [{ row: 2, message: 'location: Choose an existing location' }],
    });
    const refused = await send(ITEMS, broken, operator.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toContain('Row 2: location: Choose an existing location');
    expect(await itemCount()).toBe(0);

    const res = await send(ITEMS, csv, operator.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ created: 4 });
    const rows = (await tenant.select(items).orderBy(items.id)) as (typeof items.$inferSelect)[];
    const skuOf = async (productId: number) =>
      ((await tenant.select(products, eq(products.id, productId))) as { sku: string }[])[0]!.sku;
    expect(await Promise.all(rows.map((r) => skuOf(r.productId)))).toEqual(['500', '500', 'BOX-1', 'Unassigned']);
    expect(rows.map((r) => r.locationUuid)).toEqual([hall.uuid, hall.uuid, unassigned[0]!.uuid, unassigned[0]!.uuid]);
    expect(rows.map((r) => r.status)).toEqual(['in', 'out', 'in', 'lost']);
    expect(rows[0]).toMatchObject({ name: 'Screwdriver #1', code: nid32(500, 1) });
    expect(rows[0]!.attributes.map((a) => [a.name, a.value])).toEqual([['Condition', 'New']]);
    expect(rows[2]!.attributes.map((a) => [a.name, a.value])).toEqual([['Size', 'M']]);
  });

  it('checks EPCs, products, locations, statuses and item attributes row by row', async () => {
    const csv = lines(
      ITEM_HEADER,
      `${nid32(500, 1)},,,,,,`,
      `${nid32(500, 10)},,,,,,`,
      `${nid32(500, 10)},NOPE,,,,,`,
      'XYZ,,,,,,',
      `${nid32(500, 11)},BOX-1,,,,,`,
      `E2000017221101441890BBBB,NOPE,,,,,`,
      `E2000017221101441890CCCC,BOX-1,,,,,`,
      `${nid32(500, 12)},,,,,Broken,`,
      `${nid32(500, 13)},,,Removed,,,`,
      `${nid32(500, 14)},,,,gone,,`,
      `${nid32(500, 15)},,,,,,S`,
      `E2000017221101441890DDDD,500,,,,,`,
    );
    expect((await preview(ITEMS, csv)).errors).toEqual([
      { row: 2, message: 'epc: An item with this EPC already exists.' },
      { row: 4, message: 'epc: The value appears twice in the file.' },
      {
        row: 5,
        message: 'epc: An EPC is hexadecimal, a whole number of 16-bit words (4, 8, … up to 124 digits).',
      },
      { row: 6, message: 'sku: The EPC does not encode the SKU of this product.' },
      { row: 7, message: 'sku: Choose an existing product' },
      { row: 8, message: 'attribute:Size: A value is required for Size.' },
      { row: 9, message: 'attribute:Condition: Choose one of the options of the list.' },
      { row: 10, message: 'location: Items cannot be placed in the Removed location: delete them instead.' },
      { row: 11, message: 'status: Enter a valid value.' },
      { row: 12, message: 'attribute:Size: This attribute does not belong to the category.' },
      {
        row: 13,
        message:
          'sku: The EPC does not map to any product. Choose a product whose encoding is lookup, or register the product first.',
      },
    ]);
  });
});

describe('who may import', () => {
  const productCsv = lines('sku,name', '7001,Role test');
  const itemCsv = lines('epc', nid32(7001, 1));

  it('refuses the viewer everything', async () => {
    for (const base of [PRODUCTS, ITEMS]) {
      expect((await t.call({ method: 'GET', url: `${base}template/`, token: viewer.token })).statusCode).toBe(403);
      const res = await send(`${base}preview/`, base === PRODUCTS ? productCsv : itemCsv, viewer.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
      expect((await send(base, base === PRODUCTS ? productCsv : itemCsv, viewer.token)).statusCode).toBe(403);
    }
  });

  it('lets the operator import items but not products; the application imports both', async () => {
    expect((await t.call({ method: 'GET', url: `${PRODUCTS}template/`, token: operator.token })).statusCode).toBe(403);
    expect((await send(`${PRODUCTS}preview/`, productCsv, operator.token)).statusCode).toBe(403);
    expect((await send(PRODUCTS, productCsv, operator.token)).statusCode).toBe(403);
    expect((await send(PRODUCTS, productCsv, application.token)).statusCode).toBe(201);
    expect((await send(ITEMS, itemCsv, application.token)).statusCode).toBe(201);
  });

  it("keeps customers apart: another customer's products, categories and locations are not there", async () => {
    const otherTenant = new TenantScope(t.database.privileged, other.user.customerId);
    const before = await productCount();
    const csv = lines(PRODUCT_HEADER, '500,Same SKU elsewhere,P-500,,,,,,', '501,Their category,,Tools,,,,,');
    expect((await preview(PRODUCTS, csv, other.token)).errors).toEqual([
      { row: 3, message: 'category: Choose an existing category' },
    ]);
    const items = lines('epc,location', `${nid32(500, 99)},${hall.uuid}`, `${nid32(500, 98)},Site A > Hall 1`);
    expect((await preview(ITEMS, items, other.token)).errors).toEqual([
      { row: 2, message: 'location: Choose an existing location' },
      { row: 3, message: 'location: Choose an existing location' },
    ]);
    const res = await send(PRODUCTS, lines('sku,name,product_code', '500,Same SKU elsewhere,P-500'), other.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(await productCount(otherTenant)).toBe(2); // Unassigned and the import
    expect(await productCount()).toBe(before);
  });
});
