import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { sqlRows } from '../../db/sql-rows.js';

/**
 * Makes the measurements' day tables from `retentionDays` ago to two days ahead and drops older
 * ones (tagtrack_measurement_partitions, docs/sensors.md): at the server's start and by its
 * housekeeping, on the owner's connection (the function is the owner's alone).
 */
export async function keepMeasurementPartitions(
  db: Db,
  retentionDays: number,
): Promise<{ made: number; dropped: number }> {
  const [row] = await sqlRows<{ made: number; dropped: number }>(
    db,
    sql`select made, dropped from tagtrack_measurement_partitions(${retentionDays}::int)`,
  );
  return { made: row?.made ?? 0, dropped: row?.dropped ?? 0 };
}
