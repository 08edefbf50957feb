import type { FastifyBaseLogger } from 'fastify';
import type PgBoss from 'pg-boss';
import type { Db, JobQueueDb } from '../db/client.js';
import { TenantScope, type CustomerAccess } from '../db/tenant.js';
import { findStalePendingMessages } from '../system/scans.repository.js';
import { sendQueuedMessage, type MessageTransports } from '../modules/outbox/outbox.service.js';
import type { JobQueueMetrics } from '../lib/metrics.js';
import { ensureQueue, jobIdOf, startJobQueue, watchQueues } from './job-queue.js';
import type { Job } from './job.js';

export const DELIVERY_QUEUE = 'notification-delivery';
const SWEEP_QUEUE = 'notification-sweep';

interface DeliveryJob {
  customerId: number;
  id: number;
}

export interface NotificationDispatcherOptions {
  /** SECURITY: the owner's connection, for the sweep across customers. */
  owner: Db;
  /** Each delivery acts for its message's customer. */
  access: CustomerAccess;
  jobQueue: JobQueueDb;
  /** How messages leave (made with the server's logger at start). */
  transports: (log: FastifyBaseLogger) => MessageTransports;
  /** Attempts after the first, and seconds before the first retry (doubled each time). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  pollingIntervalSeconds?: number;
  /** A message still pending this long after it was queued is sent again by the sweep. */
  sweepAfterSeconds?: number;
  /** Where the queues' depths and failed deliveries are reported (GET /metrics). */
  metrics?: JobQueueMetrics;
}

/**
 * Sends alerts' messages (docs/sensors.md, Notifications) through the job queue in the database
 * (pg-boss), so every server process shares the work and a delivery survives a restart:
 * - an alert's messages are written `pending` in the alert's transaction; once it commits, each
 *   becomes a job whose id names the message, so it is queued once whoever sends it;
 * - a failed attempt is recorded (`retrying`) and retried with growing delays; after the last,
 *   the message is `failed` with the reason;
 * - every minute, messages still pending since before the sweep delay are queued again (a server
 *   stopped between the commit and the send); a message sent meanwhile is left alone.
 */
export class NotificationDispatcher implements Job {
  private boss: PgBoss | undefined;
  private log: FastifyBaseLogger | undefined;
  private transports: MessageTransports | undefined;
  private unwatch: (() => void) | undefined;

  constructor(private readonly options: NotificationDispatcherOptions) {}

  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    this.transports = this.options.transports(log);
    const boss = await startJobQueue(this.options.jobQueue, log, 'notifications');
    this.boss = boss;
    const retryLimit = this.options.retryLimit ?? 5;
    await ensureQueue(boss, DELIVERY_QUEUE, {
      retryLimit,
      retryDelay: this.options.retryDelaySeconds ?? 10,
      retryBackoff: true,
      expireInSeconds: 120,
    });
    await ensureQueue(boss, SWEEP_QUEUE, { policy: 'singleton' });
    const polling = this.options.pollingIntervalSeconds ?? 1;
    const watched = watchQueues(boss, [DELIVERY_QUEUE, SWEEP_QUEUE], this.options.metrics);
    this.unwatch = watched.stop;
    await boss.work<DeliveryJob>(
      DELIVERY_QUEUE,
      { pollingIntervalSeconds: polling, includeMetadata: true },
      watched.counted(DELIVERY_QUEUE, async ([job]: PgBoss.JobWithMetadata<DeliveryJob>[]) => {
        if (job) await this.deliver(job, retryLimit);
      }),
    );
    await boss.work(
      SWEEP_QUEUE,
      { pollingIntervalSeconds: Math.max(polling, 2) },
      watched.counted(SWEEP_QUEUE, () => this.sweep()),
    );
    await boss.schedule(SWEEP_QUEUE, '* * * * *');
    await this.sweep();
  }

  async stop(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    this.unwatch?.();
    await boss?.stop({ graceful: true, timeout: 15_000, wait: true });
    this.transports?.mailer.close();
  }

  /** Queues messages of a customer (after the transaction that wrote them committed). */
  dispatch(customerId: number, ids: readonly number[]): void {
    const boss = this.boss;
    if (!boss) return;
    void Promise.all(
      ids.map((id) =>
        boss.send(DELIVERY_QUEUE, { customerId, id }, { id: jobIdOf(`notification:${customerId}:${id}`) }),
      ),
    ).catch((error: unknown) =>
      this.log?.error({ err: error, customerId }, 'notifications: messages not queued (the sweep will send them)'),
    );
  }

  private async deliver(job: PgBoss.JobWithMetadata<DeliveryJob>, retryLimit: number): Promise<void> {
    const { customerId, id } = job.data;
    const tenant = new TenantScope(this.options.access, customerId);
    const outcome = await sendQueuedMessage(tenant, this.transports!, id, job.retryCount >= retryLimit);
    if (outcome?.status === 'retrying') {
      throw new Error(`message ${id} not sent: ${outcome.error}`);
    }
    // Its last attempt failed: recorded as failed, the job itself ends.
    if (outcome?.status === 'failed') this.options.metrics?.jobFailed(DELIVERY_QUEUE);
  }

  /** Queues the messages still pending since before the sweep delay; answers how many. */
  async sweep(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - (this.options.sweepAfterSeconds ?? 30) * 1000);
    const stale = await findStalePendingMessages(this.options.owner, before, 1000);
    const boss = this.boss;
    if (!boss) return 0;
    for (const { customerId, id } of stale) {
      // A retrying message's job is waiting for its backoff: the same id keeps it queued once.
      await boss.send(DELIVERY_QUEUE, { customerId, id }, { id: jobIdOf(`notification:${customerId}:${id}`) });
    }
    return stale.length;
  }
}
