import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '@tagtrack/contract';
import { ReaderTokenSigner } from '../src/lib/auth/reader-tokens.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { READERS, readerCustomer, readerToken, sendReads as sendReadsOf } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ throttle: { accountFailures: 3 } });
});
afterAll(() => t.close());

const TOKEN = '/reader-api/token/';
const CONFIGURATION = '/reader-api/configuration/';
const HEARTBEAT = '/reader-api/heartbeat/';
const beat = (application: string, mode = 'normal') => ({
  application,
  interval: 60,
  mode,
  version: '2.1.0',
  ipaddress: '10.1.2.3',
  antennas: { '1': 12, '2': 0 },
});

/** A batch of one read, sent with a reader token. */
const sendReads = (token: string) => sendReadsOf(t, token, [{ epc: '3034257BF7194E4000000001', time: new Date() }]);

describe('reader sign-in', () => {
  it('answers a reader token for the serial (any case) and secret', async () => {
    const own = await readerCustomer(t);
    const { serial, secret } = await own.reader();
    const res = await t.call({ method: 'POST', url: TOKEN, payload: { serial: serial.toLowerCase(), secret } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ access: expect.any(String), expires_in: 3600 });
  });

  it('answers the same 401 for a wrong secret and an unknown serial', async () => {
    const own = await readerCustomer(t);
    const { serial } = await own.reader();
    const wrong = await t.call({ method: 'POST', url: TOKEN, payload: { serial, secret: 'nope' } });
    const unknown = await t.call({ method: 'POST', url: TOKEN, payload: { serial: 'NO-SUCH-READER', secret: 'nope' } });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({
        type: 'AuthenticationFailed',
        detail: 'No reader found with the given serial and secret',
      });
    }
  });

  it('throttles repeated failures of one serial', async () => {
    const own = await readerCustomer(t);
    const { serial, secret } = await own.reader();
    for (let i = 0; i < 3; i += 1) await t.call({ method: 'POST', url: TOKEN, payload: { serial, secret: 'bad' } });
    const res = await t.call({ method: 'POST', url: TOKEN, payload: { serial, secret } });
    expect(res.statusCode).toBe(429);
    expect(res.json().type).toBe('Throttled');
  });

  it('refuses the old secret and its tokens after re-initialisation', async () => {
    const own = await readerCustomer(t);
    const { uuid, serial, secret } = await own.reader();
    const old = await readerToken(t, serial, secret);
    const fresh = (await own.call('POST', '/configuration/reader-initialization/', { uuid })).json().secret;
    expect((await t.call({ method: 'POST', url: TOKEN, payload: { serial, secret } })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: CONFIGURATION, token: old })).statusCode).toBe(401);
    // Read batches confirm their reader in their first statement: the old token is refused there too.
    const stale = await sendReads(old);
    expect(stale.statusCode).toBe(401);
    expect(stale.json()).toMatchObject({ type: 'AuthenticationFailed' });
    const token = await readerToken(t, serial, fresh);
    expect((await t.call({ method: 'GET', url: CONFIGURATION, token })).statusCode).toBe(200);
    expect((await sendReads(token)).statusCode).toBe(200);
  });

  it('refuses a deleted reader’s token', async () => {
    const own = await readerCustomer(t);
    const { uuid, serial, secret } = await own.reader();
    const token = await readerToken(t, serial, secret);
    await own.call('DELETE', `${READERS}${uuid}/`);
    expect((await t.call({ method: 'GET', url: CONFIGURATION, token })).statusCode).toBe(401);
    const reads = await sendReads(token);
    expect(reads.statusCode).toBe(401);
    expect(reads.json()).toMatchObject({ type: 'AuthenticationFailed' });
    expect(reads.headers['www-authenticate']).toBe('Bearer realm="reader-api"');
  });
});

describe('user and reader tokens are never interchangeable', () => {
  it('refuses a user token and no token on the reader routes', async () => {
    const admin = await signedIn(t, 'administrator');
    for (const route of Object.values(API_ROUTES).filter((r) => r.access === 'reader')) {
      const payload = route.method === 'GET' ? undefined : beat('BradyReaderApp');
      const anonymous = await t.call({ method: route.method, url: route.url, payload });
      expect(anonymous.statusCode, route.url).toBe(401);
      expect(anonymous.json().type).toBe('NotAuthenticated');
      const user = await t.call({ method: route.method, url: route.url, payload, token: admin.token });
      expect(user.statusCode, route.url).toBe(401);
      expect(user.json().type).toBe('AuthenticationFailed');
    }
  });

  it('refuses a reader token on user routes', async () => {
    const own = await readerCustomer(t);
    const { serial, secret } = await own.reader();
    const token = await readerToken(t, serial, secret);
    for (const url of [READERS, `${READERS}setup-mode/`, '/accounts/users/me/']) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('refuses a token signed with another key or for another audience', async () => {
    const own = await readerCustomer(t);
    const { id } = (await own.call('GET', READERS)).json().results[0] ?? { id: 1 };
    const forged = await new ReaderTokenSigner('another-secret-another-secret-0123456789').sign({
      readerId: id,
      customerId: own.customer.id,
      secretVersion: 'x',
    });
    expect((await t.call({ method: 'GET', url: CONFIGURATION, token: forged })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: CONFIGURATION, token: own.token })).statusCode).toBe(401);
  });
});

describe('configuration download', () => {
  it('answers the assigned configurations and moves assigned to uploaded', async () => {
    const own = await readerCustomer(t);
    const { uuid, serial, secret } = await own.reader();
    const dock = await own.location('Dock 7');
    const config = await own.configuration({ name: 'Dock door', location: dock });
    await own.assign(uuid, [config.id]);
    const token = await readerToken(t, serial, secret);
    const res = await t.call({ method: 'GET', url: CONFIGURATION, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reader: { uuid, serial, kind: 'FR22' },
      configurations: [
        {
          id: config.id,
          name: 'Dock door',
          application: 'BradyReaderApp',
          location: dock,
          location_name: 'Dock 7',
          conf_data: config.confData,
        },
      ],
    });
    expect((await own.call('GET', `${READERS}${uuid}/`)).json().state).toBe('uploaded');
    // A new assignment sends it back to assigned until the next download.
    await own.assign(uuid, [config.id]);
    expect((await own.call('GET', `${READERS}${uuid}/`)).json().state).toBe('assigned');
    await t.call({ method: 'GET', url: CONFIGURATION, token });
    expect((await own.call('GET', `${READERS}${uuid}/`)).json().state).toBe('uploaded');
  });

  it('leaves an unassigned reader unassigned, with no configurations', async () => {
    const own = await readerCustomer(t);
    const { uuid, serial, secret } = await own.reader();
    const token = await readerToken(t, serial, secret);
    expect((await t.call({ method: 'GET', url: CONFIGURATION, token })).json().configurations).toEqual([]);
    expect((await own.call('GET', `${READERS}${uuid}/`)).json().state).toBe('unassigned');
  });

  it('never shows another customer’s configuration', async () => {
    const a = await readerCustomer(t);
    const b = await readerCustomer(t);
    const ra = await a.reader();
    await a.assign(ra.uuid, [(await a.configuration({ name: 'Secret A' })).id]);
    const rb = await b.reader();
    await b.assign(rb.uuid, [(await b.configuration({ name: 'Own B' })).id]);
    const token = await readerToken(t, rb.serial, rb.secret);
    const body = (await t.call({ method: 'GET', url: CONFIGURATION, token })).json();
    expect(body.configurations.map((c: { name: string }) => c.name)).toEqual(['Own B']);
    expect((await a.call('GET', `${READERS}${ra.uuid}/`)).json().state).toBe('assigned');
  });
});

describe('heartbeats', () => {
  it('upserts one heartbeat per application, shown on the reader', async () => {
    const own = await readerCustomer(t);
    const { uuid, serial, secret } = await own.reader();
    const token = await readerToken(t, serial, secret);
    const post = (payload: object) => t.call({ method: 'POST', url: HEARTBEAT, token, payload });
    expect((await post(beat('BradyReaderApp'))).statusCode).toBe(204);
    expect((await post(beat('GateReaderApp', 'warn'))).statusCode).toBe(204);
    expect((await post({ ...beat('BradyReaderApp', 'error'), interval: 30 })).statusCode).toBe(204);
    const reader = (await own.call('GET', `${READERS}${uuid}/`)).json();
    expect(reader.heartbeats).toEqual([
      {
        application: 'BradyReaderApp',
        updated: expect.any(String),
        interval: 30,
        mode: 'error',
        version: '2.1.0',
        ipaddress: '10.1.2.3',
        antennas: { '1': 12, '2': 0 },
      },
      expect.objectContaining({ application: 'GateReaderApp', mode: 'warn' }),
    ]);
    expect(Date.now() - Date.parse(reader.heartbeats[0].updated)).toBeLessThan(5000);
    expect(reader.last_process_list).toBeNull();
    await own.call('DELETE', `${READERS}${uuid}/heartbeat/clear_heartbeats/`);
    expect((await own.call('GET', `${READERS}${uuid}/`)).json().heartbeats).toEqual([]);
  });

  it('records a handheld’s last time in use', async () => {
    const own = await readerCustomer(t);
    const { uuid, serial, secret } = await own.reader({ kind: 'Handheld' });
    const token = await readerToken(t, serial, secret);
    await t.call({ method: 'POST', url: HEARTBEAT, token, payload: beat('Tagtrack App') });
    const reader = (await own.call('GET', `${READERS}${uuid}/`)).json();
    expect(Date.now() - Date.parse(reader.last_process_list)).toBeLessThan(5000);
  });

  it('validates the report', async () => {
    const own = await readerCustomer(t);
    const { serial, secret } = await own.reader();
    const token = await readerToken(t, serial, secret);
    for (const payload of [{}, { ...beat('A'), mode: 'odd' }, { ...beat('A'), interval: 0 }, { ...beat('') }]) {
      const res = await t.call({ method: 'POST', url: HEARTBEAT, token, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});

describe('announce in the cloud', () => {
  it('is not found', async () => {
    const res = await t.call({
      method: 'POST',
      url: '/reader-api/announce/',
      payload: { serial: 'NEW-1', ip_address: '10.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
  });
});
