import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db, JobQueueDb } from '../db/client.js';
import type { CustomerAccess } from '../db/tenant.js';
import { runReportJob, type ReportRunJob } from '../modules/reports/report-runs.service.js';
import { deleteOldRuns, findDueReports } from '../modules/reports/reports.repository.js';
import type { FileStorage } from '../storage/file-storage.js';
import type { ReportRunner } from '../modules/reports/report-runs.service.js';
import type { JobQueueMetrics } from '../lib/metrics.js';
import { ensureQueue, jobIdOf, startJobQueue, watchQueues } from './job-queue.js';

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
 * - runs older than the retention (REPORT_RETENTION_DAYS) go, with their files, every night.
 */
export class ReportScheduler implements ReportRunner {
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
    const watched = watchQueues(boss, [REPORT_RUN_QUEUE, PLAN_QUEUE, RETENTION_QUEUE], this.options.metrics);
    this.unwatch = watched.stop;
    await boss.work<ReportRunJob>(
      REPORT_RUN_QUEUE,
      { pollingIntervalSeconds: polling },
      watched.counted(REPORT_RUN_QUEUE, async ([job]: PgBoss.Job<ReportRunJob>[]) => {
        if (job) await this.run(job.data);
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

  private async send(job: ReportRunJob, at: Date, id = jobId(job)): Promise<void> {
    if (!this.boss) return;
    await this.boss.send(REPORT_RUN_QUEUE, job, { id, startAfter: at });
  }

  /** Queues the reports due within the next two minutes (their jobs wait until their time). */
  async planDue(): Promise<number> {
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

  private async run(job: ReportRunJob): Promise<void> {
    const { access, storage } = this.options;
    const log = this.log!;
    let next: Date | null | undefined;
    try {
      const outcome = await runReportJob(access, storage, job, this.now());
      if (outcome.ran) {
        next = outcome.next;
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
