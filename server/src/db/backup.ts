import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { MIGRATIONS_FOLDER } from './client.js';
import { sqlRows } from './sql-rows.js';

/**
 * SECURITY: the database side of backups (docs/deployment.md, Backup and restore), on the owner's
 * connection: every customer's rows, table by table, as JSON lines, and back. A logical image,
 * so that it moves between the embedded database and PostgreSQL and survives upgrades: rows are
 * loaded at the schema of the migrations that wrote them, and the later migrations run after.
 */

/** A table of the application (schema public): the columns a row is written back with (not generated ones). */
export interface TableShape {
  name: string;
  columns: string[];
}

/** Where a sequence stood: the next id is past it, so no id is given twice after a restore. */
export interface SequenceState {
  name: string;
  value: string;
  called: boolean;
}

/** A migration as drizzle records it: its journal time (`when`) and the hash of its SQL. */
export interface AppliedMigration {
  when: number;
  hash: string;
}

/** What the database holds besides its rows: read in the backup's snapshot. */
export interface DatabaseShape {
  migrations: AppliedMigration[];
  tables: TableShape[];
  sequences: SequenceState[];
  /** The measurements' day tables (named measurements_YYYYMMDD), made again before their rows load. */
  partitions: string[];
}

/** Rows a chunk of the backup holds at most (a few MB of JSON). */
export const CHUNK_ROWS = 2_000;

/** The migrations the database has had, oldest first (none: an empty database). */
export async function appliedMigrations(db: Db): Promise<AppliedMigration[]> {
  const [exists] = await sqlRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return [];
  const rows = await sqlRows<{ when: string | number; hash: string }>(
    db,
    sql`select created_at as "when", hash from drizzle.__drizzle_migrations order by created_at`,
  );
  return rows.map((row) => ({ when: Number(row.when), hash: row.hash }));
}

async function readShape(db: Db): Promise<DatabaseShape> {
  const tables = await sqlRows<TableShape>(
    db,
    sql`select c.relname as name,
          array(select a.attname::text from pg_attribute a
                where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
                order by a.attnum) as columns
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  const sequences = await sqlRows<{ name: string; value: string | number; called: boolean }>(
    db,
    sql`select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
        from pg_sequences where schemaname = 'public' order by sequencename`,
  );
  const partitions = await sqlRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i
        join pg_class c on c.oid = i.inhrelid
        join pg_class p on p.oid = i.inhparent
        join pg_namespace n on n.oid = p.relnamespace
        where n.nspname = 'public' and p.relname = 'measurements'
        order by c.relname`,
  );
  return {
    migrations: await appliedMigrations(db),
    tables,
    sequences: sequences.map((s) => ({ name: s.name, value: String(s.value), called: s.called })),
    partitions: partitions.map((p) => p.name),
  };
}

/**
 * Reads the whole database in one snapshot (a read-only, repeatable-read transaction): its shape,
 * then each table's rows in chunks of CHUNK_ROWS JSON lines through a cursor, so that no table is
 * held in memory. `chunk` receives them in order; the transaction waits while it writes.
 */
export async function readDatabase(
  db: Db,
  chunk: (table: TableShape, lines: string[]) => Promise<void>,
  start: (shape: DatabaseShape) => Promise<void>,
): Promise<DatabaseShape> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const shape = await readShape(tx as unknown as Db);
    await start(shape);
    for (const table of shape.tables) {
      await tx.execute(
        sql`declare tagtrack_backup no scroll cursor for select to_jsonb(t)::text as line from ${sql.identifier('public')}.${sql.identifier(table.name)} t`,
      );
      for (;;) {
        const rows = await sqlRows<{ line: string }>(
          tx as unknown as Db,
          sql.raw(`fetch forward ${CHUNK_ROWS} from tagtrack_backup`),
        );
        if (rows.length === 0) break;
        await chunk(
          table,
          rows.map((row) => row.line),
        );
        if (rows.length < CHUNK_ROWS) break;
      }
      await tx.execute(sql`close tagtrack_backup`);
    }
    return shape;
  });
}

/** How many customers the database holds (0 for an empty one, with or without tables). */
export async function customerCount(db: Db): Promise<number> {
  const [present] = await sqlRows<{ present: boolean }>(
    db,
    sql`select to_regclass('public.customers') is not null as present`,
  );
  if (!present?.present) return 0;
  const [row] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from customers`);
  return row?.n ?? 0;
}

interface Journal {
  version: string;
  dialect: string;
  entries: { idx: number; when: number; tag: string }[];
}

/** The migrations this version of Tagtrack has, in order, with their journal times and numbers. */
export function knownMigrations(): { idx: number; when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map((entry) => ({ idx: entry.idx, when: entry.when, tag: entry.tag }));
}
