import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/demo/seed.js';
import { DEMO_GROUPS, DEMO_TEAM } from '../src/demo/seed-users.js';
import { LocalDiskStorage } from '../src/storage/file-storage.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { login } from './factories.js';

const PASSWORD = 'Demo-password-1';
let t: TestApp;
let filesDir: string;
beforeAll(async () => {
  t = await buildTestApp();
  filesDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-demo-files-'));
  await seedDemo(t.database.db, PASSWORD, new LocalDiskStorage(filesDir));
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('demo users and groups', () => {
  it('gives the administrator a dozen users across the four roles, each able to sign in', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const res = await t.call({ method: 'GET', url: '/accounts/users/?page_size=100', token: admin.access });
    expect(res.statusCode).toBe(200);
    const list = res.json<{ count: number; results: { username: string; roles: string[] }[] }>();
    expect(list.count).toBe(4 + DEMO_TEAM.length);
    expect(new Set(list.results.flatMap((u) => u.roles))).toEqual(
      new Set(['administrator', 'operator', 'viewer', 'application']),
    );
    const member = await login(t, 'lukas.meyer', PASSWORD);
    const me = await t.call({ method: 'GET', url: '/accounts/users/me/', token: member.access });
    expect(me.json()).toMatchObject({ language: 'de', management_groups: ['Inbound team', 'Night shift'] });
  });

  it('has two management groups with their members', async () => {
    const admin = await login(t, 'admin', PASSWORD);
    const res = await t.call({ method: 'GET', url: '/accounts/management-groups/', token: admin.access });
    const groups = res.json<{ results: { group_name: string; user_count: number }[] }>().results;
    expect(groups.map((g) => g.group_name)).toEqual([...DEMO_GROUPS]);
    for (const group of groups) {
      expect(group.user_count).toBe(DEMO_TEAM.filter((p) => p.groups.includes(group.group_name)).length);
    }
  });
});
