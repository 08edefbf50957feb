import { randomBytes } from 'node:crypto';
import type { Role } from '@tagtrack/contract';
import type { Db } from '../src/db/client.js';
import { createCustomer, createUser } from '../src/system/provisioning.js';
import type { TestApp } from './build-test-app.js';

export const PASSWORD = 'Test-password-1';
const unique = () => randomBytes(4).toString('hex');

export async function buildCustomer(db: Db, overrides: { name?: string; extensions?: 'sensor'[] } = {}) {
  const suffix = unique();
  const { customer, admin } = await createCustomer(db, {
    name: overrides.name ?? `Customer ${suffix}`,
    adminUsername: `admin${suffix}`,
    adminPassword: PASSWORD,
    extensions: overrides.extensions ?? [],
  });
  return { customer, admin };
}

/** A user of the given role; creates its customer when none is given. */
export async function buildUser(db: Db, options: { role?: Role; customerName?: string; username?: string } = {}) {
  const customerName = options.customerName ?? (await buildCustomer(db)).customer.name;
  const user = await createUser(db, {
    customerName,
    username: options.username ?? `${options.role ?? 'viewer'}${unique()}`,
    role: options.role ?? 'viewer',
    password: PASSWORD,
  });
  return { user, customerName };
}

export async function login(t: TestApp, username: string, password = PASSWORD) {
  const res = await t.call({ method: 'POST', url: '/api/token/', payload: { username, password } });
  if (res.statusCode !== 200) throw new Error(`login failed for ${username}: ${res.statusCode} ${res.body}`);
  return res.json<{ access: string; refresh: string }>();
}

/** A signed-in user of the role: its row and an access token. */
export async function signedIn(t: TestApp, role: Role, customerName?: string) {
  const { user, customerName: name } = await buildUser(t.database.privileged, { role, customerName });
  const tokens = await login(t, user.username);
  return { user, customerName: name, ...tokens, token: tokens.access };
}
