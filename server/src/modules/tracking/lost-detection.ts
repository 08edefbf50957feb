import type { FastifyBaseLogger } from 'fastify';
import type { PrivilegedDb } from '../../db/client.js';
import { TenantScope } from '../../db/tenant.js';
import { retryOnConflict } from '../../lib/retry.js';
import { claimLostSweep, findSweptCustomerIds, markLostItems } from './lost-detection.repository.js';

/** How often the lost sweep runs. */
export const LOST_SWEEP_MS = 60_000;

/**
 * One lost sweep over every customer that has it on, each in a transaction of its own (retried on
 * a deadlock with concurrent ingest). Answers how many items became lost per customer id.
 * Callable directly (tests, a CLI); startLostSweep runs it periodically.
 */
export async function sweepLostItems(db: PrivilegedDb, now: Date = new Date()): Promise<Map<number, number>> {
  const marked = new Map<number, number>();
  for (const id of await findSweptCustomerIds(db)) {
    const tenant = new TenantScope(db, id);
    const count = await retryOnConflict(() => tenant.transaction((tx) => markLostItems(tx, now)));
    if (count > 0) marked.set(id, count);
  }
  return marked;
}

/**
 * Runs the lost sweep every `intervalMs` (unref'd timer) across every server process on the
 * database: each process's timer fires, and the one that claims the interval sweeps
 * (claimLostSweep), so N processes sweep once an interval, not N times. Answers the function that
 * stops it.
 */
export function startLostSweep(db: PrivilegedDb, log: FastifyBaseLogger, intervalMs = LOST_SWEEP_MS): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return; // a slow sweep is not stacked on itself
    running = true;
    claimLostSweep(db, intervalMs)
      .then((claimed) => (claimed ? sweepLostItems(db) : new Map<number, number>()))
      .then((marked) => {
        for (const [customerId, count] of marked) log.info({ customerId, count }, 'items marked lost');
      })
      .catch((error: unknown) => log.error({ err: error }, 'lost sweep failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
