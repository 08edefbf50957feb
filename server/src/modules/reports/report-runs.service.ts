import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  MESSAGE_KEYS as M,
  reportRunFileName,
  wallClockParts,
  type InventoryReportJson,
  type Recurrence,
} from '@tagtrack/contract';
import { renderMail, type ReportRunParams } from '../../lib/mail/templates/mail-templates.js';
import { queueMessages } from '../outbox/outbox.service.js';
import { TenantScope, type CustomerAccess } from '../../db/tenant.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { AppError } from '../../lib/errors.js';
import { nextOccurrence } from './occurrences.js';
import { compiledReport, storeReportCsv } from './report-results.service.js';
import {
  failRun,
  findRecipientLanguages,
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
  /** The mail to the report's recipients: the console's address for links, and the largest file attached. */
  mail?: RunMailOptions;
}

export interface RunMailOptions {
  publicUrl: string;
  attachmentMaxBytes: number;
}

/** What queues a run on demand ("Run now"): the scheduler, when this process runs it. */
export interface ReportRunner {
  readonly running: boolean;
  runNow(customerId: number, reportId: number): Promise<void>;
}

/** A job's outcome; `mails`: the outbox messages to the report's recipients, for the dispatcher to send. */
export type RunOutcome =
  { ran: false } | { ran: true; run: ReportRunRow; next: Date | null; failed?: string; mails?: number[] };

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

/** The zone a report's times are told in: its schedule's, else its dates', else UTC. */
function reportZone(report: ReportRow): string {
  return report.scheduleTimeZone ?? (report.reportJson as InventoryReportJson).time_zone ?? 'UTC';
}

/** yyyy-MM-dd HH:mm:ss on the wall clock of a zone. */
function wallClock(at: Date, timeZone: string): string {
  const p = wallClockParts(at, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/**
 * The mail of a run to the report's recipients, one each in their language (a user's with that
 * address, else the report's author's, else English), its CSV attached up to the limit and
 * otherwise linked through the report's history; kept in the outbox as pending. Answers their ids.
 */
async function queueRunMails(
  tenant: TenantScope,
  report: ReportRow,
  run: ReportRunRow,
  file: { fileKey: string; fileName: string; rowCount: number; bytes: number },
  mail: RunMailOptions,
): Promise<number[]> {
  if (report.recipients.length === 0) return [];
  const zone = reportZone(report);
  const { byAddress, author } = await findRecipientLanguages(tenant, report.recipients, report.createdBy);
  const attach = file.bytes <= mail.attachmentMaxBytes;
  const params: ReportRunParams = {
    report: report.name,
    time: wallClock(run.createdAt, zone),
    zone,
    rows: file.rowCount,
    file: file.fileName,
    link: `${mail.publicUrl.replace(/\/+$/, '')}/reporting/history-scheduled-report/${report.id}/${encodeURIComponent(report.name)}`,
  };
  return queueMessages(
    tenant,
    report.recipients.map((recipient) => {
      const chosen = byAddress.get(recipient.toLowerCase()) ?? author;
      const language = chosen && isLanguageCode(chosen) ? chosen : DEFAULT_LANGUAGE;
      const rendered = renderMail(attach ? 'reportRunAttached' : 'reportRunLinked', language, params);
      return {
        channel: 'email' as const,
        recipient,
        subject: rendered.subject,
        body: rendered.text,
        language,
        attachmentKey: attach ? file.fileKey : null,
        attachmentName: attach ? file.fileName : null,
      };
    }),
  );
}

/**
 * Records a run's success with its file's name: the time the history shows for the run, in the
 * report's zone, to the second; under the report's lock, a name another run has gets a number.
 * The mail to the report's recipients is queued in the same transaction; answers its ids.
 */
async function finishNamed(
  tenant: TenantScope,
  report: ReportRow,
  run: ReportRunRow,
  file: { fileKey: string; rowCount: number; bytes: number },
  mail: RunMailOptions | undefined,
): Promise<number[]> {
  const zone = reportZone(report);
  return tenant.transaction(async (tx) => {
    const locked = await lockReport(tx, report.id);
    let copy = 1;
    let fileName = reportRunFileName(report.name, run.createdAt, zone);
    while (await runFileNameTaken(tx, report.id, fileName, run.id)) {
      fileName = reportRunFileName(report.name, run.createdAt, zone, ++copy);
    }
    await finishRun(tx, run, { fileKey: file.fileKey, rowCount: file.rowCount, fileName });
    // The recipients as they are now (the report may have been edited while it ran).
    return mail && locked ? queueRunMails(tx, locked, run, { ...file, fileName }, mail) : [];
  });
}

/**
 * Runs a scheduled report for a job: claims the run, writes its CSV to the file storage as the
 * database yields the rows, and records the outcome. A failure is recorded on the run and thrown
 * again for the job queue to retry; a report beyond the export limit, or one holding a date or
 * zone the rules refuse (reportValueRefused), fails without a retry.
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
    const mails = await finishNamed(
      tenant,
      report,
      run,
      { fileKey: file.key, rowCount: file.rowCount, bytes: file.bytes },
      options.mail,
    );
    return { ran: true, run, next, mails };
  } catch (error) {
    if (error instanceof AppError && error.type === 'ValidationError') {
      await failRun(tenant, run, M.reportValueRefused);
      return { ran: true, run, next, failed: M.reportValueRefused };
    }
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
