import { count, eq } from 'drizzle-orm';
import { items } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

export interface ItemCounts {
  items: number;
  products: number;
}

/**
 * Items (not removed) and distinct products held directly at each location, in one grouped
 * query; the tree adds them up over each subtree (products counted once across it).
 */
export async function countItemsByLocation(
  tenant: TenantScope,
): Promise<Map<string, ItemCounts & { productIds: Set<string> }>> {
  const rows = await tenant.db
    .select({ location: items.locationUuid, productId: items.productId, n: count() })
    .from(items)
    .where(tenant.where(items, eq(items.removed, false)))
    .groupBy(items.locationUuid, items.productId);
  const counts = new Map<string, ItemCounts & { productIds: Set<string> }>();
  for (const row of rows) {
    const entry = counts.get(row.location) ?? { items: 0, products: 0, productIds: new Set<string>() };
    entry.items += row.n;
    entry.productIds.add(String(row.productId));
    entry.products = entry.productIds.size;
    counts.set(row.location, entry);
  }
  return counts;
}
