import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { multipart, TINY_PNG } from './multipart.js';
import { codeMismatches, ENVELOPE_KEYS } from './error-codes.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('the error envelope', () => {
  it('answers a multipart body that cannot be read with 400 on every upload, and writes nothing', async () => {
    const admin = await signedIn(t, 'administrator');
    const location = await t.call({
      method: 'POST',
      url: '/configuration/location/',
      token: admin.token,
      payload: { name: 'Upload dock' },
    });
    const image = multipart(
      { name: 'Plan', type: 'image' },
      { filename: 'a.png', contentType: 'image/png', data: TINY_PNG },
    );
    const csv = multipart({}, { filename: 'a.csv', contentType: 'text/csv', data: Buffer.from('sku,name\n1,a\n') });
    const csvOf = (header: string, row: (i: number) => string) =>
      multipart(
        {},
        {
          filename: 'a.csv',
          contentType: 'text/csv',
          data: Buffer.from(`${header}\n${Array.from({ length: 20_000 }, (_, i) => row(i)).join('\n')}\n`),
        },
      );
    const broken = (body: ReturnType<typeof multipart>, long = csvOf('sku,name', (i) => `${i},Product ${i}`)) => [
      // A boundary other than the one announced, and a body cut short.
      { payload: body.payload, headers: { 'content-type': 'multipart/form-data; boundary=other' } },
      { payload: body.payload.subarray(0, body.payload.length - 30), headers: body.headers },
      // Cut inside a long file's content, while it is being read: the part never ends.
      { payload: long.payload.subarray(0, long.payload.length - 1000), headers: long.headers },
    ];
    const items = csvOf('epc', (i) => (0x3000_0000_0000_0000_0000_0000n + BigInt(i)).toString(16).toUpperCase());
    const uploads = [
      { url: `/configuration/location/${location.json<{ uuid: string }>().uuid}/files/`, bodies: broken(image) },
      { url: '/master-data/product/import/preview/', bodies: broken(csv) },
      { url: '/master-data/product/import/', bodies: broken(csv) },
      { url: '/tag-data/tag/import/preview/', bodies: broken(csv, items) },
    ];
    for (const { url, bodies } of uploads) {
      for (const body of bodies) {
        const res = await t.call({ method: 'POST', url, token: admin.token, ...body });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(Object.keys(res.json()).sort()).toEqual(ENVELOPE_KEYS);
        expect(res.json().type, `${url}: ${res.body}`).toBe('BadRequest');
      }
    }
    const files = await t.call({
      method: 'GET',
      url: `/configuration/location/${location.json<{ uuid: string }>().uuid}/files/`,
      token: admin.token,
    });
    expect(files.json()).toEqual([]);
  });

  it('answers the router’s and the HTTP parser’s own refusals too: 414, 400 and 431', async () => {
    const long = await t.call({ method: 'GET', url: `/master-data/product/${'a'.repeat(600)}/` });
    expect(long.statusCode).toBe(414);
    expect(Object.keys(long.json()).sort()).toEqual(ENVELOPE_KEYS);
    expect(long.json().type).toBe('BadRequest');
    const broken = await t.call({ method: 'GET', url: '/master-data/product/%E0%A4%A/' });
    expect(broken.statusCode).toBe(400);
    expect(Object.keys(broken.json()).sort()).toEqual(ENVELOPE_KEYS);
    // A URL over Node's 16 KB header limit never reaches the router: a real connection shows it.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const huge = await fetch(`${address}/tag-data/tag/?search=${'a'.repeat(20_000)}`);
    expect(huge.status).toBe(431);
    const body = (await huge.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(ENVELOPE_KEYS);
    expect(body.type).toBe('BadRequest');
  });

  it('answers ParseError for malformed JSON', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(ENVELOPE_KEYS);
    expect(res.json().type).toBe('ParseError');
  });

  it('answers UnsupportedMediaType for a body that is not JSON', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'text/xml' },
      payload: '<a/>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().type).toBe('UnsupportedMediaType');
  });

  it('answers MethodNotAllowed for a known path with another method', async () => {
    const res = await t.call({ method: 'DELETE', url: '/configuration/version/' });
    expect(res.statusCode).toBe(405);
    expect(res.json()).toMatchObject({
      type: 'MethodNotAllowed',
      detail: 'Method "DELETE" not allowed.',
      codes: { code: 'methodNotAllowed', params: { method: 'DELETE' } },
    });
    expect(res.headers.allow).toContain('GET');
  });

  it('answers NotFound for an unknown API path', async () => {
    const res = await t.call({ method: 'GET', url: '/accounts/nothing-here/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('NotFound');
  });

  it('answers ValidationError for a body of the wrong shape, never a 5xx', async () => {
    const me = await signedIn(t, 'viewer');
    for (const payload of [[], 'text', 42, null, { language: ['en'] }, { first_name: 'x'.repeat(151) }]) {
      const res = await t.call({
        method: 'PATCH',
        url: '/accounts/users/me/',
        token: me.token,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().type).toBe('ValidationError');
    }
    const badId = await t.call({
      method: 'POST',
      url: '/accounts/users/abc/set_password/',
      token: me.token,
      payload: { password: 'x' },
    });
    // An id that cannot exist is a NotFound, as on every route (docs/errors.md).
    expect(badId.statusCode).toBe(404);
    expect(badId.json().type).toBe('NotFound');
    const hugeId = await t.call({
      method: 'POST',
      url: '/accounts/users/99999999999999999999/set_password/',
      token: me.token,
      payload: { password: 'Good-password-1' },
    });
    expect(hugeId.statusCode).toBe(404);
  });
});

describe('codes beside the messages (docs/errors.md)', () => {
  it('gives every message of a detail its code and values, in the shape of the detail', async () => {
    const admin = await signedIn(t, 'administrator');
    const tooBig = await t.call({
      method: 'POST',
      url: '/master-data/product/',
      token: admin.token,
      payload: { sku: '4294967296', name: 'Too big' },
    });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json()).toMatchObject({
      detail: { sku: ['The maximum SKU value for the selected encoding method is 4294967295.'] },
      codes: { sku: [{ code: 'skuAboveMaximum', params: { limit: '4294967295' } }] },
    });
    const missing = await t.call({ method: 'POST', url: '/master-data/product/', token: admin.token, payload: {} });
    expect(missing.json().codes).toMatchObject({ sku: [{ code: 'requiredSku' }] });
    expect(codeMismatches(missing.json().detail, missing.json().codes)).toEqual([]);

    const notFound = await t.call({ method: 'GET', url: '/master-data/product/nothing-here/', token: admin.token });
    expect(notFound.json()).toMatchObject({ detail: 'Not found.', codes: { code: 'notFound' } });
    // A path that is no route at all says the same, with the same code.
    const noRoute = await t.call({ method: 'GET', url: '/master-data/nothing-here/', token: admin.token });
    expect(noRoute.statusCode).toBe(404);
    expect(noRoute.json()).toMatchObject({ detail: 'Not found.', codes: { code: 'notFound' } });
    const anonymous = await t.call({ method: 'GET', url: '/master-data/product/' });
    expect(anonymous.json().codes).toEqual({ code: 'notAuthenticated' });
    const json = await t.call({
      method: 'POST',
      url: '/api/token/',
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(json.json().codes).toEqual({ code: 'jsonParseError', params: { reason: expect.any(String) } });
    expect(codeMismatches(json.json().detail, json.json().codes)).toEqual([]);
  });

  it('codes a library’s wording of a field problem as invalidValue and keeps the wording in detail', async () => {
    const me = await signedIn(t, 'viewer');
    const res = await t.call({
      method: 'PATCH',
      url: '/accounts/users/me/',
      token: me.token,
      payload: { language: 7 },
    });
    expect(res.statusCode).toBe(400);
    const { detail, codes } = res.json<{ detail: Record<string, string[]>; codes: Record<string, unknown> }>();
    expect(detail.language?.[0]).toEqual(expect.any(String));
    expect(codes.language).toEqual([{ code: expect.stringMatching(/^(invalidValue|invalidLanguage)$/) }]);
    expect(codeMismatches(detail, codes as never)).toEqual([]);
  });

  it('finds codes that do not say what the detail says', () => {
    expect(codeMismatches({ sku: ['Invalid SKU.'] }, { sku: [{ code: 'invalidSku' }] })).toEqual([]);
    expect(codeMismatches({ sku: ['Invalid SKU.'] }, { sku: [{ code: 'skuTaken' }] })).toHaveLength(1);
    expect(codeMismatches({ sku: ['Invalid SKU.'] }, undefined)).toHaveLength(1);
    expect(codeMismatches(['a', 'b'], [{ code: 'otherMessage', params: { text: 'a' } }])).toHaveLength(1);
  });
});

describe('POST /api/error/', () => {
  it('stores a report and answers 201', async () => {
    const me = await signedIn(t, 'viewer');
    const res = await t.call({
      method: 'POST',
      url: '/api/error/',
      token: me.token,
      payload: {
        error_request: 'GET /accounts/users/me/',
        error_response: '{"type":"NotFound"}',
        error_code: 404,
        datetime: new Date().toISOString(),
        user_agent: 'test',
        error_uuid: '6d3c4a1e-0000-4000-8000-000000000000',
        ui_error_message: 'Failed to load',
        comment: 'It happened when I opened my profile',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ comment: 'It happened when I opened my profile', error_code: 404 });
    expect(typeof res.json().id).toBe('number');
  });

  it('refuses a comment over 150 characters', async () => {
    const me = await signedIn(t, 'viewer');
    const res = await t.call({
      method: 'POST',
      url: '/api/error/',
      token: me.token,
      payload: { comment: 'x'.repeat(151) },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({ comment: ['The comment may have at most 150 characters'] });
  });

  it('needs a signed-in user', async () => {
    const res = await t.call({ method: 'POST', url: '/api/error/', payload: { comment: 'hi' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('configuration', () => {
  it('answers the backend version without a token', async () => {
    const res = await t.call({ method: 'GET', url: '/configuration/version/' });
    expect(res.statusCode).toBe(200);
    expect(res.json().version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it("answers the customer's subscription and name", async () => {
    const me = await signedIn(t, 'viewer');
    const sub = await t.call({ method: 'GET', url: '/configuration/instance-subscription/', token: me.token });
    expect(sub.json()).toEqual({ extension: [], on_premise: false, limits: { leaf_locations: null } });
    const customer = await t.call({ method: 'GET', url: '/configuration/customer/', token: me.token });
    expect(customer.json()).toMatchObject({ name: me.customerName, logo: null });
  });
});
