import { MESSAGE_KEYS as M, reportRunFileName, type InventoryReportJson, type Recurrence } from '@tagtrack/contract';
import { TenantScope, type CustomerAccess } from '../../db/tenant.js';
import type { FileStorage } from '../../storage/file-storage.js';
import { nextOccurrence } from './occurrences.js';
import { compiledReport, storeReportCsv } from './report-results.service.js';
import {
  failRun,
  findRunByOccurrence,
  finishRun,
  lockReport,
  markRunInterrupted,
  restartRun,
  runFileNameTaken,
  setNextRun,
  startRun,
  touchRun,
  type ReportRow,
  type ReportRunRow,
  type StaleRun,
} from './reports.repository.js';

/**
 * A run the scheduler asks for: an occurrence of a report's recurrence, or (null) one on demand;
 * with `runId`, the retry of a run a dead process left, in that run's row.
 */
export interface ReportRunJob {
  customerId: number;
  reportId: number;
  occurrence: string | null;
  runId?: number;
}

/** How the queue runs a job: its id (a retry of the job finds its run by it), and how often it beats. */
export interface RunJobOptions {
  jobId?: string;
  heartbeatMs?: number;
}

/** What queues a run on demand ("Run now"): the scheduler, when this process runs it. */
export interface ReportRunner {
  readonly running: boolean;
  runNow(customerId: number, reportId: number): Promise<void>;
}

export type RunOutcome = { ran: false } | { ran: true; run: ReportRunRow; next: Date | null; failed?: string };

/**
 * Claims the job's run, under the report's row lock: a job for an occurrence the report no longer
 * plans (edited, deleted, or already run) does nothing; one that is due moves the report's next
 * run to its first occurrence after now, so occurrences missed while the server was down run once.
 */
async function claim(
  tenant: TenantScope,
  job: ReportRunJob,
  jobId: string | null,
  now: Date,
): Promise<{ report: ReportRow; run: ReportRunRow; next: Date | null } | undefined> {
  const occurrence = job.occurrence ? new Date(job.occurrence) : null;
  return tenant.transaction(async (tx) => {
    const report = await lockReport(tx, job.reportId);
    if (!report || report.reportType !== 'inventory') return undefined;
    let next = report.nextRunAt;
    if (job.runId !== undefined) {
      // The retry of an interrupted run: its schedule has moved on already.
      const run = await restartRun(tx, report.id, job.runId, jobId);
      return run ? { report, run, next: null } : undefined;
    }
    if (occurrence) {
      const due = report.nextRunAt?.getTime() === occurrence.getTime();
      if (!due) {
        // A retry of an occurrence whose attempt failed may go on; anything else is stale.
        const earlier = await findRunByOccurrence(tx, report.id, occurrence);
        if (!earlier || earlier.status === 'succeeded') return undefined;
      } else {
        next = nextOccurrence(
          report.recurrence as Recurrence,
          { start: report.scheduleStart!, end: report.scheduleEnd, timeZone: report.scheduleTimeZone },
          new Date(Math.max(now.getTime(), occurrence.getTime())),
        );
        await setNextRun(tx, report.id, next);
      }
    }
    const run = await startRun(tx, report.id, occurrence, jobId);
    return run ? { report, run, next } : undefined;
  });
}

/**
 * Records a run's success with its file's name: the time the history shows for the run, in the
 * report's zone, to the second; under the report's lock, a name another run has gets a number.
 */
async function finishNamed(
  tenant: TenantScope,
  report: ReportRow,
  run: ReportRunRow,
  file: { fileKey: string; rowCount: number },
): Promise<void> {
  const zone = report.scheduleTimeZone ?? (report.reportJson as InventoryReportJson).time_zone ?? 'UTC';
  await tenant.transaction(async (tx) => {
    await lockReport(tx, report.id);
    let copy = 1;
    let fileName = reportRunFileName(report.name, run.createdAt, zone);
    while (await runFileNameTaken(tx, report.id, fileName, run.id)) {
      fileName = reportRunFileName(report.name, run.createdAt, zone, ++copy);
    }
    await finishRun(tx, run, { ...file, fileName });
  });
}

/**
 * Runs a scheduled report for a job: claims the run, writes its CSV to the file storage as the
 * database yields the rows, and records the outcome. A failure is recorded on the run and thrown
 * again for the job queue to retry; a report beyond the export limit fails without a retry.
 */
export async function runReportJob(
  access: CustomerAccess,
  storage: FileStorage,
  job: ReportRunJob,
  now = new Date(),
  options: RunJobOptions = {},
): Promise<RunOutcome> {
  const tenant = new TenantScope(access, job.customerId);
  const claimed = await claim(tenant, job, options.jobId ?? null, now);
  if (!claimed) return { ran: false };
  const { report, run, next } = claimed;
  const beat = setInterval(() => void touchRun(tenant, run.id).catch(() => undefined), options.heartbeatMs ?? 30_000);
  try {
    const compiled = await compiledReport(tenant, report, now);
    const file = await storeReportCsv(tenant, storage, report, compiled);
    if (!file) {
      // Kept as the message's key: the history shows it in the reader's language.
      await failRun(tenant, run, M.exportLimit);
      return { ran: true, run, next, failed: M.exportLimit };
    }
    await finishNamed(tenant, report, run, { fileKey: file.key, rowCount: file.rowCount });
    return { ran: true, run, next };
  } catch (error) {
    await failRun(tenant, run, error instanceof Error ? error.message : String(error)).catch(() => undefined);
    throw Object.assign(error instanceof Error ? error : new Error(String(error)), { next });
  } finally {
    clearInterval(beat);
  }
}

/**
 * A run a dead process left running (its heartbeat stopped before `before`): marked failed with
 * the reason, unless another process got there first or it beat meanwhile (undefined). Answers
 * whether to run it again: after its first interruption only ('retry'), so a run that brings its
 * process down is not retried for ever ('failed').
 */
export async function markInterrupted(
  access: CustomerAccess,
  run: StaleRun,
  before: Date,
): Promise<'retry' | 'failed' | undefined> {
  const tenant = new TenantScope(access, run.customerId);
  // Kept as the message's key: the history shows it in the reader's language.
  const interruptions = await markRunInterrupted(tenant, run.id, before, M.reportRunInterrupted);
  if (interruptions === undefined) return undefined;
  return interruptions === 1 ? 'retry' : 'failed';
}
