import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { InventoryReportJson, ItemReportJson, Recurrence, ReportRunStatus, ReportType } from '@tagtrack/contract';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';

/**
 * Saved reports (03 §3): item reports ('asset'), run on demand, and scheduled inventory reports
 * ('inventory'), which the scheduler runs at each occurrence of their recurrence (docs/reports.md).
 */
export const reports = pgTable(
  'reports',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    reportType: text('report_type').$type<ReportType>().notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** null: all categories; 0: items whose product has none; else a category id (not kept in step with deletes). */
    category: bigint('category', { mode: 'number' }),
    reportJson: jsonb('report_json').$type<ItemReportJson | InventoryReportJson>().notNull(),
    /** Scheduled reports: from when, until when (null: no end), and the recurrence (UTC hours). */
    scheduleStart: timestamp('schedule_start', { withTimezone: true }),
    scheduleEnd: timestamp('schedule_end', { withTimezone: true }),
    recurrence: jsonb('recurrence').$type<Recurrence>(),
    /** The IANA zone the schedule was made in: its occurrences are reckoned there (null: UTC). */
    scheduleTimeZone: text('schedule_time_zone'),
    /** Scheduled reports: the e-mail addresses each run's CSV is mailed to (users' or typed in). */
    recipients: jsonb('recipients').$type<string[]>().notNull().default([]),
    /** The next occurrence the scheduler is to run; null when none is left (past the end). */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** The user who saved it (kept when the user is deleted). */
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    // Names are unique per customer, whatever the case, across both kinds (one list shows them).
    uniqueIndex('reports_name_key').on(t.customerId, sql`lower(${t.name})`),
    index('reports_type_name_idx').on(t.customerId, t.reportType, t.name),
    // The scheduler's look for what is due, across customers.
    index('reports_next_run_idx')
      .on(t.nextRunAt)
      .where(sql`${t.nextRunAt} is not null`),
  ],
);

/**
 * A run of a scheduled report and its CSV (history, 03 §2): one per occurrence, which the unique
 * key keeps so however many processes share the database; a run on demand has no occurrence.
 */
export const reportRuns = pgTable(
  'report_runs',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    reportId: bigint('report_id', { mode: 'number' }).notNull(),
    occurrence: timestamp('occurrence', { withTimezone: true }),
    status: text('status').$type<ReportRunStatus>().notNull().default('running'),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
    /** The file's name under DATA_DIR/files (set once written) and the name it downloads as. */
    fileKey: text('file_key'),
    fileName: text('file_name'),
    rowCount: integer('row_count'),
    createdAt: createdAtColumn(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** The job the run is for: a retry of an on-demand run finds its row by it rather than adding one. */
    jobId: uuid('job_id'),
    /** Touched while the run runs: a running run whose heartbeat stopped was left by a dead process. */
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
    /** How often a dead process left it running: it is retried after the first time only. */
    interruptions: integer('interruptions').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    foreignKey({ columns: [t.customerId, t.reportId], foreignColumns: [reports.customerId, reports.id] }).onDelete(
      'cascade',
    ),
    uniqueIndex('report_runs_occurrence_key').on(t.customerId, t.reportId, t.occurrence),
    index('report_runs_history_idx').on(t.customerId, t.reportId, t.createdAt),
    index('report_runs_created_idx').on(t.createdAt),
    uniqueIndex('report_runs_job_key').on(t.customerId, t.reportId, t.jobId),
    // The scheduler's look across customers for runs left running.
    index('report_runs_running_idx')
      .on(t.heartbeatAt)
      .where(sql`${t.status} = 'running'`),
  ],
);
