// The crash suite: the real server killed with SIGKILL at random moments (during a first start,
// during a restart, while readers send batches), restarted on the same data each time. Every
// acknowledged read must be reflected exactly once, and every restart must be clean.
//
// CRASH_KILLS (default 10) sets the kills during ingest, CRASH_FIRST_START_KILLS (default 2) those
// during first starts, CRASH_SEED repeats a run (it is printed when a test fails).
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, onTestFailed } from 'vitest';
import { openDatabase, PGLITE_EXTENSIONS, type Database } from '../src/db/client.js';
import { TenantScope } from '../src/db/tenant.js';
import { DEMO_USERS } from '../src/tools/demo/seed.js';
import { DEMO_TEAM } from '../src/tools/demo/seed-users.js';
import { nonZeroCounts, random, recountedItems } from './count-fixtures.js';
import { IngestWorld } from './crash-ingest.js';
import { ServerProcess } from './server-process.js';
import {
  TEST_DB_KIND,
  createDatabaseFromTemplate,
  databaseUrl,
  dropDatabase,
  testDatabaseName,
} from './test-database.js';

const KILLS = Number(process.env.CRASH_KILLS ?? 10);
const FIRST_START_KILLS = Number(process.env.CRASH_FIRST_START_KILLS ?? 2);
const SEED = Number(process.env.CRASH_SEED ?? Math.floor(Math.random() * 2 ** 31));
/** A first start is killed at most this many times before one runs to the end on its data. */
const KILLS_PER_FIRST_START = 2;

/** What happened, printed when a test fails so the run can be understood (and repeated with CRASH_SEED). */
const journal: string[] = [];
const note = (line: string) => {
  journal.push(line);
  if (process.env.CRASH_VERBOSE) process.stdout.write(`${line}\n`);
};
function explainFailure() {
  onTestFailed(() => {
    process.stderr.write(
      `\nCrash suite on ${TEST_DB_KIND}, CRASH_SEED=${SEED} repeats it. What happened:\n  ${journal.join('\n  ')}\n`,
    );
  });
}

const running = new Set<ServerProcess>();
function startServer(env: Record<string, string | undefined>) {
  const server = new ServerProcess(env);
  running.add(server);
  return server;
}

/** A place for the server's data: a data directory, and on PostgreSQL a database of its own. */
interface Store {
  env: Record<string, string | undefined>;
  dataDir: string;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

let stores = 0;
/** Empty (a first start creates everything), or migrated with no customer yet (from the test template). */
async function newStore(kind: 'empty' | 'migrated'): Promise<Store> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-crash-'));
  if (TEST_DB_KIND === 'postgres') {
    const name = testDatabaseName(`crash_${process.pid}_${++stores}`);
    await dropDatabase(name);
    if (kind === 'empty') await createDatabaseFromTemplate(name, 'template0');
    else await createDatabaseFromTemplate(name);
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl(name) },
      open: () => openDatabase({ kind: 'postgres', url: databaseUrl(name), max: 2 }),
      dispose: async () => {
        rmSync(dataDir, { recursive: true, force: true });
        await dropDatabase(name);
      },
    };
  }
  if (kind === 'migrated') {
    const template = process.env.TAGTRACK_PGLITE_TEMPLATE;
    if (!template) throw new Error('The global setup did not prepare the PGlite template');
    const copy = await PGlite.create({
      dataDir: path.join(dataDir, 'pglite'),
      loadDataDir: new Blob([await readFile(template)]),
      extensions: PGLITE_EXTENSIONS,
    });
    await copy.close();
  }
  return {
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: undefined },
    open: () => openDatabase({ kind: 'pglite', dataDir }),
    dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

const rows = async <T>(database: Database, query: ReturnType<typeof sql>) =>
  ((await database.privileged.execute(query)) as unknown as { rows: T[] }).rows;

/** Where a start was when it was killed, from what it printed and left on disk. */
function phaseOf(server: ServerProcess, store: Store): string {
  if (server.readyAfterMs !== null) return `after it was ready (${server.readyAfterMs} ms)`;
  if (/First start/.test(server.output)) return 'after the first customer was committed';
  if (TEST_DB_KIND === 'pglite') {
    const dir = path.join(store.dataDir, 'pglite');
    const files = existsSync(dir) ? readdirSync(dir).length : 0;
    if (files === 0) return 'before the data directory was written';
    if (!existsSync(path.join(dir, 'PG_VERSION'))) return `while the data directory was written (${files} entries)`;
  }
  return 'while starting';
}

/** Resolves once the server's embedded database has written the first file of its data directory (or it ended). */
async function dataDirWritten(store: Store, server: ServerProcess): Promise<void> {
  const dir = path.join(store.dataDir, 'pglite');
  while (!server.exited && server.readyAfterMs === null) {
    if (existsSync(dir) && readdirSync(dir).length > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const passwordsPrinted = (output: string) =>
  [...output.matchAll(/First start: sign in as .* with the password (\S+)/g)].map((m) => m[1]!);

async function signIn(url: string, username: string, password: string): Promise<number> {
  const res = await fetch(`${url}/api/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  await res.arrayBuffer();
  return res.status;
}

afterAll(async () => {
  await Promise.all([...running].map((server) => server.kill()));
});

describe(`the server killed with SIGKILL (${TEST_DB_KIND})`, () => {
  it(
    'a first start killed at random moments leaves data the next start completes: the demo customer whole, its password printed exactly once',
    async () => {
      explainFailure();
      const rand = random(SEED);
      // Where to kill: anywhere in a first start, whose length this run learns as it goes.
      let estimate = TEST_DB_KIND === 'pglite' ? 20_000 : 10_000;
      let killed = 0;
      do {
        const store = await newStore('empty');
        try {
          const env = { ...store.env, DEMO_DATA: '1', ADMIN_PASSWORD: undefined };
          const printed: string[] = [];
          for (let k = 0; k < KILLS_PER_FIRST_START && killed < FIRST_START_KILLS; k++, killed++) {
            const server = startServer(env);
            if (TEST_DB_KIND === 'pglite' && rand() < 0.5) {
              // While the embedded database writes its new data directory, a short window of a long start.
              await dataDirWritten(store, server);
              await server.readyWithin(Math.floor(rand() * 1_500));
            } else {
              await server.readyWithin(Math.floor(rand() * estimate));
            }
            await server.kill();
            if (server.readyAfterMs !== null) estimate = server.readyAfterMs;
            note(`first start killed at ${Date.now() - server.spawnedAt} ms, ${phaseOf(server, store)}`);
            printed.push(...passwordsPrinted(server.output));
          }
          const clean = startServer(env);
          const url = await clean.ready();
          estimate = clean.readyAfterMs!;
          note(`first start completed in ${estimate} ms`);
          // Printed once, by the start that created the customer, and never again.
          const all = [...printed, ...passwordsPrinted(clean.output)];
          expect(all, clean.output).toHaveLength(1);
          for (const username of ['admin', ...DEMO_USERS.map((u) => u.username)]) {
            expect(await signIn(url, username, all[0]!), username).toBe(200);
          }
          expect(clean.errorLines()).toEqual([]);
          expect(await clean.stop(), clean.output).toBe(0);
          if (TEST_DB_KIND === 'pglite') expect(existsSync(path.join(store.dataDir, 'tagtrack.lock'))).toBe(false);

          const database = await store.open();
          try {
            const [counts] = await rows<Record<string, number>>(
              database,
              sql`select (select count(*) from customers)::int as customers, (select count(*) from users)::int as users,
                  (select count(*) from locations)::int as locations, (select count(*) from products)::int as products,
                  (select count(*) from items)::int as items, (select count(*) from readers)::int as readers`,
            );
            expect(counts).toMatchObject({ customers: 1, users: 1 + DEMO_USERS.length + DEMO_TEAM.length });
            for (const table of ['locations', 'products', 'items', 'readers']) {
              expect(counts![table], table).toBeGreaterThan(0);
            }
          } finally {
            await database.close();
          }
        } finally {
          await store.dispose();
        }
      } while (killed < FIRST_START_KILLS);
    },
    120_000 + FIRST_START_KILLS * 60_000,
  );

  it(
    `every acknowledged read is reflected exactly once after ${KILLS} kills during ingest and restarts`,
    async () => {
      explainFailure();
      const rand = random(SEED + 1);
      const store = await newStore('migrated');
      try {
        const env = { ...store.env, DEMO_DATA: '0', ADMIN_PASSWORD: 'Crash-suite-password-1' };
        const setup = startServer(env);
        const world = await IngestWorld.create(await setup.ready(), env.ADMIN_PASSWORD, rand);
        expect(await setup.stop(), setup.output).toBe(0);
        let startMs = setup.readyAfterMs!;

        for (let kill = 1; kill <= KILLS; kill++) {
          const server = startServer(env);
          if (rand() < 0.2) {
            // During a restart: opening the data, migrations, the app.
            const at = Math.floor(rand() * startMs);
            await server.readyWithin(at);
            await server.kill();
            note(`kill ${kill}: ${Date.now() - server.spawnedAt} ms into a restart, ${phaseOf(server, store)}`);
            continue;
          }
          const url = await server.ready();
          startMs = server.readyAfterMs!;
          expect((await fetch(`${url}/readyz`)).status).toBe(200);
          expect(server.errorLines(), server.output).toEqual([]);
          const verified = await world.verifyAcknowledged(url);
          const window = Math.floor(rand() * 1_500);
          const summary = await world.sendUntilKilled(url, window, () => server.kill());
          note(
            `kill ${kill}: restart took ${startMs} ms, ${verified} acknowledged batches sent again answered as duplicates; ` +
              `killed ${window} ms after the first answer: ${summary}`,
          );
        }

        // A last restart on the data the kills left: clean, and it answers every batch the same.
        const last = startServer(env);
        const url = await last.ready();
        await world.verifyAcknowledged(url);
        await world.finishPending(url);
        expect(last.errorLines(), last.output).toEqual([]);
        expect(await last.stop(), last.output).toBe(0);
        note(`end: ${world.describe()}`);
        process.stdout.write(
          `crash suite on ${TEST_DB_KIND} (CRASH_SEED=${SEED}): ${KILLS} kills, ${world.describe()}\n`,
        );

        const database = await store.open();
        try {
          await world.checkStored(database);
          const [customer] = await rows<{ id: number }>(database, sql`select id from customers`);
          const tenant = new TenantScope(database.privileged, Number(customer!.id));
          expect(await nonZeroCounts(tenant)).toEqual(await recountedItems(tenant));
          const [pending] = await rows<{ n: number }>(
            database,
            sql`select count(*)::int as n from location_count_changes`,
          );
          expect(pending!.n).toBe(0);
        } finally {
          await database.close();
        }
      } finally {
        await store.dispose();
      }
    },
    120_000 + KILLS * 40_000,
  );
});
