import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skuError, type Encoding, type EncodingMethod } from '@tagtrack/contract';
import { categories, products } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { findSmallestFreeSku } from '../src/modules/encodings/encodings.repository.js';
import { resolveEncoding } from '../src/modules/encodings/encodings.service.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

type SignedIn = Awaited<ReturnType<typeof signedIn>>;
let t: TestApp;
let admin: SignedIn;
let viewer: SignedIn;
let operator: SignedIn;
let application: SignedIn;
let outsider: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  operator = await signedIn(t, 'operator', admin.customerName);
  application = await signedIn(t, 'application', admin.customerName);
  outsider = await signedIn(t, 'administrator');
});
afterAll(() => t.close());

const LIST = '/master-data/encoding/';
const GENERATE = '/master-data/generate-sku/';

async function list(token = admin.token): Promise<Encoding[]> {
  const res = await t.call({ method: 'GET', url: LIST, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ encodings: Encoding[] }>().encodings;
}
const byMethod = (encodings: Encoding[], method: EncodingMethod) => encodings.find((e) => e.method === method)!;
const patch = (id: number, payload: object, token = admin.token) =>
  t.call({ method: 'PATCH', url: `${LIST}${id}/`, token, payload });
const generate = (payload: object, token = admin.token) => t.call({ method: 'POST', url: GENERATE, token, payload });

function scope(who: SignedIn) {
  return new TenantScope(t.database.privileged, who.user.customerId);
}
async function addProducts(who: SignedIn, skus: string[], values: { encodingId?: number } = {}) {
  if (skus.length === 0) return;
  await scope(who).insertMany(
    products,
    skus.map((sku) => ({ sku, name: `Product ${sku}`, ...values })),
  );
}

describe('the encoding list', () => {
  it('answers the four methods in order, NID32 the default and SGTIN-96 disabled, to every role', async () => {
    for (const who of [admin, viewer, operator, application]) {
      const encodings = await list(who.token);
      expect(encodings.map((e) => [e.method, e.disabled, e.default])).toEqual([
        ['NID32', false, true],
        ['NID64', false, false],
        ['SGTIN96', true, false],
        ['LOOKUP', false, false],
      ]);
    }
  });

  it('is the customer’s own', async () => {
    const mine = await list();
    const theirs = await list(outsider.token);
    const theirIds = new Set(theirs.map((e) => e.id));
    expect(mine.filter((e) => theirIds.has(e.id))).toEqual([]);
  });
});

describe('changing encodings', () => {
  it('is for administrators only', async () => {
    const nid64 = byMethod(await list(), 'NID64');
    for (const who of [viewer, operator, application]) {
      const res = await patch(nid64.id, { disabled: true }, who.token);
      expect(res.statusCode).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
    }
  });

  it('answers NotFound for another customer’s encoding and for ids that cannot exist', async () => {
    const theirs = byMethod(await list(outsider.token), 'NID64');
    expect((await patch(theirs.id, { disabled: true })).statusCode).toBe(404);
    expect((await t.call({ method: 'PATCH', url: `${LIST}abc/`, token: admin.token, payload: {} })).statusCode).toBe(
      404,
    );
    expect(byMethod(await list(outsider.token), 'NID64').disabled).toBe(false);
  });

  it('refuses to disable the default', async () => {
    const nid32 = byMethod(await list(), 'NID32');
    const res = await patch(nid32.id, { disabled: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({ disabled: ['The default encoding method cannot be disabled.'] });
    const both = await patch(nid32.id, { disabled: true, default: true });
    expect(both.json().detail).toEqual({ disabled: ['The default encoding method cannot be disabled.'] });
  });

  it('refuses to make a disabled method the default', async () => {
    const sgtin = byMethod(await list(), 'SGTIN96');
    const res = await patch(sgtin.id, { default: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({ default: ['Choose an enabled encoding method'] });
  });

  it('needs a valid company prefix before SGTIN-96 is enabled or made default', async () => {
    const sgtin = byMethod(await list(), 'SGTIN96');
    for (const payload of [{ disabled: false }, { disabled: false, default: true }]) {
      const res = await patch(sgtin.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual({
        'metadata.companyPrefix': ['Set a company prefix before enabling SGTIN-96.'],
      });
    }
    for (const companyPrefix of ['12345', '1234567890123', '12345a7', '']) {
      const res = await patch(sgtin.id, { disabled: false, metadata: { companyPrefix } });
      expect(res.statusCode, companyPrefix).toBe(400);
      expect(res.json().detail).toEqual({ 'metadata.companyPrefix': ['The company prefix has 6 to 12 digits.'] });
    }
    expect(byMethod(await list(), 'SGTIN96')).toMatchObject({ disabled: true, metadata: {} });
  });

  it('sets the prefix, enables SGTIN-96, makes it the default and un-defaults the others', async () => {
    const sgtin = byMethod(await list(), 'SGTIN96');
    const prefixed = await patch(sgtin.id, { metadata: { companyPrefix: ' 0614141 ' } });
    expect(prefixed.statusCode, prefixed.body).toBe(200);
    expect(byMethod(prefixed.json().encodings, 'SGTIN96')).toMatchObject({
      disabled: true,
      metadata: { companyPrefix: '0614141' },
    });
    const res = await patch(sgtin.id, { disabled: false, default: true });
    expect(res.statusCode, res.body).toBe(200);
    const encodings = res.json<{ encodings: Encoding[] }>().encodings;
    expect(encodings.filter((e) => e.default).map((e) => e.method)).toEqual(['SGTIN96']);
    expect(byMethod(encodings, 'SGTIN96').disabled).toBe(false);
    // the old default can now be disabled, and enabled again
    const nid32 = byMethod(encodings, 'NID32');
    expect(byMethod((await patch(nid32.id, { disabled: true })).json().encodings, 'NID32').disabled).toBe(true);
    expect(
      byMethod((await patch(nid32.id, { disabled: false, default: true })).json().encodings, 'NID32'),
    ).toMatchObject({ disabled: false, default: true });
    expect(byMethod(await list(), 'SGTIN96').default).toBe(false);
  });

  it('keeps one method enabled', async () => {
    const own = await signedIn(t, 'administrator');
    const encodings = await list(own.token);
    await patch(byMethod(encodings, 'NID64').id, { disabled: true }, own.token);
    await patch(byMethod(encodings, 'LOOKUP').id, { disabled: true }, own.token);
    const res = await patch(byMethod(encodings, 'NID32').id, { disabled: true }, own.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({ disabled: ['At least one encoding method must stay enabled.'] });
    expect((await list(own.token)).filter((e) => !e.disabled).map((e) => e.method)).toEqual(['NID32']);
  });
});

describe('resolveEncoding', () => {
  it('takes the explicit encoding, then the category’s, the parent’s, then the default', async () => {
    const who = await signedIn(t, 'administrator');
    const tenant = scope(who);
    const encodings = await list(who.token);
    const [parent] = await tenant
      .insert(categories, { name: 'Parent', encodingId: byMethod(encodings, 'LOOKUP').id })
      .returning();
    const [child] = await tenant.insert(categories, { name: 'Child', parentId: parent!.id }).returning();
    const [plain] = await tenant.insert(categories, { name: 'Plain' }).returning();
    expect((await resolveEncoding(tenant, {})).method).toBe('NID32');
    expect((await resolveEncoding(tenant, { category: plain!.id })).method).toBe('NID32');
    expect((await resolveEncoding(tenant, { category: child!.id })).method).toBe('LOOKUP');
    expect(
      (await resolveEncoding(tenant, { category: child!.id, encoding: byMethod(encodings, 'NID64').id })).method,
    ).toBe('NID64');
    await expect(resolveEncoding(tenant, { encoding: byMethod(encodings, 'SGTIN96').id })).rejects.toMatchObject({
      // A service's refusal words its message as a key; the envelope answers the English text.
      detail: { encoding: ['unknownEncoding'] },
    });
    await expect(resolveEncoding(scope(outsider), { category: child!.id })).rejects.toMatchObject({
      detail: { category: ['unknownCategory'] },
    });
  });
});

describe('generating an SKU', () => {
  it('is for administrators, operators and applications', async () => {
    expect((await generate({}, viewer.token)).statusCode).toBe(403);
    for (const who of [admin, operator, application]) {
      const res = await generate({ encoding: null, category: null }, who.token);
      expect(res.statusCode, res.body).toBe(200);
    }
  });

  it('answers one above the largest numeric SKU in the method’s range, valid and unused', async () => {
    const who = await signedIn(t, 'administrator');
    expect((await generate({}, who.token)).json()).toEqual({ sku: '1' });
    await addProducts(who, ['9', '41', 'ABC', '007', '4x', String(2n ** 40n)]);
    expect((await generate({}, who.token)).json()).toEqual({ sku: '42' });
    const nid64 = byMethod(await list(who.token), 'NID64');
    expect((await generate({ encoding: nid64.id }, who.token)).json()).toEqual({ sku: String(2n ** 40n + 1n) });
    const lookup = byMethod(await list(who.token), 'LOOKUP');
    expect((await generate({ encoding: lookup.id }, who.token)).json()).toEqual({ sku: String(2n ** 40n + 1n) });
  });

  it('finds an unused SKU when the largest one is taken', async () => {
    const who = await signedIn(t, 'administrator');
    await addProducts(who, [String(2n ** 32n - 1n), '1', '2']);
    const { sku } = (await generate({}, who.token)).json<{ sku: string }>();
    expect(skuError(sku, { method: 'NID32' })).toBeNull();
    expect(['1', '2', String(2n ** 32n - 1n)]).not.toContain(sku);
    const nid64 = byMethod(await list(who.token), 'NID64');
    await addProducts(who, [String(2n ** 64n - 1n)]);
    const wide = (await generate({ encoding: nid64.id }, who.token)).json<{ sku: string }>().sku;
    expect(skuError(wide, { method: 'NID64' })).toBeNull();
    expect(wide).not.toBe(String(2n ** 64n - 1n));
  });

  it('finds the last free SKU of a nearly full SGTIN-96 partition, then reports the space exhausted', async () => {
    const who = await signedIn(t, 'administrator');
    const sgtin = byMethod(await list(who.token), 'SGTIN96');
    await patch(sgtin.id, { disabled: false, metadata: { companyPrefix: '061414100000' } }, who.token);
    const taken = Array.from({ length: 15 }, (_, i) => String(i + 1)).filter((sku) => sku !== '9');
    await addProducts(who, taken);
    for (let round = 0; round < 5; round += 1) {
      expect((await generate({ encoding: sgtin.id }, who.token)).json()).toEqual({ sku: '9' });
    }
    await addProducts(who, ['9']);
    const res = await generate({ encoding: sgtin.id }, who.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({ sku: ['No unused SKU is left for this encoding method.'] });
    // NID32 still has room
    expect((await generate({}, who.token)).json()).toEqual({ sku: '16' });
  });

  it('searches the smallest gap in SQL when probes find nothing', async () => {
    const who = await signedIn(t, 'administrator');
    const tenant = scope(who);
    expect(await findSmallestFreeSku(tenant, 15n)).toBe(1n);
    await addProducts(who, ['1', '2', '3', '5', '15', 'X7', '06']);
    expect(await findSmallestFreeSku(tenant, 15n)).toBe(4n);
    await addProducts(who, ['4', '6', '7', '8', '9', '10', '11', '12', '13']);
    expect(await findSmallestFreeSku(tenant, 15n)).toBe(14n);
    expect(await findSmallestFreeSku(tenant, 13n)).toBeNull();
    expect(await findSmallestFreeSku(scope(outsider), 15n)).toBe(1n);
  });

  it('takes the encoding of the category, or of its parent', async () => {
    const who = await signedIn(t, 'administrator');
    const sgtin = byMethod(await list(who.token), 'SGTIN96');
    await patch(sgtin.id, { disabled: false, metadata: { companyPrefix: '06141410000' } }, who.token);
    const tenant = scope(who);
    const [parent] = await tenant.insert(categories, { name: 'Tools', encodingId: sgtin.id }).returning();
    const [child] = await tenant.insert(categories, { name: 'Drills', parentId: parent!.id }).returning();
    await addProducts(who, ['127', '500']);
    for (const category of [parent!.id, child!.id]) {
      const { sku } = (await generate({ category }, who.token)).json<{ sku: string }>();
      expect(skuError(sku, { method: 'SGTIN96', companyPrefix: '06141410000' })).toBeNull();
      expect(sku).not.toBe('127');
    }
  });

  it('refuses a disabled or unknown encoding and an unknown category', async () => {
    const sgtinOfNew = byMethod(await list(outsider.token), 'SGTIN96');
    const cases: [object, Record<string, string[]>][] = [
      [
        { encoding: byMethod(await list(outsider.token), 'NID32').id },
        { encoding: ['Choose an enabled encoding method'] },
      ],
      [{ encoding: 999999999 }, { encoding: ['Choose an enabled encoding method'] }],
      [{ category: 999999999 }, { category: ['Choose an existing category'] }],
    ];
    for (const [payload, detail] of cases) {
      const res = await generate(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual(detail);
    }
    const disabled = await generate({ encoding: sgtinOfNew.id }, outsider.token);
    expect(disabled.json().detail).toEqual({ encoding: ['Choose an enabled encoding method'] });
  });
});
