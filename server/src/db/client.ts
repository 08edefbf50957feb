import { mkdirSync, openSync, closeSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import * as schema from './schema/index.js';
import { databaseSocketDir, SOCKET_PORT } from './socket.js';
import { EmbeddedSession, EmbeddedUse, SessionStatePool, TransactionStatePool } from './row-security.js';

/** The extensions the migrations create (the item search's trigram index), loaded into every PGlite. */
/** How busy the database's connections are. */
export interface PoolUsage {
  /** Connections the pool may open (the embedded database: its one session). */
  max: number;
  /** Connections open now. */
  total: number;
  /** Open connections no one is using. */
  idle: number;
  /** Uses waiting for a connection. */
  waiting: number;
}

export const PGLITE_EXTENSIONS = { pg_trgm, btree_gin };

export type Schema = typeof schema;
/** The database handle the data layer uses: PGlite and node-postgres share this interface. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
declare const owner: unique symbol;

/**
 * SECURITY: the owner's connection (Database.privileged), which passes row-level security; it
 * also hands out connections acting for one customer, for cross-customer work done as each one.
 * Branded, so no other connection passes for it; only system/, jobs/, tools/, db/, app.ts and
 * server.ts may name it (eslint.config.js).
 */
export type OwnerDb = Db & { forCustomer(customerId: number): Db; readonly [owner]: true };

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** The advisory lock migrations hold, so that several processes (and a restore) migrate one at a time. */
export const MIGRATION_LOCK = 727274;

export interface Database {
  /**
   * SECURITY: the owner's connection. It passes row-level security, so it reads and writes every
   * customer's rows: only migrations, the privileged path (the files eslint.config.js lists) and tests use it.
   */
  privileged: OwnerDb;
  /** A connection acting for one customer: row-level security limits every statement to its rows. */
  forCustomer(customerId: number): Db;
  /**
   * The same for an API request: on PostgreSQL opened with `statementTimeoutMs`, a statement
   * that runs longer is cancelled (SQLSTATE 57014, answered 503). Long legitimate work (exports,
   * rebuilds, report runs) uses forCustomer, the owner's connection (migrations, backups) has no
   * timeout either. PGlite does not enforce statement_timeout: there it is forCustomer.
   */
  forRequest(customerId: number): Db;
  kind: 'pglite' | 'postgres';
  /** Reachability check for /readyz. */
  ping(): Promise<void>;
  /** How busy its connections are now, for the metrics. */
  poolUsage?(): PoolUsage;
  /** Applies the migrations (of `migrationsFolder`, default this version's: a restore stops at an archive's). */
  migrate(options?: { migrationsFolder?: string }): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the data directory as a tarball, to start copies from (tests). */
  dump?(): Promise<Blob>;
  /** The embedded database opened in this process, to serve it over the database socket. */
  embedded?: EmbeddedSession;
  /**
   * SECURITY: the owner's connection as the job queue (pg-boss) calls it: SQL text with values,
   * or several statements without. Its tables hold no tenant data; only the scheduler uses it.
   */
  jobQueue: JobQueueDb;
}

/** What pg-boss asks of a database it does not connect to itself. */
export interface JobQueueDb {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export type DatabaseOptions =
  /** statementTimeoutMs: the API requests' statement timeout (forRequest); 0 or unset: none. */
  | { kind: 'postgres'; url: string; max?: number; statementTimeoutMs?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  /** A PGlite the caller created, with PGLITE_EXTENSIONS. */
  | { kind: 'pglite-instance'; client: PGlite }
  /** The embedded database in dataDir as the server running on it serves it (its database socket). */
  | { kind: 'pglite-socket'; dataDir: string };

export class DatabaseLockedError extends Error {
  constructor(
    message: string,
    /** The live process holding the data directory, when known. */
    readonly pid?: number,
  ) {
    super(message);
  }
}

/**
 * PGlite does not lock its data directory, and two openers corrupt it: take a lock file that
 * names our pid, and take over one left by a process that is gone.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'tagtrack.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeFileSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(lockPath, 'utf8').trim());
      if (pid && pid !== process.pid && isAlive(pid)) {
        throw new DatabaseLockedError(
          `The data directory ${dataDir} is in use by another Tagtrack process (pid ${pid}). Stop it first, or set DATA_DIR to another directory.`,
          pid,
        );
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new DatabaseLockedError(`Could not lock the data directory ${dataDir}.`);
}

/** The live process that holds a data directory's lock, if one does. */
export function dataDirHolder(dataDir: string): number | undefined {
  try {
    const pid = Number(readFileSync(path.join(path.resolve(dataDir), 'tagtrack.lock'), 'utf8').trim());
    return pid && isAlive(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * A customer's connection handle, made once per customer: drizzle builds its relational
 * configuration from the whole schema for each handle.
 */
function customerHandles(make: (customerId: number) => Db): (customerId: number) => Db {
  const handles = new Map<number, Db>();
  return (customerId) => {
    let handle = handles.get(customerId);
    if (!handle) {
      // A long-running server with many customers keeps the most recent thousand.
      if (handles.size >= 1000) handles.delete(handles.keys().next().value!);
      handle = make(customerId);
      handles.set(customerId, handle);
    }
    return handle;
  };
}

/** A database reached through node-postgres: PostgreSQL, or the embedded one over a running server's socket. */
function poolDatabase(pool: pg.Pool, kind: Database['kind'], statementTimeoutMs = 0): Database {
  // PostgreSQL: each connection keeps the customer of its last use; the embedded database's
  // socket serves its clients the server's one session as the owner's, and nothing they set stays
  // after their turn (db/row-security.ts).
  const states = new WeakMap<pg.PoolClient, string>();
  // With a requests' statement timeout, every use sets its own on the session it takes (the
  // others none), since a pooled connection keeps the one of its last use.
  const timeout = kind === 'postgres' && statementTimeoutMs > 0 ? statementTimeoutMs : undefined;
  const owner = kind === 'postgres' ? SessionStatePool.forOwner(pool, states, timeout !== undefined) : pool;

  // An idle pooled connection the server ends (a restart, an administrator's terminate) emits
  // 'error' on the pool; unhandled, that would end the process. The pool drops the client and
  // the next query opens a fresh connection; errors of running queries still reach their callers.
  pool.on('error', () => undefined);
  const forCustomer = customerHandles(
    (customerId) =>
      drizzlePg(
        kind === 'postgres'
          ? (SessionStatePool.forCustomer(
              pool,
              states,
              customerId,
              timeout === undefined ? undefined : 0,
            ) as unknown as pg.Pool)
          : (new TransactionStatePool(pool, customerId) as unknown as pg.Pool),
        { schema },
      ) as unknown as Db,
  );
  const forRequest =
    timeout === undefined
      ? forCustomer
      : customerHandles(
          (customerId) =>
            drizzlePg(SessionStatePool.forCustomer(pool, states, customerId, timeout) as unknown as pg.Pool, {
              schema,
            }) as unknown as Db,
        );
  const privileged = Object.assign(drizzlePg(owner as unknown as pg.Pool, { schema }) as unknown as Db, {
    forCustomer,
  }) as OwnerDb;
  return {
    privileged,
    forCustomer,
    forRequest,
    kind,
    jobQueue: {
      executeSql: async (text, values) => {
        const client = await owner.connect();
        try {
          // Without values node-postgres sends a simple query, which may hold several statements.
          return await client.query(text, values && values.length > 0 ? values : undefined);
        } catch (error) {
          // One that failed inside a BEGIN of the text leaves the connection in it: end it there.
          await client.query('ROLLBACK').catch(() => undefined);
          throw error;
        } finally {
          client.release();
        }
      },
    },
    ping: async () => {
      await pool.query('select 1');
    },
    poolUsage: () => ({
      max: pool.options.max ?? 10,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    migrate: async (options) => {
      // Several processes may start at once: serialise migrations on an advisory lock.
      const client = await owner.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), {
          migrationsFolder: options?.migrationsFolder ?? MIGRATIONS_FOLDER,
        });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    return poolDatabase(
      new pg.Pool({ connectionString: options.url, max: options.max ?? 10 }),
      'postgres',
      options.statementTimeoutMs,
    );
  }
  if (options.kind === 'pglite-socket') {
    // One connection: the embedded database runs one statement at a time anyway.
    const pool = new pg.Pool({
      host: databaseSocketDir(options.dataDir),
      port: SOCKET_PORT,
      user: 'postgres',
      database: 'postgres',
      max: 1,
      connectionTimeoutMillis: 10_000,
    });
    const database = poolDatabase(pool, 'pglite');
    try {
      await database.ping();
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return database;
  }
  let client: PGlite;
  let unlock = () => {};
  if (options.kind === 'pglite-instance') {
    client = options.client;
  } else if (options.dataDir) {
    const dir = path.resolve(options.dataDir, 'pglite');
    unlock = lockDataDir(path.resolve(options.dataDir));
    try {
      client = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS });
    } catch (error) {
      unlock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: PGLITE_EXTENSIONS,
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  const session = new EmbeddedSession(client);
  const owner = EmbeddedUse.forOwner(session);
  const forCustomer = customerHandles(
    (customerId) =>
      drizzlePglite(EmbeddedUse.forCustomer(session, customerId) as unknown as PGlite, { schema }) as unknown as Db,
  );
  const privileged = Object.assign(drizzlePglite(owner as unknown as PGlite, { schema }) as unknown as Db, {
    forCustomer,
  }) as OwnerDb;
  return {
    privileged,
    forCustomer,
    // PGlite does not enforce statement_timeout (a pg_sleep runs to its end): no timeout to set.
    forRequest: forCustomer,
    kind: 'pglite',
    jobQueue: {
      // PGlite's query takes one statement with values; exec several without.
      executeSql: async (text, values) =>
        values && values.length > 0 ? owner.query(text, values) : { rows: (await owner.exec(text)).at(-1)?.rows ?? [] },
    },
    ping: async () => {
      await owner.query('select 1');
    },
    // One session, which statements and transactions (and the socket's clients) take in turn.
    poolUsage: () => {
      const turns = session.turns;
      return { max: 1, total: 1, idle: turns === 0 ? 1 : 0, waiting: Math.max(0, turns - 1) };
    },
    migrate: async (options) => {
      await migratePglite(drizzlePglite(owner as unknown as PGlite, { schema }), {
        migrationsFolder: options?.migrationsFolder ?? MIGRATIONS_FOLDER,
      });
    },
    close: async () => {
      await client.close();
      unlock();
    },
    dump: () => client.dumpDataDir('none'),
    embedded: session,
  };
}
