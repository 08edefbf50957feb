import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { READERS, readerCustomer, readerToken } from './reader-fixtures.js';

const ONPREM_ROUTES = [
  ['GET', '/configuration/reader-autodiscovery/'],
  ['GET', '/configuration/reader-autodiscovery/1/'],
  ['GET', '/configuration/reader-autodiscovered/?search=x'],
  ['POST', '/configuration/reader-onprem-initialization/'],
  ['POST', '/configuration/validate-reader/'],
  ['POST', '/configuration/handheld-reader-onprem-initialization/'],
] as const;

describe('in the cloud', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('answers NotFound on every on-premise route, whatever the body', async () => {
    const own = await readerCustomer(t);
    for (const [method, url] of ONPREM_ROUTES) {
      const res = await own.call(method, url, method === 'POST' ? { ip_address: '10.0.0.1' } : undefined);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().type).toBe('NotFound');
    }
  });
});

describe('on-premise', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { ON_PREMISE: '1' } });
  });
  afterAll(() => t.close());

  const announce = (payload: object) => t.call({ method: 'POST', url: '/reader-api/announce/', payload });
  const detail = (res: { statusCode: number; json: () => { detail: unknown } }) => {
    expect(res.statusCode).toBe(400);
    return res.json().detail;
  };

  it('refuses operators on the on-premise routes', async () => {
    const own = await readerCustomer(t);
    const operator = await signedIn(t, 'operator', own.customer.name);
    for (const [method, url] of ONPREM_ROUTES) {
      const res = await t.call({ method, url, token: operator.token, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, url).toBe(403);
    }
  });

  it('creates a reader with its IP address and password; the password is the secret', async () => {
    const own = await readerCustomer(t);
    expect(detail(await own.call('POST', READERS, { serial_number: 'OP-1', reader_type: 'FR22' }))).toEqual({
      ip_address: [M.ipAddressRequiredOnPrem],
      password: [M.passwordRequiredOnPrem],
    });
    expect(
      detail(await own.call('POST', READERS, { serial_number: 'OP-1', reader_type: 'FR22', ip_address: '10.0.0' })),
    ).toEqual({ ip_address: [M.ipAddressRequiredOnPrem] });
    const res = await own.call('POST', READERS, {
      serial_number: 'OP-1',
      reader_type: 'FR22',
      ip_address: '10.0.0.21',
      password: 'reader-pass-1',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ uuid: expect.any(String), serial: 'OP-1', secret: '' });
    const reader = (await own.call('GET', `${READERS}${res.json().uuid}/`)).json();
    expect(reader.metadata).toEqual({ ip_address: '10.0.0.21' });
    expect(await readerToken(t, 'OP-1', 'reader-pass-1')).toEqual(expect.any(String));
    const patched = await own.call('PATCH', `${READERS}${reader.uuid}/`, { metadata: { ip_address: '10.0.0.22' } });
    expect(patched.json().metadata).toEqual({ ip_address: '10.0.0.22' });
  });

  it('re-initialises with a password, which becomes the secret', async () => {
    const own = await readerCustomer(t);
    const created = await own.call('POST', '/configuration/reader-onprem-initialization/', {
      serial_number: 'OP-2',
      reader_type: 'FR22',
      ip_address: '10.0.0.2',
      password: 'first-pass',
    });
    expect(created.statusCode).toBe(201);
    const { uuid } = created.json();
    expect(detail(await own.call('POST', '/configuration/reader-initialization/', { uuid }))).toEqual({
      password: [M.passwordRequiredOnPrem],
    });
    const res = await own.call('POST', '/configuration/reader-initialization/', { uuid, password: 'second-pass' });
    expect(res.json()).toEqual({ uuid, serial: 'OP-2', secret: '' });
    expect(await readerToken(t, 'OP-2', 'second-pass')).toEqual(expect.any(String));
    expect(
      (await t.call({ method: 'POST', url: '/reader-api/token/', payload: { serial: 'OP-2', secret: 'first-pass' } }))
        .statusCode,
    ).toBe(401);
  });

  it('has no setup mode', async () => {
    const own = await readerCustomer(t);
    const res = await own.call('POST', READERS, {
      serial_number: 'OP-3',
      reader_type: 'FR22',
      ip_address: '10.0.0.3',
      password: 'p',
    });
    const { uuid } = res.json();
    await own.assign(uuid, [(await own.configuration()).id]);
    expect(detail(await own.call('PATCH', `${READERS}${uuid}/`, { status: 'setup' }))).toEqual({
      status: [M.setupModeOnPremise],
    });
  });

  it('lists announced readers until they are registered; validates an address', async () => {
    const own = await readerCustomer(t);
    expect(
      (await announce({ serial: 'AUTO-1', kind: 'FR22', ip_address: '10.9.0.1', version: '1.0' })).statusCode,
    ).toBe(202);
    expect((await announce({ serial: 'AUTO-2', kind: 'IRX200', ip_address: '10.9.0.2' })).statusCode).toBe(202);
    // A second announcement updates the first (serial in any case).
    expect(
      (await announce({ serial: 'auto-1', kind: 'FR22', ip_address: '10.9.0.11', version: '1.1' })).statusCode,
    ).toBe(202);
    expect((await announce({ serial: 'bad' })).statusCode).toBe(400);
    const list = (await own.call('GET', '/configuration/reader-autodiscovery/')).json();
    expect(list.count).toBe(2);
    expect(list.results[0]).toEqual({
      id: expect.any(Number),
      serial: 'AUTO-1',
      kind: 'FR22',
      ip_address: '10.9.0.11',
      version: '1.1',
      last_seen: expect.any(String),
    });
    const serials = async (ordering: string) =>
      (await own.call('GET', `/configuration/reader-autodiscovery/?ordering=${ordering}`))
        .json<{ results: { serial: string }[] }>()
        .results.map((r) => r.serial);
    expect(await serials('-serial')).toEqual(['AUTO-2', 'AUTO-1']);
    expect(await serials('kind')).toEqual(['AUTO-1', 'AUTO-2']);
    expect(await serials('-ip_address')).toEqual(['AUTO-2', 'AUTO-1']);
    expect((await own.call('GET', '/configuration/reader-autodiscovery/?ordering=port')).statusCode).toBe(400);
    const one = await own.call('GET', `/configuration/reader-autodiscovery/${list.results[1].id}/`);
    expect(one.json().serial).toBe('AUTO-2');
    expect((await own.call('GET', '/configuration/reader-autodiscovery/?search=10.9.0.2')).json().count).toBe(1);
    expect((await own.call('GET', '/configuration/reader-autodiscovered/?search=auto-2')).json()).toEqual([
      expect.objectContaining({ serial: 'AUTO-2' }),
    ]);
    const valid = await own.call('POST', '/configuration/validate-reader/', { ip_address: '10.9.0.2' });
    expect(valid.json()).toEqual({ valid: true, serial: 'AUTO-2', kind: 'IRX200', detail: 'The reader was found.' });
    const invalid = await own.call('POST', '/configuration/validate-reader/', { ip_address: '10.9.9.9' });
    expect(invalid.json()).toMatchObject({ valid: false, serial: null });
    expect(detail(await own.call('POST', '/configuration/validate-reader/', { ip_address: 'x' }))).toEqual({
      ip_address: [M.ipAddressRequiredOnPrem],
    });

    await own.call('POST', READERS, {
      serial_number: 'AUTO-2',
      reader_type: 'IRX200',
      ip_address: '10.9.0.2',
      password: 'p',
    });
    const after = (await own.call('GET', '/configuration/reader-autodiscovery/')).json();
    expect(after.results.map((r: { serial: string }) => r.serial)).toEqual(['AUTO-1']);
    expect((await own.call('GET', `/configuration/reader-autodiscovery/${list.results[1].id}/`)).statusCode).toBe(404);
    expect((await own.call('POST', '/configuration/validate-reader/', { ip_address: '10.9.0.2' })).json().valid).toBe(
      false,
    );
    // A registered reader's announcement is ignored with the same answer.
    expect((await announce({ serial: 'AUTO-2', ip_address: '10.9.0.2' })).statusCode).toBe(202);
    expect((await own.call('GET', '/configuration/reader-autodiscovery/')).json().count).toBe(1);
  });

  it('registers a handheld with a password', async () => {
    const own = await readerCustomer(t);
    const url = '/configuration/handheld-reader-onprem-initialization/';
    expect(detail(await own.call('POST', url, { serial_number: 'HH-1' }))).toEqual({
      password: [M.passwordRequiredOnPrem],
    });
    const res = await own.call('POST', url, {
      serial_number: 'HH-1',
      name: 'Pocket',
      description: '',
      password: 'hh-pass',
    });
    expect(res.statusCode).toBe(201);
    const reader = (await own.call('GET', `${READERS}${res.json().uuid}/`)).json();
    expect(reader).toMatchObject({ kind: 'Handheld', reader_family: 'hh', name: 'Pocket' });
    expect(await readerToken(t, 'HH-1', 'hh-pass')).toEqual(expect.any(String));
  });
});
