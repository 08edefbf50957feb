import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { JobQueueDb } from '../db/client.js';
import type { JobQueueMetrics } from '../lib/metrics.js';
import { retryOnConflict } from '../lib/retry.js';

/**
 * Starts pg-boss on the server's database (its own schema, `pgboss`). Two processes starting on a
 * database without its tables both try to create them, and the second fails once the first has:
 * it starts again and finds them.
 */
export async function startJobQueue(jobQueue: JobQueueDb, log: FastifyBaseLogger, label: string): Promise<PgBoss> {
  for (let attempt = 1; ; attempt++) {
    const boss = new PgBoss({ db: jobQueue as PgBoss.Db, schema: 'pgboss', monitorStateIntervalSeconds: 60 });
    boss.on('error', (error) => log.error({ err: error }, `${label}: job queue error`));
    try {
      await boss.start();
      return boss;
    } catch (error) {
      await boss.stop({ graceful: false, wait: true }).catch(() => undefined);
      if (attempt >= 3) throw error;
      log.warn({ err: error }, `${label}: the job queue did not start; trying again`);
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/**
 * Creates a queue unless it exists. Processes starting together create the queues together; one
 * of them may be the victim of a deadlock on pg-boss's tables, and its second try finds the queue.
 */
export function ensureQueue(boss: PgBoss, name: string, options: Omit<PgBoss.Queue, 'name'>): Promise<void> {
  return retryOnConflict(async () => {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, { ...options, name });
  }, 4);
}

/** A job id (a uuid) that names what the job is for: sent twice, by two processes, it is queued once. */
export function jobIdOf(key: string): string {
  const hash = createHash('sha256').update(key).digest('hex');
  return `${hash.slice(0, 8)}-${hash.slice(8, 12)}-5${hash.slice(13, 16)}-a${hash.slice(17, 20)}-${hash.slice(20, 32)}`;
}

/**
 * Reports these queues to the metrics (when there are any) while the queue runs: their waiting
 * jobs at each scrape, read through pg-boss, and each failed attempt of a handler wrapped with
 * `counted`. `stop` ends the reporting of the waiting jobs.
 */
export function watchQueues(
  boss: PgBoss,
  queues: readonly string[],
  metrics: JobQueueMetrics | undefined,
): { counted<J>(queue: string, handler: (jobs: J) => Promise<unknown>): (jobs: J) => Promise<unknown>; stop(): void } {
  const stop =
    metrics?.watchJobQueues(queues, async () => {
      const sizes = await Promise.all(queues.map((name) => boss.getQueueSize(name)));
      return Object.fromEntries(queues.map((name, i) => [name, sizes[i] ?? 0]));
    }) ?? (() => undefined);
  return {
    counted: (queue, handler) => async (jobs) => {
      try {
        return await handler(jobs);
      } catch (error) {
        metrics?.jobFailed(queue);
        throw error;
      }
    },
    stop: () => void stop(),
  };
}
