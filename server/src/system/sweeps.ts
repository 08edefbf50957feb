import type { OwnerDb } from '../db/client.js';
import { TenantScope } from '../db/tenant.js';
import { retryOnConflict } from '../lib/retry.js';
import { judgeReaderHealth } from '../modules/sensors/reader-health.service.js';
import { markLostItemsOf } from '../modules/tracking/lost-detection.service.js';
import { findHealthWatchedCustomerIds, findSweptCustomerIds } from './scans.repository.js';

/**
 * One lost sweep over every customer that has it on, each as that customer in a transaction of its
 * own. Answers how many items became lost per customer id. Callable directly (tests, a CLI);
 * jobs/lost-sweep.ts runs it periodically.
 */
export async function sweepLostItems(owner: OwnerDb, now: Date = new Date()): Promise<Map<number, number>> {
  const marked = new Map<number, number>();
  for (const id of await findSweptCustomerIds(owner)) {
    const count = await markLostItemsOf(new TenantScope(owner, id), now);
    if (count > 0) marked.set(id, count);
  }
  return marked;
}

/**
 * One sweep over the customers with the sensor extension, each in a transaction of its own;
 * answers how many messages it queued. jobs/reader-health-sweep.ts runs it periodically.
 */
export async function sweepReaderHealth(
  owner: OwnerDb,
  notify: (customerId: number, outboxIds: number[]) => void,
  now: Date = new Date(),
): Promise<number> {
  let queued = 0;
  for (const customerId of await findHealthWatchedCustomerIds(owner)) {
    const ids = await retryOnConflict(() => judgeReaderHealth(new TenantScope(owner, customerId), now));
    if (ids.length > 0) notify(customerId, ids);
    queued += ids.length;
  }
  return queued;
}
