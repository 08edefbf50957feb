import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * The rows of a raw SQL statement, typed once. PGlite and node-postgres both answer `{ rows }`;
 * drizzle's `execute` types them differently for each, hence the one cast here. Cast counts and
 * sums to int in the SQL (`count(*)::int`): node-postgres answers bigint as a string.
 */
export async function sqlRows<T extends object>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The first row of a raw SQL statement, or undefined. */
export async function sqlRow<T extends object>(db: Db, query: SQL): Promise<T | undefined> {
  return (await sqlRows<T>(db, query))[0];
}

/** The row an `insert … returning` wrote: the statement answers it, or the database failed. */
export function insertedRow<T>(rows: T[]): T {
  const [row] = rows;
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** One array parameter per column, unnested by the database: many rows in one statement. */
export const columnParam = <T>(rows: readonly T[], pick: (row: T) => unknown) => sql.param(rows.map(pick));
