import type { PrivilegedDb } from '../../db/client.js';
import { TenantScope } from '../../db/tenant.js';
import { retryOnConflict } from '../../lib/retry.js';
import { findSweptCustomerIds, markLostItems } from './lost-detection.repository.js';

/**
 * One lost sweep over every customer that has it on, each in a transaction of its own (retried on
 * a deadlock with concurrent ingest). Answers how many items became lost per customer id.
 * Callable directly (tests, a CLI); jobs/lost-sweep.ts runs it periodically.
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
