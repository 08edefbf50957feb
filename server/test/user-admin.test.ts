import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLES, VALIDATION_MESSAGES as M } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildCustomer, buildUser, login, PASSWORD, signedIn } from './factories.js';

const BASE = '/accounts/users/';
const STRONG = 'Strong-pass-1';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
const fresh = (prefix = 'u') => `${prefix}${Date.now().toString(36)}${n++}`;

/** A customer of its own, its administrator signed in. */
async function ownCustomer() {
  const { customer, admin } = await buildCustomer(t.database.privileged);
  const tokens = await login(t, admin.username);
  return { customer, admin, token: tokens.access, refresh: tokens.refresh };
}

describe('who may manage users', () => {
  it.each(ROLES.filter((r) => r !== 'administrator'))('%s gets 403 on every user route', async (role) => {
    const other = await signedIn(t, role);
    const target = (await buildUser(t.database.privileged, { customerName: other.customerName })).user;
    const calls = [
      { method: 'GET', url: BASE },
      { method: 'POST', url: BASE, payload: { username: fresh(), email: 'a@b.io', roles: ['viewer'] } },
      { method: 'GET', url: `${BASE}${target.id}/` },
      { method: 'PUT', url: `${BASE}${target.id}/`, payload: { first_name: 'X' } },
      { method: 'DELETE', url: `${BASE}${target.id}/` },
    ] as const;
    for (const call of calls) {
      const res = await t.call({ ...call, token: other.token });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
    }
  });
});

describe('GET /accounts/users/', () => {
  it('pages, filters by role, searches and orders, and only within the customer', async () => {
    const { customer, token } = await ownCustomer();
    const names = { op: fresh('zop'), vw: fresh('avw'), app: fresh('mapp') };
    await buildUser(t.database.privileged, { customerName: customer.name, role: 'operator', username: names.op });
    await buildUser(t.database.privileged, { customerName: customer.name, role: 'viewer', username: names.vw });
    await buildUser(t.database.privileged, { customerName: customer.name, role: 'application', username: names.app });
    const stranger = await buildUser(t.database.privileged, { role: 'viewer' });

    const all = (await t.call({ method: 'GET', url: BASE, token })).json();
    expect(all.count).toBe(4);
    const usernames = all.results.map((u: { username: string }) => u.username);
    expect(usernames).toEqual([...usernames].sort());
    expect(usernames).not.toContain(stranger.user.username);
    expect(all.results[0]).toMatchObject({ roles: expect.any(Array), management_groups: [], language: 'en' });
    expect(all.results[0]).not.toHaveProperty('password_hash');

    const desc = (await t.call({ method: 'GET', url: `${BASE}?ordering=-username`, token })).json();
    expect(desc.results.map((u: { username: string }) => u.username)).toEqual([...usernames].reverse());

    const roles = (await t.call({ method: 'GET', url: `${BASE}?role=operator&role=viewer`, token })).json();
    expect(roles.results.map((u: { username: string }) => u.username).sort()).toEqual([names.vw, names.op].sort());
    const comma = (await t.call({ method: 'GET', url: `${BASE}?role=application,superuser`, token })).json();
    expect(comma.results.map((u: { username: string }) => u.username)).toEqual([names.app]);

    const search = (await t.call({ method: 'GET', url: `${BASE}?search=${names.op.slice(0, 8)}`, token })).json();
    expect(search.results.map((u: { username: string }) => u.username)).toEqual([names.op]);

    const page = (await t.call({ method: 'GET', url: `${BASE}?page=2&page_size=3`, token })).json();
    expect(page).toMatchObject({ count: 4 });
    expect(page.results).toHaveLength(1);
  });

  it('lists the user named admin only to admin', async () => {
    const { customer, token } = await ownCustomer();
    const admin = await buildUser(t.database.privileged, {
      customerName: customer.name,
      role: 'administrator',
      username: 'admin',
    });
    const seen = (tok: string) =>
      t
        .call({ method: 'GET', url: BASE, token: tok })
        .then((r) => r.json().results.map((u: { username: string }) => u.username));
    expect(await seen(token)).not.toContain('admin');
    expect(await seen((await login(t, admin.user.username)).access)).toContain('admin');
  });
});

describe('POST /accounts/users/ (cloud)', () => {
  it('creates a user of one role who can sign in after a password is set', async () => {
    const { token } = await ownCustomer();
    const username = fresh('new.user_');
    const res = await t.call({
      method: 'POST',
      url: BASE,
      token,
      payload: {
        username,
        first_name: 'Nora',
        last_name: 'Neu',
        email: 'nora@example.com',
        phone_number: '+4912345',
        language: 'de',
        roles: ['operator'],
        password: STRONG,
      },
    });
    expect(res.statusCode).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username, roles: ['operator'], language: 'de', email: 'nora@example.com' });
    await login(t, username, STRONG);
    const got = await t.call({ method: 'GET', url: `${BASE}${user.id}/`, token });
    expect(got.json()).toEqual(user);
  });

  it('checks every field with the spec messages', async () => {
    const { token } = await ownCustomer();
    const post = (payload: object) => t.call({ method: 'POST', url: BASE, token, payload });
    const detail = async (payload: object) => {
      const res = await post(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('ValidationError');
      return res.json().detail;
    };
    const ok = { username: fresh(), email: 'a@example.com', roles: ['viewer'] };
    expect(await detail({ ...ok, username: '' })).toEqual({ username: [M.requiredUsernameField] });
    expect(await detail({ email: 'a@example.com', roles: ['viewer'] })).toEqual({
      username: [M.requiredUsernameField],
    });
    expect(await detail({ ...ok, username: `a${'b'.repeat(150)}` })).toEqual({ username: [M.usernameMaxLength] });
    for (const bad of ['Upper', '1abc', 'a-b', 'a b', '_a']) {
      expect(await detail({ ...ok, username: bad })).toEqual({ username: [M.requiredUsernameFieldMatcher] });
    }
    expect(await detail({ ...ok, email: '' })).toEqual({ email: [M.requiredEmailField] });
    expect(await detail({ ...ok, email: 'not-an-email' })).toEqual({ email: [M.invalidEmailAddress] });
    expect(await detail({ ...ok, phone_number: '0123' })).toEqual({ phone_number: [M.phoneNumberMatcher] });
    expect(await detail({ ...ok, roles: [] })).toEqual({ roles: [M.requiredRole] });
    expect(await detail({ ...ok, roles: ['viewer', 'operator'] })).toEqual({ roles: [M.requiredRole] });
    expect(await detail({ ...ok, roles: ['superuser'] })).toEqual({ 'roles.0': [M.requiredRole] });
    expect(await detail({ username: ok.username, email: ok.email })).toEqual({ roles: [M.requiredRole] });
    expect(await detail({ ...ok, password: 'weakpassword' })).toEqual({
      password: [M.requiredPasswordFieldUserCondition],
    });
    expect(await detail({ ...ok, first_name: 'x'.repeat(151) })).toEqual({ first_name: [M.nameMaxLength] });
    // Without a password a cloud user is created and sets one through the reset link.
    expect((await post(ok)).statusCode).toBe(201);
  });

  it('refuses a username taken in any customer, in any case', async () => {
    const { token } = await ownCustomer();
    const elsewhere = await buildUser(t.database.privileged, { role: 'viewer' });
    const res = await t.call({
      method: 'POST',
      url: BASE,
      token,
      payload: { username: elsewhere.user.username, email: 'a@example.com', roles: ['viewer'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({ username: [M.fieldMustBeUnique] });
    expect(M.fieldMustBeUnique).toBe('This field must be unique.');
  });
});

describe('PUT and DELETE /accounts/users/{id}/', () => {
  it('updates fields and role but never the username, and checks a given password', async () => {
    const { customer, token } = await ownCustomer();
    const { user } = await buildUser(t.database.privileged, { customerName: customer.name, role: 'viewer' });
    const put = (payload: object) => t.call({ method: 'PUT', url: `${BASE}${user.id}/`, token, payload });
    const theirs = await login(t, user.username);
    const res = await put({ username: 'renamed', first_name: 'Otto', roles: ['operator'], phone_number: '+4711' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: user.username, first_name: 'Otto', roles: ['operator'] });
    expect((await put({ password: 'short' })).json().detail).toEqual({
      password: [M.requiredPasswordFieldUserCondition],
    });
    expect((await put({ email: '' })).json().detail).toEqual({ email: [M.requiredEmailField] });
    expect((await put({ roles: [] })).json().detail).toEqual({ roles: [M.requiredRole] });
    const me = (access: string) => t.call({ method: 'GET', url: '/accounts/users/me/', token: access });
    // A promotion and other fields leave the user's session alone; a password set for them ends it at once.
    expect((await me(theirs.access)).statusCode).toBe(200);
    expect((await put({ password: STRONG })).statusCode).toBe(200);
    expect((await me(theirs.access)).statusCode).toBe(401);
    await login(t, user.username, STRONG);
  });

  it('refuses to delete one own account and the last administrator, and to demote the last one', async () => {
    const { admin, token } = await ownCustomer();
    const self = await t.call({ method: 'DELETE', url: `${BASE}${admin.id}/`, token });
    expect(self.statusCode).toBe(400);
    expect(self.json().detail).toEqual([M.cannotDeleteSelf]);
    const demote = await t.call({ method: 'PUT', url: `${BASE}${admin.id}/`, token, payload: { roles: ['viewer'] } });
    expect(demote.statusCode).toBe(400);
    expect(demote.json().detail).toEqual({ roles: [M.lastAdministrator] });
  });

  it('deletes one of two administrators, after which the remaining one cannot be demoted', async () => {
    const { customer, admin, token } = await ownCustomer();
    const second = await buildUser(t.database.privileged, { customerName: customer.name, role: 'administrator' });
    expect((await t.call({ method: 'DELETE', url: `${BASE}${second.user.id}/`, token })).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `${BASE}${second.user.id}/`, token })).statusCode).toBe(404);
    const res = await t.call({ method: 'PUT', url: `${BASE}${admin.id}/`, token, payload: { roles: ['operator'] } });
    expect(res.json().detail).toEqual({ roles: [M.lastAdministrator] });
  });

  it('keeps an administrator when two demote each other, or delete each other, at the same moment', async () => {
    for (let round = 0; round < 4; round++) {
      const { customer, admin, token } = await ownCustomer();
      const second = await buildUser(t.database.privileged, { customerName: customer.name, role: 'administrator' });
      const secondToken = (await login(t, second.user.username)).access;
      const [a, b] =
        round % 2 === 0
          ? await Promise.all([
              t.call({ method: 'PUT', url: `${BASE}${second.user.id}/`, token, payload: { roles: ['operator'] } }),
              t.call({
                method: 'PUT',
                url: `${BASE}${admin.id}/`,
                token: secondToken,
                payload: { roles: ['operator'] },
              }),
            ])
          : await Promise.all([
              t.call({ method: 'DELETE', url: `${BASE}${second.user.id}/`, token }),
              t.call({ method: 'DELETE', url: `${BASE}${admin.id}/`, token: secondToken }),
            ]);
      // One goes through; the other, deciding after it, finds the last administrator (or its own
      // account demoted or gone: refused, or no longer signed in).
      const statuses = [a!.statusCode, b!.statusCode];
      expect(
        statuses.filter((status) => status < 300),
        statuses.join(),
      ).toHaveLength(1);
      expect(
        statuses.filter((status) => [400, 401, 403, 404].includes(status)),
        statuses.join(),
      ).toHaveLength(1);
      const admins = await t.database.privileged.execute(
        sql`select count(*)::int as n from users where customer_id = ${customer.id} and role = 'administrator'`,
      );
      expect((admins as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
    }
  });

  it('revokes refresh tokens at once on delete and on demotion', async () => {
    const { customer, token } = await ownCustomer();
    const demoted = await buildUser(t.database.privileged, { customerName: customer.name, role: 'administrator' });
    const deleted = await buildUser(t.database.privileged, { customerName: customer.name, role: 'operator' });
    const demotedTokens = await login(t, demoted.user.username);
    const deletedTokens = await login(t, deleted.user.username);
    const refresh = (r: string) => t.call({ method: 'POST', url: '/api/token/refresh/', payload: { refresh: r } });

    const put = await t.call({
      method: 'PUT',
      url: `${BASE}${demoted.user.id}/`,
      token,
      payload: { roles: ['viewer'] },
    });
    expect(put.statusCode).toBe(200);
    expect((await refresh(demotedTokens.refresh)).statusCode).toBe(401);
    // Its access token too, at once: a viewer may read its own profile, but not with it.
    expect((await t.call({ method: 'GET', url: '/accounts/users/me/', token: demotedTokens.access })).statusCode).toBe(
      401,
    );

    expect((await t.call({ method: 'DELETE', url: `${BASE}${deleted.user.id}/`, token })).statusCode).toBe(204);
    expect((await refresh(deletedTokens.refresh)).statusCode).toBe(401);
  });

  it('answers 404 for another customer user and leaves it alone', async () => {
    const { token } = await ownCustomer();
    const stranger = await buildUser(t.database.privileged, { role: 'viewer' });
    const url = `${BASE}${stranger.user.id}/`;
    expect((await t.call({ method: 'GET', url, token })).statusCode).toBe(404);
    expect((await t.call({ method: 'PUT', url, token, payload: { first_name: 'X' } })).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url, token })).statusCode).toBe(404);
    await login(t, stranger.user.username, PASSWORD);
  });
});

describe('on-premise', () => {
  let op: TestApp;
  beforeAll(async () => {
    op = await buildTestApp({ env: { ON_PREMISE: '1' } });
  });
  afterAll(() => op.close());

  it('requires a password on create but no e-mail', async () => {
    const { admin } = await buildCustomer(op.database.privileged);
    const { access: token } = await login(op, admin.username);
    const username = fresh('onprem');
    const missing = await op.call({ method: 'POST', url: BASE, token, payload: { username, roles: ['viewer'] } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toEqual({ password: [M.requiredPasswordFieldNew] });
    const res = await op.call({
      method: 'POST',
      url: BASE,
      token,
      payload: { username, roles: ['viewer'], password: STRONG },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ username, email: '', roles: ['viewer'] });
    await login(op, username, STRONG);
  });
});

describe('GET /accounts/users/ by management group', () => {
  const GROUPS = '/accounts/management-groups/';
  const usernames = (body: { results: { username: string }[] }) => body.results.map((u) => u.username).sort();

  it('group lists the members, not_group the others, both within the customer', async () => {
    const { customer, admin, token } = await ownCustomer();
    const member = (await buildUser(t.database.privileged, { customerName: customer.name, username: fresh('mem') }))
      .user;
    const outsider = (await buildUser(t.database.privileged, { customerName: customer.name, username: fresh('out') }))
      .user;
    const group = (await t.call({ method: 'POST', url: GROUPS, token, payload: { group_name: 'Crew' } })).json();
    const add = await t.call({
      method: 'POST',
      url: `${GROUPS}${group.id}/add_users/`,
      token,
      payload: { users: [member.id] },
    });
    expect(add.statusCode).toBeLessThan(300);

    const members = (await t.call({ method: 'GET', url: `${BASE}?group=${group.id}`, token })).json();
    expect(members).toMatchObject({ count: 1 });
    expect(usernames(members)).toEqual([member.username]);
    const others = (await t.call({ method: 'GET', url: `${BASE}?not_group=${group.id}`, token })).json();
    expect(usernames(others)).toEqual([admin.username, outsider.username].sort());
    const searched = (
      await t.call({ method: 'GET', url: `${BASE}?not_group=${group.id}&search=${outsider.username}`, token })
    ).json();
    expect(usernames(searched)).toEqual([outsider.username]);
  });

  it("another customer's group has no members here and excludes nobody", async () => {
    const theirs = await ownCustomer();
    const theirMember = (await buildUser(t.database.privileged, { customerName: theirs.customer.name })).user;
    const group = (
      await t.call({ method: 'POST', url: GROUPS, token: theirs.token, payload: { group_name: 'Theirs' } })
    ).json();
    await t.call({
      method: 'POST',
      url: `${GROUPS}${group.id}/add_users/`,
      token: theirs.token,
      payload: { users: [theirMember.id] },
    });
    const { customer, token } = await ownCustomer();
    await buildUser(t.database.privileged, { customerName: customer.name });

    const members = (await t.call({ method: 'GET', url: `${BASE}?group=${group.id}`, token })).json();
    expect(members).toEqual({ count: 0, results: [] });
    const all = (await t.call({ method: 'GET', url: BASE, token })).json();
    const others = (await t.call({ method: 'GET', url: `${BASE}?not_group=${group.id}`, token })).json();
    expect(others.count).toBe(all.count);
    expect(usernames(others)).toEqual(usernames(all));
  });

  it('refuses a group id that is not a positive number', async () => {
    const { token } = await ownCustomer();
    for (const query of ['group=0', 'group=x', 'not_group=-1']) {
      const res = await t.call({ method: 'GET', url: `${BASE}?${query}`, token });
      expect(res.statusCode, query).toBe(400);
    }
  });
});
