import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';

import type { ReportType } from '@tagtrack/contract';

import { products, reportRuns, reports, users } from '../../db/schema/index.js';

import type { TenantScope } from '../../db/tenant.js';

import { insertedRow, sqlRow } from '../../db/sql-rows.js';

export type ReportRow = typeof reports.$inferSelect;
export type ReportValues = Omit<typeof reports.$inferInsert, 'customerId' | 'id' | 'createdAt'>;
export type ReportRunRow = typeof reportRuns.$inferSelect;

export async function findReport(tenant: TenantScope, type: ReportType, id: number): Promise<ReportRow | undefined> {
  const [row] = await tenant.select(reports, eq(reports.id, id), eq(reports.reportType, type)).limit(1);
  return row as ReportRow | undefined;
}

/** Whether another report of the customer has this name, whatever its case and kind. */
export async function reportNameTaken(tenant: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await tenant.db
    .select({ id: reports.id })
    .from(reports)
    .where(
      tenant.where(
        reports,
        sql`lower(${reports.name}) = lower(${name})`,
        exceptId === undefined ? undefined : sql`${reports.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

const ORDER_COLUMNS = {
  report_name: sql`lower(${reports.name})`,
  created: reports.createdAt,
  updated: reports.updatedAt,
};
export type ReportOrderField = keyof typeof ORDER_COLUMNS;

/** A page of one kind of report, searched in name and description. */
export async function findReportPage(
  tenant: TenantScope,
  type: ReportType,
  options: {
    search?: string;
    ordering: { field: ReportOrderField; descending: boolean };
    offset: number;
    limit: number;
  },
): Promise<{ count: number; rows: ReportRow[] }> {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = tenant.where(
    reports,
    eq(reports.reportType, type),
    pattern ? or(ilike(reports.name, pattern), ilike(reports.description, pattern)) : undefined,
  );
  const column = ORDER_COLUMNS[options.ordering.field];
  const [rows, [total]] = await Promise.all([
    tenant.db
      .select()
      .from(reports)
      .where(where)
      .orderBy(options.ordering.descending ? desc(column) : asc(column), asc(reports.id))
      .offset(options.offset)
      .limit(options.limit),
    tenant.db.select({ n: count() }).from(reports).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows as ReportRow[] };
}

export async function insertReport(tenant: TenantScope, values: ReportValues): Promise<ReportRow> {
  return insertedRow(await tenant.insert(reports, values).returning()) as ReportRow;
}

export async function updateReportRow(
  tenant: TenantScope,
  id: number,
  values: Partial<ReportValues>,
): Promise<ReportRow | undefined> {
  const [row] = await tenant.update(reports, { ...values, updatedAt: new Date() }, eq(reports.id, id)).returning();
  return row as ReportRow | undefined;
}

/** Deletes a report with its runs; answers the file keys of the runs, for their files to go too. */
export async function deleteReportRow(
  tenant: TenantScope,
  type: ReportType,
  id: number,
): Promise<{ deleted: boolean; fileKeys: string[] }> {
  return tenant.transaction(async (tx) => {
    const files = await tx.db
      .select({ key: reportRuns.fileKey })
      .from(reportRuns)
      .where(tx.where(reportRuns, eq(reportRuns.reportId, id)));
    const deleted = await tx
      .delete(reports, eq(reports.id, id), eq(reports.reportType, type))
      .returning({ id: reports.id });
    return {
      deleted: deleted.length > 0,
      fileKeys: deleted.length > 0 ? files.flatMap((f) => (f.key ? [f.key] : [])) : [],
    };
  });
}

/** The latest run of each of the given reports. */
export async function findLatestRuns(
  tenant: TenantScope,
  reportIds: readonly number[],
): Promise<Map<number, ReportRunRow>> {
  const latest = new Map<number, ReportRunRow>();
  if (reportIds.length === 0) return latest;
  const rows = await tenant.db
    .selectDistinctOn([reportRuns.reportId])
    .from(reportRuns)
    .where(
      tenant.where(
        reportRuns,
        sql`${reportRuns.reportId} in (${sql.join(
          reportIds.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(reportRuns.reportId, desc(reportRuns.createdAt), desc(reportRuns.id));
  for (const row of rows) latest.set(row.reportId, row as ReportRunRow);
  return latest;
}

/** A report's runs, newest first. */
export async function findRuns(
  tenant: TenantScope,
  reportId: number,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: ReportRunRow[] }> {
  const where: SQL = tenant.where(reportRuns, eq(reportRuns.reportId, reportId));
  const [rows, [total]] = await Promise.all([
    tenant.db
      .select()
      .from(reportRuns)
      .where(where)
      .orderBy(desc(reportRuns.createdAt), desc(reportRuns.id))
      .offset(page.offset)
      .limit(page.limit),
    tenant.db.select({ n: count() }).from(reportRuns).where(where),
  ]);
  return { count: total?.n ?? 0, rows: rows as ReportRunRow[] };
}

export async function findRun(tenant: TenantScope, reportId: number, runId: number): Promise<ReportRunRow | undefined> {
  const [row] = await tenant.select(reportRuns, eq(reportRuns.reportId, reportId), eq(reportRuns.id, runId)).limit(1);
  return row as ReportRunRow | undefined;
}

/** Which of the given product ids the customer has. */
export async function findExistingProducts(tenant: TenantScope, ids: readonly number[]): Promise<Set<number>> {
  const rows = await tenant.db
    .select({ id: products.id })
    .from(products)
    .where(
      tenant.where(
        products,
        sql`${products.id} in (${sql.join(
          ids.map((id) => sql`${id}::bigint`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/** The report, its row locked until the transaction ends (a run claims its occurrence under it). */
export async function lockReport(tenant: TenantScope, id: number): Promise<ReportRow | undefined> {
  const [row] = await tenant.select(reports, eq(reports.id, id)).for('update').limit(1);
  return row as ReportRow | undefined;
}

/**
 * Starts the run of a job: for an occurrence, a new row or the failed or interrupted one of an
 * earlier attempt, counted again; on demand (no occurrence), a new row, or the one an earlier
 * attempt of the same job left. Undefined when it already succeeded.
 */
export async function startRun(
  tenant: TenantScope,
  reportId: number,
  occurrence: Date | null,
  jobId: string | null,
): Promise<ReportRunRow | undefined> {
  const again = {
    attempts: sql`${reportRuns.attempts} + 1`,
    status: 'running' as const,
    error: null,
    finishedAt: null,
    heartbeatAt: sql`now()`,
  };
  const insert = tenant.db.insert(reportRuns).values({ customerId: tenant.customerId, reportId, occurrence, jobId });
  const notDone = sql`${reportRuns.status} <> 'succeeded'`;
  const [row] = await (
    occurrence !== null || jobId === null
      ? insert.onConflictDoUpdate({
          target: [reportRuns.customerId, reportRuns.reportId, reportRuns.occurrence],
          set: { ...again, jobId },
          setWhere: notDone,
        })
      : insert.onConflictDoUpdate({
          target: [reportRuns.customerId, reportRuns.reportId, reportRuns.jobId],
          set: again,
          setWhere: notDone,
        })
  ).returning();
  return row as ReportRunRow | undefined;
}

/** Starts an interrupted run again, in its own row; undefined when it is gone or has succeeded. */
export async function restartRun(
  tenant: TenantScope,
  reportId: number,
  runId: number,
  jobId: string | null,
): Promise<ReportRunRow | undefined> {
  const [row] = await tenant.db
    .update(reportRuns)
    .set({
      attempts: sql`${reportRuns.attempts} + 1`,
      status: 'running',
      error: null,
      finishedAt: null,
      heartbeatAt: sql`now()`,
      jobId,
    })
    .where(
      tenant.where(
        reportRuns,
        eq(reportRuns.reportId, reportId),
        eq(reportRuns.id, runId),
        sql`${reportRuns.status} <> 'succeeded'`,
      ),
    )
    .returning();
  return row as ReportRunRow | undefined;
}

/** Tells that a run is still running (its process is alive). */
export async function touchRun(tenant: TenantScope, runId: number): Promise<void> {
  await tenant.db
    .update(reportRuns)
    .set({ heartbeatAt: sql`now()` })
    .where(tenant.where(reportRuns, eq(reportRuns.id, runId), eq(reportRuns.status, 'running')));
}

/** A run left running, as the scheduler finds it across customers. */
export interface StaleRun {
  customerId: number;
  id: number;
  reportId: number;
  occurrence: Date | null;
  jobId: string | null;
}

/**
 * Marks a run its process left running as failed with `error`, unless it finished or beat since
 * `before` meanwhile (then another process runs it): answers its interruptions so far, or
 * undefined when it was not marked (another process marked it first, or it is alive).
 */
export async function markRunInterrupted(
  tenant: TenantScope,
  runId: number,
  before: Date,
  error: string,
): Promise<number | undefined> {
  const [row] = await tenant.db
    .update(reportRuns)
    .set({ status: 'failed', error, finishedAt: new Date(), interruptions: sql`${reportRuns.interruptions} + 1` })
    .where(
      tenant.where(
        reportRuns,
        eq(reportRuns.id, runId),
        eq(reportRuns.status, 'running'),
        sql`${reportRuns.heartbeatAt} < ${before.toISOString()}::timestamptz`,
      ),
    )
    .returning({ interruptions: reportRuns.interruptions });
  return row?.interruptions;
}

export async function setNextRun(tenant: TenantScope, id: number, next: Date | null): Promise<void> {
  await tenant.update(reports, { nextRunAt: next }, eq(reports.id, id));
}

/**
 * Records a run's outcome, if the run is still the attempt that claimed it: a process taken for
 * dead whose run was restarted elsewhere does not overwrite the restarted attempt.
 */
export async function finishRun(
  tenant: TenantScope,
  run: Pick<ReportRunRow, 'id' | 'attempts'>,
  outcome: { fileKey: string; fileName: string; rowCount: number },
): Promise<void> {
  await tenant.update(
    reportRuns,
    { status: 'succeeded', error: null, ...outcome, finishedAt: new Date() },
    eq(reportRuns.id, run.id),
    eq(reportRuns.attempts, run.attempts),
  );
}

export async function failRun(
  tenant: TenantScope,
  run: Pick<ReportRunRow, 'id' | 'attempts'>,
  error: string,
): Promise<void> {
  await tenant.update(
    reportRuns,
    { status: 'failed', error, finishedAt: new Date() },
    eq(reportRuns.id, run.id),
    eq(reportRuns.attempts, run.attempts),
  );
}

/**
 * The languages of the customer's users by their e-mail address (lower case), for the addresses
 * given, and of the user `userId` (the report's author), for an address no user has.
 */
export async function findRecipientLanguages(
  tenant: TenantScope,
  addresses: readonly string[],
  userId: number | null,
): Promise<{ byAddress: Map<string, string>; author: string | undefined }> {
  const lower = addresses.map((a) => a.toLowerCase());
  const rows = await tenant.db
    .select({ id: users.id, email: users.email, language: users.language })
    .from(users)
    .where(
      tenant.where(
        users,
        or(
          lower.length > 0
            ? sql`lower(${users.email}) in (${sql.join(
                lower.map((a) => sql`${a}`),
                sql`, `,
              )})`
            : sql`false`,
          userId === null ? sql`false` : eq(users.id, userId),
        ),
      ),
    );
  const byAddress = new Map<string, string>();
  for (const row of rows) if (row.email) byAddress.set(row.email.toLowerCase(), row.language);
  return { byAddress, author: rows.find((row) => row.id === userId)?.language };
}

/** Whether another run of the report has a file of this name. */
export async function runFileNameTaken(
  tenant: TenantScope,
  reportId: number,
  fileName: string,
  exceptRunId: number,
): Promise<boolean> {
  const [row] = await tenant
    .select(
      reportRuns,
      eq(reportRuns.reportId, reportId),
      eq(reportRuns.fileName, fileName),
      sql`${reportRuns.id} <> ${exceptRunId}`,
    )
    .limit(1);
  return row !== undefined;
}

export async function findRunByOccurrence(
  tenant: TenantScope,
  reportId: number,
  occurrence: Date,
): Promise<ReportRunRow | undefined> {
  const [row] = await tenant
    .select(reportRuns, eq(reportRuns.reportId, reportId), eq(reportRuns.occurrence, occurrence))
    .limit(1);
  return row as ReportRunRow | undefined;
}

/** Whether the database knows a time zone by this name (its tz database, not abbreviations). */
export async function isDatabaseTimeZone(tenant: TenantScope, zone: string): Promise<boolean> {
  const row = await sqlRow<{ known: boolean }>(
    tenant.db,
    sql`select exists (select 1 from pg_timezone_names where name = ${zone}) as known`,
  );
  return row?.known === true;
}
