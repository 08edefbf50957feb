import { and, asc, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { customers, mailOutbox, reportRuns, reports } from '../db/schema/index.js';
import { sqlRows } from '../db/sql-rows.js';

// The background runners' looks across customers (jobs/), on the owner's connection: each finds
// the rows due for work, which the module then does as the row's customer.

/**
 * Across customers (the owner's connection): messages still pending since before `before`, oldest
 * first, for the dispatcher's sweep (a server stopped between an alert's commit and its send).
 */
export async function findStalePendingMessages(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ customerId: number; id: number }[]> {
  return db
    .select({ customerId: mailOutbox.customerId, id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(sql`${mailOutbox.status} in ('pending', 'retrying')`, lt(mailOutbox.createdAt, before)))
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit);
}

/** The scheduler's look across customers: runs still running whose heartbeat is older than `before`. */
export async function findStaleRuns(
  db: Db,
  before: Date,
): Promise<{ customerId: number; id: number; reportId: number; occurrence: Date | null; jobId: string | null }[]> {
  return db
    .select({
      customerId: reportRuns.customerId,
      id: reportRuns.id,
      reportId: reportRuns.reportId,
      occurrence: reportRuns.occurrence,
      jobId: reportRuns.jobId,
    })
    .from(reportRuns)
    .where(sql`${reportRuns.status} = 'running' and ${reportRuns.heartbeatAt} < ${before.toISOString()}::timestamptz`)
    .orderBy(reportRuns.heartbeatAt)
    .limit(1000);
}

/** The scheduler's look across customers: reports whose next run is due by `until`. */
export async function findDueReports(
  db: Db,
  until: Date,
): Promise<{ customerId: number; id: number; nextRunAt: Date }[]> {
  const rows = await db
    .select({ customerId: reports.customerId, id: reports.id, nextRunAt: reports.nextRunAt })
    .from(reports)
    .where(sql`${reports.nextRunAt} <= ${until.toISOString()}::timestamptz`)
    .orderBy(reports.nextRunAt)
    .limit(1000);
  return rows.map((r) => ({ ...r, nextRunAt: r.nextRunAt! }));
}

/** Deletes up to `limit` runs created before `before`, across customers; answers how many, and their files. */
export async function deleteOldRuns(
  db: Db,
  before: Date,
  limit: number,
): Promise<{ count: number; fileKeys: string[] }> {
  const rows = await sqlRows<{ file_key: string | null }>(
    db,
    sql`delete from report_runs where (customer_id, id) in (
          select customer_id, id from report_runs where created_at < ${before.toISOString()}::timestamptz limit ${limit})
        returning file_key`,
  );
  return { count: rows.length, fileKeys: rows.flatMap((r) => (r.file_key ? [r.file_key] : [])) };
}

/** The customers whose lost sweep is on (lost_after_minutes above 0): the lost sweep's look. */
export async function findSweptCustomerIds(db: Db): Promise<number[]> {
  const rows = await db.select({ id: customers.id }).from(customers).where(gt(customers.lostAfterMinutes, 0));
  return rows.map((r) => r.id);
}

/** The customers the sweep watches: those with the sensor extension (their event list shows it). */
export async function findHealthWatchedCustomerIds(db: Db): Promise<number[]> {
  const rows = await sqlRows<{ id: number }>(
    db,
    sql`select id::int from customers where extensions @> '["sensor"]'::jsonb order by id`,
  );
  return rows.map((r) => Number(r.id));
}
