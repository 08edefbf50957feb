import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { login, PASSWORD } from './factories.js';
import {
  TEST_DB_KIND,
  createDatabaseFromTemplate,
  databaseUrl,
  dropDatabase,
  testDatabaseName,
} from './test-database.js';

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, '..');

let t: TestApp;
let dataDir: string | undefined;
let pgName: string | undefined;
let env: Record<string, string>;
let takenUsername: unknown;
let missingOption: unknown;

/** Runs the real CLI against this file's database. */
async function cli(...args: string[]) {
  const { stdout } = await run(path.join(serverDir, '../node_modules/.bin/tsx'), ['src/tools/cli/index.ts', ...args], {
    cwd: serverDir,
    env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
  });
  return stdout;
}

beforeAll(async () => {
  if (TEST_DB_KIND === 'postgres') {
    pgName = testDatabaseName(`cli_${process.pid}`);
    await dropDatabase(pgName);
    await createDatabaseFromTemplate(pgName);
    env = { DATABASE_URL: databaseUrl(pgName) };
  } else {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'tagtrack-cli-'));
    env = { DATA_DIR: dataDir };
  }
  expect(
    await cli('customer:create', '--name', 'Alpha Stores', '--admin-username', 'alpha', '--admin-password', PASSWORD),
  ).toMatch(/Created customer Alpha Stores/);
  expect(
    await cli(
      'customer:create',
      '--name',
      'Beta Depots',
      '--admin-username',
      'beta',
      '--admin-password',
      PASSWORD,
      '--extensions',
      'sensor',
    ),
  ).toMatch(/Created customer Beta Depots/);
  await cli(
    'user:create',
    '--customer',
    'Alpha Stores',
    '--username',
    'alpha.viewer',
    '--role',
    'viewer',
    '--password',
    PASSWORD,
  );
  takenUsername = await cli(
    'user:create',
    '--customer',
    'Beta Depots',
    '--username',
    'alpha',
    '--role',
    'viewer',
    '--password',
    PASSWORD,
  ).catch((e: unknown) => e);
  missingOption = await cli('customer:create', '--name', 'Gamma').catch((e: unknown) => e);
  const database =
    TEST_DB_KIND === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL!, max: 2 })
      : await openDatabase({ kind: 'pglite', dataDir: dataDir! });
  t = await buildTestApp({ database });
}, 90_000);

afterAll(async () => {
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  if (pgName) await dropDatabase(pgName);
});

describe('tenants made by the CLI never see each other', () => {
  it('gives each customer its own profile, customer and subscription', async () => {
    const alpha = await login(t, 'alpha');
    const beta = await login(t, 'beta');
    const meA = (await t.call({ method: 'GET', url: '/accounts/users/me/', token: alpha.access })).json();
    const meB = (await t.call({ method: 'GET', url: '/accounts/users/me/', token: beta.access })).json();
    expect(meA.customer_name).toBe('Alpha Stores');
    expect(meB.customer_name).toBe('Beta Depots');
    expect(meA.customer_id).not.toBe(meB.customer_id);
    expect((await t.call({ method: 'GET', url: '/configuration/customer/', token: beta.access })).json().name).toBe(
      'Beta Depots',
    );
    expect(
      (await t.call({ method: 'GET', url: '/configuration/instance-subscription/', token: alpha.access })).json()
        .extension,
    ).toEqual([]);
    expect(
      (await t.call({ method: 'GET', url: '/configuration/instance-subscription/', token: beta.access })).json()
        .extension,
    ).toEqual(['sensor']);
  });

  it("answers NotFound when an administrator addresses another customer's user", async () => {
    const alpha = await login(t, 'alpha');
    const beta = await login(t, 'beta');
    const alphaViewer = (
      await t.call({ method: 'GET', url: '/accounts/users/me/', token: (await login(t, 'alpha.viewer')).access })
    ).json();
    const res = await t.call({
      method: 'POST',
      url: `/accounts/users/${alphaViewer.id}/set_password/`,
      token: beta.access,
      payload: { password: 'Hijacked-pass-1' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('NotFound');
    // The same call inside the customer works, so the 404 is the tenant boundary, not the id.
    const own = await t.call({
      method: 'POST',
      url: `/accounts/users/${alphaViewer.id}/set_password/`,
      token: alpha.access,
      payload: { password: 'Reset-by-admin-1' },
    });
    expect(own.statusCode).toBe(200);
  });

  it("keeps error reports with the reporter's customer", async () => {
    const beta = await login(t, 'beta');
    const res = await t.call({
      method: 'POST',
      url: '/api/error/',
      token: beta.access,
      payload: { comment: 'beta only' },
    });
    expect(res.statusCode).toBe(201);
    const { errorReports } = await import('../src/db/schema/index.js');
    const rows = await t.database.privileged.select().from(errorReports);
    const me = (await t.call({ method: 'GET', url: '/accounts/users/me/', token: beta.access })).json();
    expect(rows.filter((r) => r.comment === 'beta only').map((r) => r.customerId)).toEqual([me.customer_id]);
  });

  it('refuses a username taken in another customer, and bad arguments, with a clear message and exit code', () => {
    expect(takenUsername).toMatchObject({ code: 1, stderr: expect.stringMatching(/username alpha is taken/) });
    expect(missingOption).toMatchObject({ code: 2, stderr: expect.stringMatching(/Missing --admin-username/) });
  });

  // The lock guards PGlite's data directory; PostgreSQL serves many processes and has none.
  it.runIf(TEST_DB_KIND === 'pglite')(
    'refuses a second opener of the embedded data directory with a clear message',
    async () => {
      await expect(cli('migrate')).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/is in use by another Tagtrack process/),
      });
    },
  );
});
