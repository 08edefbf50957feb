import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
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
        sql`declare tagtrack_backup no scroll cursor for select to_jsonb(t)::text as line from ${sql.identifier(table.name)} t`,
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

/** How many rows each table holds now (after a restore, to compare with the archive's). */
export async function tableRowCounts(db: Db, tables: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const table of tables) {
    const [row] = await sqlRows<{ n: number }>(db, sql`select count(*)::int as n from ${sql.identifier(table)}`);
    counts.set(table, row?.n ?? 0);
  }
  return counts;
}

/**
 * A writer of rows into an empty database at the archive's schema, all in one transaction with
 * the triggers off (session_replication_role = replica: the count tables and histories are
 * loaded as they were, not counted again, and rows load in any order): what `load` receives
 * commits together or not at all.
 */
export async function writeDatabase(
  db: Db,
  shape: Pick<DatabaseShape, 'tables' | 'sequences' | 'partitions'>,
  load: (rows: (table: TableShape, lines: string[]) => Promise<void>) => Promise<void>,
): Promise<void> {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await tx.execute(sql`set local session_replication_role = replica`);
    const days = shape.partitions
      .map((name) => /^measurements_(\d{4})(\d{2})(\d{2})$/.exec(name))
      .filter((match): match is RegExpExecArray => match !== null)
      .map((match) => Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
    if (days.length > 0) {
      // The day tables the rows go to: the maker keeps the days from the oldest one on.
      const oldest = Math.min(...days);
      const back = Math.max(1, Math.ceil((Date.now() - oldest) / 86_400_000) + 1);
      await tx.execute(sql`select * from tagtrack_measurement_partitions(${Math.min(back, 36_500)}, 2)`);
    }
    // What the migrations wrote (reference data such as the measurement types) makes way for the
    // archive's rows, which the same migrations wrote: the target holds no customer's data.
    for (const table of shape.tables) await tx.execute(sql`delete from ${sql.identifier(table.name)}`);
    await load(async (table, lines) => {
      if (lines.length === 0) return;
      const columns = sql.join(
        table.columns.map((column) => sql.identifier(column)),
        sql`, `,
      );
      await tx.execute(
        sql`insert into ${sql.identifier(table.name)} (${columns}) overriding system value
            select ${columns} from jsonb_populate_recordset(null::${sql.identifier(table.name)}, ${`[${lines.join(',')}]`}::jsonb)`,
      );
    });
    for (const sequence of shape.sequences) {
      await sqlRows(t, sql`select setval(${sequence.name}::regclass, ${sequence.value}::bigint, ${sequence.called})`);
    }
  });
}

interface Journal {
  version: string;
  dialect: string;
  entries: { idx: number; when: number; tag: string }[];
}

/** The migrations this version of Tagtrack has, in order, with their journal times. */
export function knownMigrations(): { when: number; tag: string }[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  return journal.entries.map((entry) => ({ when: entry.when, tag: entry.tag }));
}

/**
 * A migrations folder holding the first `count` migrations only, for `migrate` to bring an empty
 * database to an archive's schema before its rows load. The caller removes it (`dispose`).
 */
export function migrationsUpTo(count: number): { folder: string; dispose: () => void } {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-migrations-'));
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as Journal;
  const entries = journal.entries.slice(0, count);
  cpSync(path.join(MIGRATIONS_FOLDER, 'meta'), path.join(folder, 'meta'), { recursive: true });
  writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }, null, 2));
  for (const entry of entries) {
    cpSync(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return { folder, dispose: () => rmSync(folder, { recursive: true, force: true }) };
}
