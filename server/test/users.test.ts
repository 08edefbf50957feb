import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser, login, PASSWORD, signedIn } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /accounts/users/me/', () => {
  it('returns the signed-in user with roles, language, customer and groups', async () => {
    const me = await signedIn(t, 'operator');
    const res = await t.call({ method: 'GET', url: '/accounts/users/me/', token: me.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: me.user.id,
      username: me.user.username,
      roles: ['operator'],
      language: 'en',
      customer_id: me.user.customerId,
      customer_name: me.customerName,
      management_groups: [],
    });
    expect(res.json()).not.toHaveProperty('password_hash');
  });
});

describe('PATCH /accounts/users/me/', () => {
  it('changes names and the interface language', async () => {
    const me = await signedIn(t, 'viewer');
    const res = await t.call({
      method: 'PATCH',
      url: '/accounts/users/me/',
      token: me.token,
      payload: { first_name: 'Vera', language: 'de' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ first_name: 'Vera', language: 'de' });
    expect((await t.call({ method: 'GET', url: '/accounts/users/me/', token: me.token })).json().language).toBe('de');
  });

  it('rejects an unknown language, a bad e-mail and a bad phone with field messages', async () => {
    const me = await signedIn(t, 'viewer');
    const res = await t.call({
      method: 'PATCH',
      url: '/accounts/users/me/',
      token: me.token,
      payload: { language: 'xx', email: 'not-an-email', phone_number: '0123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({
      language: ['Choose one of the offered languages'],
      email: ['Enter a valid e-mail address'],
      phone_number: ['Enter the phone number in international format: a plus sign followed by digits'],
    });
  });
});

describe('POST /accounts/users/{id}/set_password/', () => {
  it('lets a user change their own password with the old one', async () => {
    const me = await signedIn(t, 'viewer');
    const url = `/accounts/users/${me.user.id}/set_password/`;
    const wrongOld = await t.call({
      method: 'POST',
      url,
      token: me.token,
      payload: { old_password: 'Wrong-pass-12', password: 'New-password-2' },
    });
    expect(wrongOld.statusCode).toBe(400);
    expect(wrongOld.json().detail).toEqual({ old_password: ['The old password is not correct'] });
    const missingOld = await t.call({ method: 'POST', url, token: me.token, payload: { password: 'New-password-2' } });
    expect(missingOld.json().detail).toEqual({ old_password: ['Old password is required'] });
    const weak = await t.call({
      method: 'POST',
      url,
      token: me.token,
      payload: { old_password: PASSWORD, password: 'weakpassword' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().detail.password[0]).toMatch(/at least 10 characters/);
    const ok = await t.call({
      method: 'POST',
      url,
      token: me.token,
      payload: { old_password: PASSWORD, password: 'New-password-2' },
    });
    expect(ok.statusCode).toBe(200);
    await login(t, me.user.username, 'New-password-2');
    const old = await t.call({
      method: 'POST',
      url: '/api/token/',
      payload: { username: me.user.username, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
  });

  it('ends every other session of the user who changes their own password, and keeps the one that changed it', async () => {
    const me = await signedIn(t, 'operator');
    const elsewhere = await login(t, me.user.username);
    const res = await t.call({
      method: 'POST',
      url: `/accounts/users/${me.user.id}/set_password/`,
      token: me.token,
      payload: { old_password: PASSWORD, password: 'Changed-pass-77' },
    });
    expect(res.statusCode).toBe(200);
    const refresh = (token: string) =>
      t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: token } });
    expect((await refresh(elsewhere.refresh)).statusCode).toBe(401);
    // The other session's access token is refused at once, not when it expires.
    const meOf = (token: string) => t.call({ method: 'GET', url: '/accounts/users/me/', token });
    expect((await meOf(elsewhere.access)).statusCode).toBe(401);
    const kept = await refresh(me.refresh);
    expect(kept.statusCode).toBe(200);
    expect((await meOf(kept.json<{ access: string }>().access)).statusCode).toBe(200);
    // The session goes on: its next refresh token works too.
    expect((await refresh(kept.json<{ refresh: string }>().refresh)).statusCode).toBe(200);
  });

  it("lets an administrator set another user's password, which ends that user's sessions", async () => {
    const admin = await signedIn(t, 'administrator');
    const { user } = await buildUser(t.database.privileged, { role: 'operator', customerName: admin.customerName });
    const theirs = await login(t, user.username);
    const res = await t.call({
      method: 'POST',
      url: `/accounts/users/${user.id}/set_password/`,
      token: admin.token,
      payload: { password: 'Admin-set-pass-3' },
    });
    expect(res.statusCode).toBe(200);
    await login(t, user.username, 'Admin-set-pass-3');
    const refresh = await t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: theirs.refresh } });
    expect(refresh.statusCode).toBe(401);
    const me = await t.call({ method: 'GET', url: '/accounts/users/me/', token: theirs.access });
    expect(me.statusCode).toBe(401);
    expect(me.json().type).toBe('AuthenticationFailed');
  });

  it("refuses a non-administrator setting another user's password", async () => {
    const operator = await signedIn(t, 'operator');
    const { user } = await buildUser(t.database.privileged, { role: 'viewer', customerName: operator.customerName });
    const res = await t.call({
      method: 'POST',
      url: `/accounts/users/${user.id}/set_password/`,
      token: operator.token,
      payload: { password: 'Admin-set-pass-3' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe('PermissionDenied');
  });

  it('answers NotFound for an unknown user id', async () => {
    const admin = await signedIn(t, 'administrator');
    const res = await t.call({
      method: 'POST',
      url: '/accounts/users/999999/set_password/',
      token: admin.token,
      payload: { password: 'Admin-set-pass-3' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('NotFound');
  });
});
