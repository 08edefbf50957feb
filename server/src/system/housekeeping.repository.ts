import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';

import { customers, ingestBatches, mailOutbox, passwordResetRequests, refreshTokens } from '../db/schema/index.js';
import { sqlRows } from '../db/sql-rows.js';

// Housekeeping across customers (jobs/housekeeping.ts), on the owner's connection: what every
// customer's tables shed once it is past its keeping, and the measurements' day tables.

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

/**
 * Drops the per-minute aggregates past the retention (the raw day tables go with theirs), a
 * bounded chunk at a time so no statement holds locks for long. On the owner's connection.
 */
export async function purgeOldMeasurementMinutes(db: Db, retentionDays: number, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  let purged = 0;
  for (;;) {
    const rows = await sqlRows<{ n: number }>(
      db,
      sql`with gone as (
            delete from measurement_minutes where ctid = any(array(
              select ctid from measurement_minutes where minute < ${before}::timestamptz limit 10000))
            returning 1)
          select count(*)::int as n from gone`,
    );
    const n = rows[0]?.n ?? 0;
    purged += n;
    if (n < 10_000) return purged;
  }
}

/** Batch ids deleted per statement by purgeOldIngestBatches. */
const PURGE_CHUNK_ROWS = 10_000;

/**
 * Deletes the read batches received more than `retentionDays` ago (INGEST_BATCH_RETENTION_DAYS,
 * the window a reader has to send a batch again), each customer's through the index its
 * customer_id and received_at lead, a bounded chunk at a time so no statement holds locks for long
 * while readers keep writing. On the owner's connection: it crosses customers.
 */
export async function purgeOldIngestBatches(
  db: Db,
  retentionDays: number,
  now = new Date(),
  chunk = PURGE_CHUNK_ROWS,
): Promise<number> {
  const before = new Date(now.getTime() - retentionDays * 86_400_000).toISOString();
  const owners = await sqlRows<{ id: number }>(db, sql`select id from ${customers} order by id`);
  let purged = 0;
  for (const { id } of owners) {
    for (;;) {
      const [row] = await sqlRows<{ n: number }>(
        db,
        sql`with gone as (
              delete from ${ingestBatches} where ctid = any(array(
                select ctid from ${ingestBatches}
                where customer_id = ${id} and received_at < ${before}::timestamptz limit ${chunk}))
              returning 1)
            select count(*)::int as n from gone`,
      );
      const n = row?.n ?? 0;
      purged += n;
      if (n < chunk) break;
    }
  }
  return purged;
}

/** Housekeeping across customers: drop tokens that expired, or were used or revoked, a day ago. */
export async function purgeOldRefreshTokens(db: Db) {
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db
    .delete(refreshTokens)
    .where(
      or(lt(refreshTokens.expiresAt, dayAgo), lt(refreshTokens.usedAt, dayAgo), lt(refreshTokens.revokedAt, dayAgo)),
    );
}

/** Housekeeping across customers: links that expired (or were used) over a day ago. */
export async function purgeOldResetLinks(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await db
    .delete(passwordResetRequests)
    .where(or(lt(passwordResetRequests.expiresAt, dayAgo), lt(passwordResetRequests.usedAt, dayAgo)));
}

/** Housekeeping across customers: mail is kept for this many days. */
const OUTBOX_KEEP_DAYS = 90;

export async function purgeOldOutboxMessages(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 24 * 3600 * 1000);
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff));
}
