import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser, login, PASSWORD } from './factories.js';
import { readerCustomer, readerToken } from './reader-fixtures.js';

let t: TestApp;
let clock = Date.now();
beforeAll(async () => {
  // Requests come through a proxy on the loopback (inject's address), which the server trusts for
  // X-Forwarded-For, so each test picks its clients' addresses.
  t = await buildTestApp({ now: () => clock, env: { TRUST_PROXY: '127.0.0.1' } });
});
afterAll(() => t.close());

const token = (payload: unknown, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: '/api/token/',
    payload: payload as object,
    headers: { 'x-forwarded-for': '10.1.1.1', ...headers },
  });

describe('POST /api/token/', () => {
  it('gives an access and a refresh token for the right password', async () => {
    const { user } = await buildUser(t.database.privileged, { role: 'operator' });
    const res = await token({ username: user.username, password: PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.access).toMatch(/^ey/);
    expect(body.refresh).toMatch(/^ey/);
    const me = await t.call({ method: 'GET', url: '/accounts/users/me/', token: body.access });
    expect(me.json().username).toBe(user.username);
  });

  it('refuses a wrong password with AuthenticationFailed in the envelope', async () => {
    const { user } = await buildUser(t.database.privileged);
    const res = await token({ username: user.username, password: 'Wrong-password-1' });
    expect(res.statusCode).toBe(401);
    const body = res.json();
    expect(body.type).toBe('AuthenticationFailed');
    expect(body).toHaveProperty('id');
    expect(body.request).toBe('POST /api/token/');
    expect(body).toHaveProperty('time');
    expect(body).toHaveProperty('user-agent');
  });

  it('answers ValidationError with field messages when fields are missing', async () => {
    const res = await token({});
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('ValidationError');
    expect(res.json().detail).toEqual({ username: ['Username is required'], password: ['Password is required'] });
  });

  it('throttles an account at the address that failed five times, briefly, and never the real user elsewhere', async () => {
    const { user } = await buildUser(t.database.privileged);
    const guesser = { 'x-forwarded-for': '10.2.0.1' };
    for (let i = 0; i < 5; i++) {
      expect((await token({ username: user.username, password: 'Wrong-password-1' }, guesser)).statusCode).toBe(401);
    }
    const held = await token({ username: user.username, password: PASSWORD }, guesser);
    expect(held.statusCode).toBe(429);
    expect(held.json().type).toBe('Throttled');
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(held.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The real user, at another address, signs in at once.
    expect(
      (await token({ username: user.username, password: PASSWORD }, { 'x-forwarded-for': '10.2.0.9' })).statusCode,
    ).toBe(200);
    clock += 61_000;
    expect((await token({ username: user.username, password: PASSWORD }, guesser)).statusCode).toBe(200);
  });

  it('believes X-Forwarded-For only from the proxies TRUST_PROXY names (by default none)', async () => {
    const direct = await buildTestApp({ now: () => clock });
    try {
      const { user } = await buildUser(direct.database.privileged);
      // A client rotating the header is still one address: its 30 failures hold that address back.
      for (let i = 0; i < 30; i++) {
        await direct.call({
          method: 'POST',
          url: '/api/token/',
          payload: { username: `nobody${i}`, password: 'Wrong-password-1' },
          headers: { 'x-forwarded-for': `10.9.0.${i}` },
        });
      }
      const res = await direct.call({
        method: 'POST',
        url: '/api/token/',
        payload: { username: user.username, password: PASSWORD },
        headers: { 'x-forwarded-for': '10.9.1.1' },
      });
      expect(res.statusCode).toBe(429);
    } finally {
      await direct.close();
    }
  });

  it('throttles an address that fails across many accounts', async () => {
    for (let i = 0; i < 30; i++) {
      await token({ username: `nobody${i}`, password: 'Wrong-password-1' }, { 'x-forwarded-for': '10.3.3.3' });
    }
    const { user } = await buildUser(t.database.privileged);
    const res = await token({ username: user.username, password: PASSWORD }, { 'x-forwarded-for': '10.3.3.3' });
    expect(res.statusCode).toBe(429);
    expect(
      (await token({ username: user.username, password: PASSWORD }, { 'x-forwarded-for': '10.3.3.4' })).statusCode,
    ).toBe(200);
    clock += 16 * 60_000;
  });

  it('throttles readers apart from users: failures of either at one address never hold the other back', async () => {
    const own = await readerCustomer(t);
    const reader = await own.reader();
    const readerSignIn = (serial: string, secret: string, address: string) =>
      t.call({
        method: 'POST',
        url: '/reader-api/token/',
        payload: { serial, secret },
        headers: { 'x-forwarded-for': address },
      });
    // A site behind one NAT: users there fail 30 times, which holds users back, not its readers.
    for (let i = 0; i < 30; i++) {
      await token({ username: `nobody${i}`, password: 'Wrong-password-1' }, { 'x-forwarded-for': '10.4.4.4' });
    }
    const { user } = await buildUser(t.database.privileged);
    expect(
      (await token({ username: user.username, password: PASSWORD }, { 'x-forwarded-for': '10.4.4.4' })).statusCode,
    ).toBe(429);
    expect((await readerSignIn(reader.serial, reader.secret, '10.4.4.4')).statusCode).toBe(200);
    // Readers failing across serials at an address hold back neither the other readers nor users.
    for (let i = 0; i < 40; i++) await readerSignIn(`NO-SUCH-READER-${i}`, 'nope', '10.5.5.5');
    expect((await readerSignIn(reader.serial, reader.secret, '10.5.5.5')).statusCode).toBe(200);
    expect(
      (await token({ username: user.username, password: PASSWORD }, { 'x-forwarded-for': '10.5.5.5' })).statusCode,
    ).toBe(200);
    // A reader's own serial is still held back at the address where it failed.
    for (let i = 0; i < 5; i++) await readerSignIn(reader.serial, 'wrong', '10.5.5.5');
    expect((await readerSignIn(reader.serial, reader.secret, '10.5.5.5')).statusCode).toBe(429);
    expect((await readerSignIn(reader.serial, reader.secret, '10.5.5.6')).statusCode).toBe(200);
    clock += 16 * 60_000;
  });
});

describe('POST /api/token/refresh/', () => {
  it('rotates: a refresh gives a new pair, and the used token is refused afterwards', async () => {
    const { user } = await buildUser(t.database.privileged);
    const first = await login(t, user.username);
    const res = await t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } });
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second.refresh).not.toBe(first.refresh);
    expect((await t.call({ method: 'GET', url: '/accounts/users/me/', token: second.access })).statusCode).toBe(200);
    const reused = await t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: first.refresh } });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().type).toBe('AuthenticationFailed');
    // Reuse revokes the whole family: the newer refresh token stops working too, and its access
    // token at once.
    const after = await t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: second.refresh } });
    expect(after.statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/accounts/users/me/', token: second.access })).statusCode).toBe(401);
  });

  it('refuses access tokens of ended sessions at once in every process on the database, and serves the session kept', async () => {
    const other = await buildTestApp({ database: t.database, keepDatabase: true });
    try {
      const { user } = await buildUser(t.database.privileged, { role: 'operator' });
      const changer = await login(t, user.username);
      // Issued by, and used on, the other process, which has already served it once.
      const elsewhere = await login(other, user.username);
      const meOn = (app: TestApp, access: string) =>
        app.call({ method: 'GET', url: '/accounts/users/me/', token: access });
      expect((await meOn(other, elsewhere.access)).statusCode).toBe(200);
      const changed = await t.call({
        method: 'POST',
        url: `/accounts/users/${user.id}/set_password/`,
        token: changer.access,
        payload: { old_password: PASSWORD, password: 'Changed-pass-78' },
      });
      expect(changed.statusCode).toBe(200);
      const refused = await meOn(other, elsewhere.access);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().type).toBe('AuthenticationFailed');
      // The session that changed the password goes on after one refresh, on either process.
      const kept = await other.call({
        method: 'POST',
        url: '/api/token/refresh/',
        payload: { refresh: changer.refresh },
      });
      expect(kept.statusCode).toBe(200);
      expect((await meOn(t, kept.json<{ access: string }>().access)).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('refuses an access token used as a refresh token, and garbage', async () => {
    const { user } = await buildUser(t.database.privileged);
    const pair = await login(t, user.username);
    expect(
      (await t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: pair.access } })).statusCode,
    ).toBe(401);
    expect(
      (await t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: 'nonsense' } })).statusCode,
    ).toBe(401);
    expect((await t.call({ method: 'POST', url: '/api/token/refresh/', payload: {} })).json().type).toBe(
      'ValidationError',
    );
  });
});

describe('bearer tokens', () => {
  it('answers NotAuthenticated without a token and AuthenticationFailed for a bad one', async () => {
    const none = await t.call({ method: 'GET', url: '/accounts/users/me/' });
    expect(none.statusCode).toBe(401);
    expect(none.json().type).toBe('NotAuthenticated');
    const bad = await t.call({ method: 'GET', url: '/accounts/users/me/', token: 'ey.bad.token' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().type).toBe('AuthenticationFailed');
  });

  it('refuses a header with more after the token, and a signed token without an expiry, for users and readers', async () => {
    const { user } = await buildUser(t.database.privileged);
    const { access } = await login(t, user.username);
    const me = (authorization: string) =>
      t.call({ method: 'GET', url: '/accounts/users/me/', headers: { authorization } });
    expect((await me(`Bearer ${access}`)).statusCode).toBe(200);
    for (const header of [`Bearer ${access} extra`, `Bearer ${access} `, `Bearer  ${access}`]) {
      expect((await me(header)).json().type, header).toBe('AuthenticationFailed');
    }
    const key = new TextEncoder().encode(t.config.JWT_SECRET!);
    const endless = await new SignJWT({ cid: user.customerId, typ: 'access' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer('tagtrack')
      .setIssuedAt()
      .sign(key);
    expect((await me(`Bearer ${endless}`)).statusCode).toBe(401);

    const own = await readerCustomer(t);
    const reader = await own.reader();
    const token = await readerToken(t, reader.serial, reader.secret);
    const configuration = (authorization: string) =>
      t.call({ method: 'GET', url: '/reader-api/configuration/', headers: { authorization } });
    expect((await configuration(`Bearer ${token}`)).statusCode).toBe(200);
    expect((await configuration(`Bearer ${token} extra`)).statusCode).toBe(401);
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;
    const { exp: _exp, ...withoutExpiry } = claims;
    const endlessReader = await new SignJWT(withoutExpiry).setProtectedHeader({ alg: 'HS256' }).sign(key);
    expect((await configuration(`Bearer ${endlessReader}`)).statusCode).toBe(401);
  });

  it('refuses a refresh token used as an access token', async () => {
    const { user } = await buildUser(t.database.privileged);
    const pair = await login(t, user.username);
    expect((await t.call({ method: 'GET', url: '/accounts/users/me/', token: pair.refresh })).statusCode).toBe(401);
  });
});

describe('expired access tokens', () => {
  it('stop working after their lifetime', async () => {
    const short = await buildTestApp({ env: { ACCESS_TOKEN_TTL: '5' }, database: t.database });
    const { user } = await buildUser(t.database.privileged);
    const pair = await login(short, user.username);
    expect((await short.call({ method: 'GET', url: '/accounts/users/me/', token: pair.access })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect((await short.call({ method: 'GET', url: '/accounts/users/me/', token: pair.access })).statusCode).toBe(401);
    await short.app.close();
  }, 15_000);
});
