import { execFile, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.js';
import { customers } from '../src/db/schema/index.js';
import { databaseSocketDir, databaseSocketPath, serveDatabaseSocket, type DatabaseSocket } from '../src/db/socket.js';
import { buildCustomer } from './factories.js';
import { TEST_DB_KIND, openTestDatabase } from './test-database.js';

const serverDir = path.resolve(import.meta.dirname, '..');
const tsxLoader = path.join(serverDir, '../node_modules/tsx/dist/loader.mjs');
const run = promisify(execFile);
const silentLog = { warn: () => undefined };

/** A PostgreSQL client on the database socket in dataDir, as the CLI and psql connect. */
async function socketClient(dataDir: string): Promise<pg.Client> {
  const client = new pg.Client({
    host: databaseSocketDir(dataDir),
    port: 5432,
    user: 'postgres',
    database: 'postgres',
  });
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

/** Whether the promise is still pending after ms. */
async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !settled;
}

// The socket serves the embedded database: PGlite only.
describe.runIf(TEST_DB_KIND === 'pglite')('the embedded database socket', () => {
  let database: Database;
  let dataDir: string;
  let socket: DatabaseSocket;
  let customerId: number;
  const clients: pg.Client[] = [];

  const connect = async () => {
    const client = await socketClient(dataDir);
    clients.push(client);
    return client;
  };
  const customerName = async () =>
    (await database.privileged.select({ name: customers.name }).from(customers).where(eq(customers.id, customerId)))[0]
      ?.name;

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-socket-'));
    customerId = (await buildCustomer(database.privileged, { name: 'Socket Stores' })).customer.id;
  });

  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.end().catch(() => undefined)));
    await socket?.stop();
  });

  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps a client's transaction and the server's own work apart", async () => {
    socket = await serveDatabaseSocket(database.embedded!, { dataDir, log: silentLog });
    const client = await connect();
    await client.query('BEGIN');
    await client.query('UPDATE customers SET name = $1 WHERE id = $2', ['Renamed by the client', customerId]);

    // The server's work waits for the client's transaction: it neither sees it nor joins it.
    const serverWrite = buildCustomer(database.privileged, { name: 'Made by the server' });
    expect(await pendingAfter(serverWrite, 300)).toBe(true);
    await client.query('ROLLBACK');
    await serverWrite;

    expect(await customerName()).toBe('Socket Stores');
    const made = await database.privileged.select().from(customers).where(eq(customers.name, 'Made by the server'));
    expect(made).toHaveLength(1);
    // And the client sees the server's committed work.
    const seen = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM customers WHERE name = $1', [
      'Made by the server',
    ]);
    expect(seen.rows[0]?.n).toBe(1);
  });

  it("serves a client as the owner whatever customer the server's last statement was for, and the server's next statement still acts for its own", async () => {
    socket = await serveDatabaseSocket(database.embedded!, { dataDir, log: silentLog });
    const other = (await buildCustomer(database.privileged, { name: 'Other Stores' })).customer.id;
    const tenant = database.forCustomer(customerId);
    const seenByTenant = async () =>
      (await tenant.selectDistinct({ customerId: customers.id }).from(customers)).map((c) => c.customerId);
    expect(await seenByTenant()).toEqual([customerId]);

    const client = await connect();
    const seen = await client.query<{ role: string; n: number }>(
      "SELECT current_setting('role') AS role, count(*)::int AS n FROM customers WHERE id IN ($1, $2)",
      [customerId, other],
    );
    expect(seen.rows[0]).toEqual({ role: 'none', n: 2 });
    // A client that acts for a customer itself does so for its own turn only.
    await client.query(`SELECT set_config('role', 'tagtrack_app', false), set_config('app.customer_id', $1, false)`, [
      String(other),
    ]);
    expect(await seenByTenant()).toEqual([customerId]);
    expect((await database.privileged.select().from(customers)).map((c) => c.id)).toEqual(
      expect.arrayContaining([customerId, other]),
    );
  });

  it('disconnects a client that keeps the database idle in a transaction, rolls it back, and lets the server go on', async () => {
    socket = await serveDatabaseSocket(database.embedded!, { dataDir, holdTimeoutMs: 500, log: silentLog });
    const client = await connect();
    const ended = new Promise<Error>((resolve) => client.once('error', resolve));
    await client.query('BEGIN');
    await client.query('UPDATE customers SET name = $1 WHERE id = $2', ['Left open', customerId]);

    expect(await customerName()).toBe('Socket Stores');
    expect((await ended).message).toMatch(/held the embedded database idle/);
  });

  it("ends a client's session settings and temporary tables with its turn, and its Terminate ends only its connection", async () => {
    socket = await serveDatabaseSocket(database.embedded!, { dataDir, log: silentLog });
    const client = await connect();
    await client.query('SET search_path = nowhere');
    await client.query('CREATE TEMPORARY TABLE customers (id int, name text)');
    // Unreset, the server's next query would find no customers table (or the client's empty one).
    expect(await customerName()).toBe('Socket Stores');

    await client.end();
    expect(await customerName()).toBe('Socket Stores');
    const again = await connect();
    expect((await again.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it("refuses COPY FROM STDIN (PGlite would lose its one session, the server's too), as a simple or extended query", async () => {
    socket = await serveDatabaseSocket(database.embedded!, { dataDir, log: silentLog });
    const client = await connect();
    await expect(client.query('COPY customers (name) FROM STDIN')).rejects.toThrow(/COPY FROM STDIN is not available/);
    await client.query('BEGIN');
    await expect(client.query({ name: 'copy-in', text: 'copy customers from stdin' })).rejects.toThrow(
      /COPY FROM STDIN is not available/,
    );
    await client.query('ROLLBACK');

    expect(await customerName()).toBe('Socket Stores');
    expect((await client.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
  });

  it('replaces a socket file left behind, and on stop rolls back what a client left open and removes the socket', async () => {
    const socketPath = databaseSocketPath(dataDir);
    mkdirSync(path.dirname(socketPath), { recursive: true });
    writeFileSync(socketPath, 'left by a server that was killed');
    socket = await serveDatabaseSocket(database.embedded!, { dataDir, log: silentLog });
    expect(socket.path).toBe(socketPath);
    expect(statSync(path.dirname(socketPath)).mode & 0o777).toBe(0o700);

    const client = await connect();
    await client.query('BEGIN');
    await client.query('UPDATE customers SET name = $1 WHERE id = $2', ['Cut short', customerId]);
    await socket.stop();

    expect(existsSync(socketPath)).toBe(false);
    expect(await customerName()).toBe('Socket Stores');
    await expect(client.query('SELECT 1')).rejects.toThrow();
  });
});

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  exited: Promise<number | null>;
}

/** Starts the real server (node itself, so that a signal reaches it and not a wrapper) and waits for its URL. */
async function startServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', tsxLoader, 'src/server.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATABASE_URL: '', ...env },
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const match = /Tagtrack console: (http:\/\/\S+)/.exec(output);
    if (match?.[1]) return { child, url: match[1], exited };
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start: ${output}`);
}

describe.runIf(TEST_DB_KIND === 'pglite')('the CLI beside a running server', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-cli-server-'));
  const env = {
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    ADMIN_PASSWORD: 'Console-admin-1',
    DEMO_DATA: '0',
    MQTT_EMBEDDED: '0',
    LOG_LEVEL: 'silent',
  };
  let running: Running | undefined;

  const cli = async (...args: string[]) =>
    (
      await run(process.execPath, ['--import', tsxLoader, 'src/tools/cli/index.ts', ...args], {
        cwd: serverDir,
        env: { ...process.env, ...env },
      })
    ).stdout;
  const signIn = async (username: string, password: string) =>
    (
      await fetch(`${running!.url}api/token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
    ).status;

  /** The extensions the console of a user's customer is told about. */
  const extensionsOf = async (username: string, password: string) => {
    const token = await fetch(`${running!.url}api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username, password }),
    }).then((r) => r.json() as Promise<{ access: string }>);
    const res = await fetch(`${running!.url}configuration/instance-subscription/`, {
      headers: { authorization: `Bearer ${token.access}` },
    });
    return ((await res.json()) as { extension: string[] }).extension;
  };

  afterAll(async () => {
    if (running && running.child.exitCode === null) {
      running.child.kill('SIGKILL');
      await running.exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('adds a customer and sets a password through the running server, which signs them in at once', async () => {
    running = await startServer(env);
    expect(
      await cli(
        'customer:create',
        '--name',
        'Delta Depots',
        '--admin-username',
        'delta',
        '--admin-password',
        'Delta-admin-1',
      ),
    ).toMatch(/Created customer Delta Depots/);
    expect(await signIn('delta', 'Delta-admin-1')).toBe(200);
    // The first customer, made on the empty database, has every extension; a new one none until given.
    expect(await extensionsOf('admin', 'Console-admin-1')).toEqual(['sensor']);
    expect(await extensionsOf('delta', 'Delta-admin-1')).toEqual([]);
    expect(await cli('customer:update', '--name', 'Delta Depots', '--extensions', 'sensor')).toMatch(
      /Customer Delta Depots now has the extensions: sensor/,
    );
    expect(await extensionsOf('delta', 'Delta-admin-1')).toEqual(['sensor']);
    expect(await cli('customer:update', '--name', 'Delta Depots', '--extensions', 'none')).toMatch(
      /now has the extensions: none/,
    );
    expect(await extensionsOf('delta', 'Delta-admin-1')).toEqual([]);

    await cli('user:password', '--username', 'admin', '--password', 'Changed-admin-2');
    expect(await signIn('admin', 'Changed-admin-2')).toBe(200);
    expect(await signIn('admin', 'Console-admin-1')).toBe(401);

    // psql's way in: a PostgreSQL client on the socket reads the same data.
    const client = await socketClient(dataDir);
    try {
      const names = await client.query<{ name: string }>('SELECT name FROM customers ORDER BY id');
      expect(names.rows.map((r) => r.name)).toContain('Delta Depots');
    } finally {
      await client.end();
    }
  }, 180_000);

  it('after a kill leaves the lock and socket behind, the CLI opens the directory itself and the next server starts as usual; SIGTERM removes both', async () => {
    running!.child.kill('SIGKILL');
    await running!.exited;
    expect(existsSync(databaseSocketPath(dataDir))).toBe(true);

    await cli('user:password', '--username', 'delta', '--password', 'Delta-admin-3');

    running = await startServer(env);
    expect(await signIn('delta', 'Delta-admin-3')).toBe(200);
    await cli('user:password', '--username', 'delta', '--password', 'Delta-admin-4');
    expect(await signIn('delta', 'Delta-admin-4')).toBe(200);

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(existsSync(databaseSocketPath(dataDir))).toBe(false);
    expect(existsSync(path.join(dataDir, 'tagtrack.lock'))).toBe(false);
  }, 180_000);
});
