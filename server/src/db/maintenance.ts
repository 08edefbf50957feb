import { sql } from 'drizzle-orm';
import type { Db } from './client.js';

/**
 * Upkeep the embedded database needs from us: PostgreSQL's autovacuum does both by itself, PGlite
 * has no background workers. Planner statistics (stale ones make a grown items table look tiny),
 * and the dead rows of location_count_changes, whose rows live only within their transaction.
 */
export async function analyzeAll(db: Db): Promise<void> {
  await db.execute(sql`analyze`);
}

export async function vacuumCountChanges(db: Db): Promise<void> {
  await db.execute(sql`vacuum location_count_changes`);
}
