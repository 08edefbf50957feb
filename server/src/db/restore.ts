import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles, type MigrationMeta } from 'drizzle-orm/migrator';
import { knownMigrations, type SequenceState, type TableShape } from './backup.js';
import { MIGRATION_LOCK, MIGRATIONS_FOLDER, type Db } from './client.js';
import { sqlRows } from './sql-rows.js';

/**
 * SECURITY: the database side of a restore (docs/deployment.md, Backup and restore), on the
 * owner's connection. An archive may come from anyone: the names it gives are only looked up in
 * this version's own schema, and every statement names tables and sequences from that schema,
 * qualified with `public` and quoted (an unqualified `pg_description` would be the catalog's).
 * Everything happens in one transaction: a restore that fails leaves the database as it was.
 */

/** A problem with an archive or the target, told to the operator as is (exit code 1). */
export class BackupError extends Error {}

/** This version's schema after some of its migrations: what an archive made at that point may hold. */
export interface KnownSchema {
  /** Each table of schema public, with the columns a row is written back with (not generated ones). */
  tables: Map<string, string[]>;
  /** The sequences of its identity (and serial) columns. */
  sequences: Set<string>;
}

interface Snapshot {
  tables: Record<
    string,
    {
      name: string;
      schema: string;
      columns: Record<string, { name: string; type: string; generated?: unknown; identity?: { name: string } }>;
    }
  >;
}

/**
 * The schema this version's first `count` migrations make, as drizzle-kit recorded it beside
 * each migration (meta/NNNN_snapshot.json): read from our own files, never from an archive.
 */
export function schemaAt(count: number): KnownSchema {
  const schema: KnownSchema = { tables: new Map(), sequences: new Set() };
  const last = knownMigrations()[count - 1];
  if (!last) return schema;
  const file = path.join(MIGRATIONS_FOLDER, 'meta', `${String(last.idx).padStart(4, '0')}_snapshot.json`);
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
  for (const table of Object.values(snapshot.tables)) {
    if (table.schema !== '' && table.schema !== 'public') continue;
    const columns = Object.values(table.columns);
    schema.tables.set(
      table.name,
      columns.filter((column) => column.generated === undefined).map((column) => column.name),
    );
    for (const column of columns) {
      if (column.identity) schema.sequences.add(column.identity.name);
      else if (/serial$/.test(column.type)) schema.sequences.add(`${table.name}_${column.name}_seq`);
    }
  }
  return schema;
}

/** What a checked archive asks the database to hold, in this version's names. */
export interface RestorePlan {
  /** How many of this version's migrations the target has had (it is brought to `archived` first). */
  applied: number;
  /** How many the archive's schema had: its rows load there, then the later ones run over them. */
  archived: number;
  /** The archive's tables, named and columned as this version's schema at `archived`. */
  tables: TableShape[];
  sequences: SequenceState[];
  /** The UTC days (midnight, ms) of the measurements' day tables the rows go to. */
  days: number[];
  /** How many rows each table holds once loaded (the archive's manifest, checked against its entries). */
  rows: Record<string, number>;
}

/** Writes one batch of an archive's rows (JSON objects, one a line) into a table of the plan. */
export type RowWriter = (table: TableShape, lines: string[]) => Promise<void>;

/**
 * Tables whose rows a later migration may change in number when it upgrades a restored archive
 * (docs/deployment.md, Upgrading, lists each with the migration and why): none so far.
 */
const MIGRATION_CHANGES_ROWS = new Set<string>();

const table = (name: string) => sql`${sql.identifier('public')}.${sql.identifier(name)}`;

/**
 * Applies migrations inside the caller's transaction, recording them as drizzle's migrator does
 * (so that the server's own `migrate` finds them applied). drizzle's migrator commits on its own,
 * which would leave a failed restore's schema behind.
 */
async function applyMigrations(tx: Db, migrations: MigrationMeta[]): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    for (const statement of migration.sql) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

async function rowCounts(tx: Db, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const name of tables) {
    const [row] = await sqlRows<{ n: number }>(tx, sql`select count(*)::int as n from ${table(name)}`);
    counts.set(name, row?.n ?? 0);
  }
  return counts;
}

/** The message of a database error drizzle wraps (its own message repeats the statement and its values). */
export function databaseMessage(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  return cause instanceof Error ? cause.message : String(cause);
}

/**
 * Restores an archive into a database that holds no customer's data, in ONE transaction: the
 * schema brought to the archive's migrations, the measurements' day tables made, the rows `load`
 * writes (with the triggers off, session_replication_role = replica: the count tables and
 * histories are loaded as they were, and rows load in any order), the sequences set, every
 * table's rows counted against the plan, this version's later migrations run over them (the
 * upgrade), and `beforeCommit` (the files put in place). Any failure rolls all of it back.
 */
export async function restoreDatabase(
  db: Db,
  plan: RestorePlan,
  load: (write: RowWriter) => Promise<void>,
  beforeCommit: () => Promise<void>,
): Promise<void> {
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    // A server starting on this database meanwhile would migrate it too: one at a time.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await applyMigrations(tx, migrations.slice(plan.applied, plan.archived));
    await tx.execute(sql`set local session_replication_role = replica`);
    if (plan.days.length > 0) {
      // The day tables the rows go to: the maker keeps the days from `back` ago to `ahead`.
      const today = Math.floor(Date.now() / 86_400_000) * 86_400_000;
      const back = Math.max(1, Math.ceil((today - Math.min(...plan.days)) / 86_400_000));
      const ahead = Math.max(2, Math.ceil((Math.max(...plan.days) - today) / 86_400_000));
      await tx.execute(sql`select * from tagtrack_measurement_partitions(${back}, ${ahead})`);
    }
    // What the migrations wrote (reference data such as the measurement types) makes way for the
    // archive's rows, which the same migrations wrote: the target holds no customer's data.
    for (const shape of plan.tables) await tx.execute(sql`delete from ${table(shape.name)}`);
    await load(async (shape, lines) => {
      if (lines.length === 0) return;
      const columns = sql.join(
        shape.columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      try {
        await tx.execute(
          sql`insert into ${table(shape.name)} (${columns}) overriding system value
              select ${columns} from jsonb_populate_recordset(null::${table(shape.name)}, ${`[${lines.join(',')}]`}::jsonb)`,
        );
      } catch (error) {
        throw new BackupError(`The rows of ${shape.name} could not be restored: ${databaseMessage(error)}`);
      }
    });
    for (const sequence of plan.sequences) {
      try {
        await tx.execute(
          sql`select setval(format('%I.%I', 'public', ${sequence.name}::text)::regclass, ${sequence.value}::bigint, ${sequence.called})`,
        );
      } catch (error) {
        throw new BackupError(`The sequence ${sequence.name} could not be set: ${databaseMessage(error)}`);
      }
    }
    const names = plan.tables.map((shape) => shape.name);
    const loaded = await rowCounts(tx, names);
    for (const name of names) {
      if (loaded.get(name) !== (plan.rows[name] ?? 0)) {
        throw new BackupError(
          `${name} holds ${loaded.get(name)} rows once loaded, the archive ${plan.rows[name] ?? 0}.`,
        );
      }
    }
    await tx.execute(sql`set local session_replication_role = origin`);
    try {
      await applyMigrations(tx, migrations.slice(plan.archived));
    } catch (error) {
      throw new BackupError(`This version's migrations failed over the archive's rows: ${databaseMessage(error)}`);
    }
    const upgraded = await rowCounts(
      tx,
      names.filter((name) => !MIGRATION_CHANGES_ROWS.has(name)),
    );
    for (const [name, n] of upgraded) {
      if (n !== loaded.get(name)) {
        throw new BackupError(
          `After this version's migrations ${name} holds ${n} rows, the archive ${loaded.get(name)}.`,
        );
      }
    }
    await beforeCommit();
  });
}
