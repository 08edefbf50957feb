import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, VALIDATION_MESSAGES as M } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildCustomer, buildUser, login } from './factories.js';

const BASE = '/accounts/management-groups/';
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A customer of its own, its administrator signed in. */
async function ownCustomer() {
  const { customer, admin } = await buildCustomer(t.database.privileged);
  const tokens = await login(t, admin.username);
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.call({ method, url, token: tokens.access, ...(payload ? { payload } : {}) });
  const user = async () => (await buildUser(t.database.privileged, { customerName: customer.name })).user;
  const group = async (group_name: string) => (await call('POST', BASE, { group_name })).json();
  return { customer, admin, token: tokens.access, call, user, group };
}

describe('who may manage groups', () => {
  it.each(ROLES.filter((r) => r !== 'administrator'))('%s gets 403 on every group route', async (role) => {
    const own = await ownCustomer();
    const group = await own.group('Team');
    const other = (await buildUser(t.database.privileged, { role, customerName: own.customer.name })).user;
    const token = (await login(t, other.username)).access;
    const calls = [
      { method: 'GET', url: BASE },
      { method: 'POST', url: BASE, payload: { group_name: 'X' } },
      { method: 'GET', url: `${BASE}${group.id}/` },
      { method: 'PUT', url: `${BASE}${group.id}/`, payload: { group_name: 'Y' } },
      { method: 'DELETE', url: `${BASE}${group.id}/` },
      { method: 'POST', url: `${BASE}${group.id}/add_users/`, payload: { users: [other.id] } },
      { method: 'POST', url: `${BASE}${group.id}/remove_users/`, payload: { users: [other.id] } },
    ] as const;
    for (const call of calls) {
      const res = await t.call({ ...call, token });
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
    }
  });

  it('answers 401 without a token', async () => {
    expect((await t.call({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});

describe('creating, editing and deleting groups', () => {
  it('creates a group with the trimmed name and no users', async () => {
    const { call } = await ownCustomer();
    const res = await call('POST', BASE, { group_name: '  Warehouse  ' });
    expect(res.statusCode).toBe(201);
    const group = res.json();
    expect(group).toEqual({ id: expect.any(Number), group_name: 'Warehouse', user_count: 0, users: [] });
    expect((await call('GET', `${BASE}${group.id}/`)).json()).toEqual(group);
  });

  it('requires the group name, keeps names unique within the customer', async () => {
    const { call, group } = await ownCustomer();
    const detail = async (method: 'POST' | 'PUT', url: string, payload: object) => {
      const res = await call(method, url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().type).toBe('ValidationError');
      return res.json().detail;
    };
    expect(await detail('POST', BASE, {})).toEqual({ group_name: [M.groupNameError] });
    expect(await detail('POST', BASE, { group_name: '' })).toEqual({ group_name: [M.groupNameError] });
    expect(await detail('POST', BASE, { group_name: '   ' })).toEqual({ group_name: [M.groupNameError] });
    expect(await detail('POST', BASE, { group_name: 'x'.repeat(151) })).toEqual({ group_name: [M.nameMaxLength] });
    const a = await group('Alpha');
    const b = await group('Beta');
    expect(await detail('POST', BASE, { group_name: 'Alpha' })).toEqual({ group_name: [M.fieldMustBeUnique] });
    expect(await detail('PUT', `${BASE}${b.id}/`, { group_name: 'Alpha' })).toEqual({
      group_name: [M.fieldMustBeUnique],
    });
    expect(await detail('PUT', `${BASE}${a.id}/`, { group_name: '' })).toEqual({ group_name: [M.groupNameError] });
    // Another customer may use the same name.
    expect((await (await ownCustomer()).call('POST', BASE, { group_name: 'Alpha' })).statusCode).toBe(201);
  });

  it('renames a group, keeping its members', async () => {
    const { call, group, user } = await ownCustomer();
    const g = await group('Old');
    const u = await user();
    await call('POST', `${BASE}${g.id}/add_users/`, { users: [u.id] });
    const res = await call('PUT', `${BASE}${g.id}/`, { group_name: 'Old' });
    expect(res.statusCode).toBe(200);
    const renamed = await call('PUT', `${BASE}${g.id}/`, { group_name: 'New' });
    expect(renamed.json()).toEqual({ id: g.id, group_name: 'New', user_count: 1, users: [u.id] });
  });

  it('deletes a group: it is gone, its users stay and lose the group', async () => {
    const { call, group, user } = await ownCustomer();
    const g = await group('Doomed');
    const u = await user();
    await call('POST', `${BASE}${g.id}/add_users/`, { users: [u.id] });
    expect((await call('GET', `/accounts/users/${u.id}/`)).json().management_groups).toEqual(['Doomed']);
    expect((await call('DELETE', `${BASE}${g.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}${g.id}/`)).statusCode).toBe(404);
    expect((await call('DELETE', `${BASE}${g.id}/`)).statusCode).toBe(404);
    const after = await call('GET', `/accounts/users/${u.id}/`);
    expect(after.statusCode).toBe(200);
    expect(after.json().management_groups).toEqual([]);
  });

  it('answers 404 for an unknown group', async () => {
    const { call } = await ownCustomer();
    expect((await call('GET', `${BASE}999999999/`)).statusCode).toBe(404);
    expect((await call('PUT', `${BASE}999999999/`, { group_name: 'X' })).statusCode).toBe(404);
    expect((await call('POST', `${BASE}999999999/add_users/`, { users: [] })).statusCode).toBe(404);
  });
});

describe('GET /accounts/management-groups/', () => {
  it('orders by group name by default, pages, searches and counts users', async () => {
    const { call, group, user } = await ownCustomer();
    const c = await group('Charlie');
    const a = await group('alpha');
    const b = await group('Bravo');
    const [u1, u2] = [await user(), await user()];
    await call('POST', `${BASE}${b.id}/add_users/`, { users: [u1.id, u2.id] });
    await call('POST', `${BASE}${c.id}/add_users/`, { users: [u1.id] });

    const all = (await call('GET', BASE)).json();
    expect(all.count).toBe(3);
    const names = all.results.map((g: { group_name: string }) => g.group_name);
    expect(names).toEqual([...names].sort());
    const counts = Object.fromEntries(all.results.map((g: { id: number; user_count: number }) => [g.id, g.user_count]));
    expect(counts).toEqual({ [a.id]: 0, [b.id]: 2, [c.id]: 1 });

    const desc = (await call('GET', `${BASE}?ordering=-group_name`)).json();
    expect(desc.results.map((g: { group_name: string }) => g.group_name)).toEqual([...names].reverse());

    const page = (await call('GET', `${BASE}?page=2&page_size=2`)).json();
    expect(page.count).toBe(3);
    expect(page.results).toHaveLength(1);

    const search = (await call('GET', `${BASE}?search=rav`)).json();
    expect(search).toEqual({
      count: 1,
      results: [{ id: b.id, group_name: 'Bravo', user_count: 2, users: expect.any(Array) }],
    });
  });
});

describe('assigning and removing users', () => {
  it('adds users (twice is harmless) and removes them, with the counts following', async () => {
    const { call, group, user } = await ownCustomer();
    const g = await group('Floor');
    const [u1, u2, u3] = [await user(), await user(), await user()];
    const add = await call('POST', `${BASE}${g.id}/add_users/`, { users: [u1.id, u2.id] });
    expect(add.statusCode).toBe(200);
    expect(add.json()).toMatchObject({ user_count: 2 });
    expect(add.json().users.sort()).toEqual([u1.id, u2.id].sort());

    const again = await call('POST', `${BASE}${g.id}/add_users/`, { users: [u2.id, u3.id, u3.id] });
    expect(again.statusCode).toBe(200);
    expect(again.json().user_count).toBe(3);

    const removed = await call('POST', `${BASE}${g.id}/remove_users/`, { users: [u1.id, u3.id] });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({ user_count: 1, users: [u2.id] });
    // Removing someone not in the group changes nothing.
    expect((await call('POST', `${BASE}${g.id}/remove_users/`, { users: [u1.id] })).json().user_count).toBe(1);
    expect((await call('GET', `${BASE}${g.id}/`)).json().user_count).toBe(1);
    expect((await call('GET', `/accounts/users/${u2.id}/`)).json().management_groups).toEqual(['Floor']);
  });

  it('needs a list of user ids', async () => {
    const { call, group } = await ownCustomer();
    const g = await group('Lists');
    for (const payload of [{}, { users: 'x' }, { users: [0] }, { users: ['a'] }]) {
      const res = await call('POST', `${BASE}${g.id}/add_users/`, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().type).toBe('ValidationError');
    }
  });

  it('refuses unknown users and changes nothing', async () => {
    const { call, group, user } = await ownCustomer();
    const g = await group('Strict');
    const u = await user();
    const res = await call('POST', `${BASE}${g.id}/add_users/`, { users: [u.id, 999999999] });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'ValidationError', detail: { users: [M.invalidValue] } });
    expect((await call('GET', `${BASE}${g.id}/`)).json().user_count).toBe(0);
  });
});

describe('a second customer', () => {
  it('cannot see, change or delete the group, nor have its users added', async () => {
    const mine = await ownCustomer();
    const theirs = await ownCustomer();
    const g = await mine.group('Private');
    const myUser = await mine.user();
    const theirUser = await theirs.user();

    expect((await theirs.call('GET', BASE)).json()).toEqual({ count: 0, results: [] });
    expect((await theirs.call('GET', `${BASE}${g.id}/`)).statusCode).toBe(404);
    expect((await theirs.call('PUT', `${BASE}${g.id}/`, { group_name: 'Mine' })).statusCode).toBe(404);
    expect((await theirs.call('DELETE', `${BASE}${g.id}/`)).statusCode).toBe(404);
    expect((await theirs.call('POST', `${BASE}${g.id}/add_users/`, { users: [theirUser.id] })).statusCode).toBe(404);
    expect((await theirs.call('POST', `${BASE}${g.id}/remove_users/`, { users: [myUser.id] })).statusCode).toBe(404);

    const foreign = await mine.call('POST', `${BASE}${g.id}/add_users/`, { users: [theirUser.id] });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().detail).toEqual({ users: [M.invalidValue] });
    expect((await mine.call('GET', `${BASE}${g.id}/`)).json()).toMatchObject({ group_name: 'Private', user_count: 0 });
  });
});
