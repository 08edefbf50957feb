import type { TenantScope } from '../../db/tenant.js';
import { retryOnConflict } from '../../lib/retry.js';
import { markLostItems } from './lost-detection.repository.js';

/**
 * The lost sweep's work for one customer, in a transaction of its own (retried on a deadlock with
 * concurrent ingest): answers how many items became lost. system/sweeps.ts runs it for every
 * customer that has the sweep on.
 */
export function markLostItemsOf(tenant: TenantScope, now: Date): Promise<number> {
  return retryOnConflict(() => tenant.transaction((tx) => markLostItems(tx, now)));
}
