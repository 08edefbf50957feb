import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db, JobQueueDb } from '../db/client.js';
import type { CustomerAccess } from '../db/tenant.js';
import {
  markInterrupted,
  runReportJob,
  type ReportRunJob,
  type RunMailOptions,
} from '../modules/reports/report-runs.service.js';
import { deleteOldRuns, findDueReports, findStaleRuns } from '../system/scans.repository.js';
import type { FileStorage } from '../lib/storage/file-storage.js';
import type { ReportRunner } from '../modules/reports/report-runs.service.js';
import type { JobQueueMetrics } from '../lib/metrics.js';
import { ensureQueue, jobIdOf, startJobQueue, watchQueues } from './job-queue.js';
import type { Job } from './job.js';

export const REPORT_RUN_QUEUE = 'report-run';
const PLAN_QUEUE = 'report-plan';
const RETENTION_QUEUE = 'report-retention';

export interface ReportSchedulerOptions {
  /** SECURITY: the owner's connection, for the look across customers at due reports and old runs. */
  owner: Db;
  /** Runs act for their report's customer. */
  access: CustomerAccess;
  jobQueue: JobQueueDb;
  storage: FileStorage;
  retentionDays: number;
  /** Attempts after a failed one, and seconds before the first (doubled each time). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  now?: () => Date;
  /** Where the queues' depths and failed runs are reported (GET /metrics). */
  metrics?: JobQueueMetrics;
  /** How often a running run tells it is alive, and after how long without a beat it counts as left by a dead process. */
  heartbeatSeconds?: number;
  staleAfterSeconds?: number;
  /**
   * No other process shares the database (the embedded one, which one process opens): at start,
   * every run still running was left by the process before.
   */
  soleProcess?: boolean;
  /** The mail of each run to the report's recipients; queued in the outbox, then handed to `notify` to send. */
  mail?: RunMailOptions;
  notify?: (customerId: number, messageIds: readonly number[]) => void;
}

/** One job id per occurrence of a report: sent twice (two processes, a restart), it is queued once. */
function jobId(job: ReportRunJob): string {
  return jobIdOf(`${job.customerId}:${job.reportId}:${job.occurrence}`);
}

/**
 * Runs scheduled reports (docs/reports.md) through a job queue in the database (pg-boss), so
 * several server processes on one PostgreSQL share the work and a job survives a restart:
 * - each report's next occurrence is a job, due at that time, whose id names the occurrence, so it
 *   is queued once whoever sends it; the run claims its occurrence under the report's row lock
 *   and a unique key, so it runs once;
 * - every minute (and at start) reports due within two minutes are queued: a new or edited
 *   schedule, and an occurrence missed while no server ran, which runs once at once;
 * - a failed run is retried with growing delays and recorded as failed with its error;
 * - a run whose process died (its heartbeat stopped; at start on the embedded database, any run
 *   still running) is marked failed and retried once in its own row;
 * - runs older than the retention (REPORT_RETENTION_DAYS) go, with their files, every night.
 */
export class ReportScheduler implements ReportRunner, Job {
  private boss: PgBoss | undefined;
  private log: FastifyBaseLogger | undefined;
  private unwatch: (() => void) | undefined;

  constructor(private readonly options: ReportSchedulerOptions) {}

  get running(): boolean {
    return this.boss !== undefined;
  }

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    const { jobQueue } = this.options;
    const polling = this.options.pollingIntervalSeconds ?? 2;
    const boss = await startJobQueue(jobQueue, log, 'report scheduler');
    this.boss = boss;
    const createQueue = (name: string, options: Omit<PgBoss.Queue, 'name'>) => ensureQueue(boss, name, options);
    await createQueue(REPORT_RUN_QUEUE, {
      retryLimit: this.options.retryLimit ?? 4,
      retryDelay: this.options.retryDelaySeconds ?? 60,
      retryBackoff: true,
      expireInSeconds: 60 * 60,
    });
    await createQueue(PLAN_QUEUE, { policy: 'singleton' });
    await createQueue(RETENTION_QUEUE, { policy: 'singleton' });
    // Before this process runs any: alone on its database, every run still running is a dead one's.
    await this.recoverInterrupted(this.options.soleProcess ? this.now() : undefined);
    const watched = watchQueues(boss, [REPORT_RUN_QUEUE, PLAN_QUEUE, RETENTION_QUEUE], this.options.metrics);
    this.unwatch = watched.stop;
    await boss.work<ReportRunJob>(
      REPORT_RUN_QUEUE,
      { pollingIntervalSeconds: polling },
      watched.counted(REPORT_RUN_QUEUE, async ([job]: PgBoss.Job<ReportRunJob>[]) => {
        if (job) await this.run(job.data, job.id);
      }),
    );
    await boss.work(
      PLAN_QUEUE,
      { pollingIntervalSeconds: polling },
      watched.counted(PLAN_QUEUE, () => this.planDue()),
    );
    await boss.work(
      RETENTION_QUEUE,
      { pollingIntervalSeconds: polling },
      watched.counted(RETENTION_QUEUE, () => this.sweepOldRuns()),
    );
    await boss.schedule(PLAN_QUEUE, '* * * * *');
    await boss.schedule(RETENTION_QUEUE, '17 3 * * *');
    await this.planDue();
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    this.unwatch?.();
    await boss?.stop({ graceful: true, timeout: 15_000, wait: true });
  }

  /** Queues a run's job, to start at `at` (null: at once). */
  private async send(job: ReportRunJob, at: Date | null, id = jobId(job)): Promise<void> {
    if (!this.boss) return;
    await this.boss.send(REPORT_RUN_QUEUE, job, at ? { id, startAfter: at } : { id });
  }

  /**
   * Marks the runs dead processes left running as failed and queues their retry (once): runs whose
   * heartbeat is older than the stale limit, or than `before` when given. Answers how many were marked.
   */
  async recoverInterrupted(before?: Date): Promise<number> {
    const boss = this.boss;
    if (!boss) return 0;
    const limit = before ?? new Date(this.now().getTime() - (this.options.staleAfterSeconds ?? 120) * 1000);
    let marked = 0;
    for (const run of await findStaleRuns(this.options.owner, limit)) {
      const outcome = await markInterrupted(this.options.access, run, limit);
      if (!outcome) continue;
      marked++;
      const retry = outcome === 'retry';
      // Its job would be retried again when it expires, in an hour: it is done with.
      if (run.jobId) await boss.cancel(REPORT_RUN_QUEUE, run.jobId).catch(() => undefined);
      this.log?.warn(
        { reportId: run.reportId, runId: run.id, retry },
        'a report run was left running by a stopped server',
      );
      if (retry) {
        await this.send(
          {
            customerId: run.customerId,
            reportId: run.reportId,
            occurrence: run.occurrence?.toISOString() ?? null,
            runId: run.id,
          },
          null,
          jobIdOf(`recover:${run.customerId}:${run.id}`),
        );
      }
    }
    return marked;
  }

  /** Queues the reports due within the next two minutes (their jobs wait until their time). */
  async planDue(): Promise<number> {
    await this.recoverInterrupted().catch((error: unknown) =>
      this.log?.error({ err: error }, 'report scheduler: runs left running could not be recovered'),
    );
    const due = await findDueReports(this.options.owner, new Date(this.now().getTime() + 2 * 60_000));
    for (const report of due) {
      await this.send(
        { customerId: report.customerId, reportId: report.id, occurrence: report.nextRunAt.toISOString() },
        report.nextRunAt,
      );
    }
    return due.length;
  }

  /** Runs a report now, beside its schedule (its own run in the history). */
  async runNow(customerId: number, reportId: number): Promise<void> {
    if (!this.boss) throw new Error('the report scheduler is not running');
    await this.send({ customerId, reportId, occurrence: null }, this.now(), randomUUID());
  }

  private async run(job: ReportRunJob, jobId: string): Promise<void> {
    const { access, storage } = this.options;
    const log = this.log!;
    let next: Date | null | undefined;
    try {
      const outcome = await runReportJob(access, storage, job, this.now(), {
        jobId,
        heartbeatMs: (this.options.heartbeatSeconds ?? 30) * 1000,
        mail: this.options.mail,
      });
      if (outcome.ran) {
        next = outcome.next;
        if (outcome.mails?.length) this.options.notify?.(job.customerId, outcome.mails);
        // Recorded as failed without an error to retry (an export over the limit).
        if (outcome.failed) this.options.metrics?.jobFailed(REPORT_RUN_QUEUE);
        log.info({ reportId: job.reportId, runId: outcome.run.id, failed: outcome.failed }, 'scheduled report run');
      }
    } catch (error) {
      next = (error as { next?: Date | null }).next;
      log.warn({ err: error, reportId: job.reportId }, 'a scheduled report run failed; it is retried');
      throw error;
    } finally {
      if (next && job.occurrence) {
        await this.send({ ...job, occurrence: next.toISOString() }, next).catch((error: unknown) =>
          log.error({ err: error }, 'report scheduler: the next run could not be queued (the planner will)'),
        );
      }
    }
  }

  /** Deletes runs older than the retention, with their files. */
  async sweepOldRuns(): Promise<number> {
    const before = new Date(this.now().getTime() - this.options.retentionDays * 24 * 3600_000);
    let removed = 0;
    for (;;) {
      const { count, fileKeys } = await deleteOldRuns(this.options.owner, before, 500);
      removed += count;
      await Promise.all(fileKeys.map((key) => this.options.storage.remove(key).catch(() => undefined)));
      if (count < 500) return removed;
    }
  }
}
