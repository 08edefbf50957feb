import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../db/tenant.js';

export interface ItemCounts {
  items: number;
  products: number;
}

/**
 * Items (not removed) and distinct products held directly at each location, read from
 * location_product_counts (kept exact in every write's transaction) instead of the items; the
 * tree adds them up over each subtree (products counted once across it). Removed items sit
 * under the Removed root and are left out.
 */
export async function countItemsByLocation(
  tenant: TenantScope,
): Promise<Map<string, ItemCounts & { productIds: Set<string> }>> {
  const result = (await tenant.db.execute(sql`
    select c.location_uuid as location, c.product_id, sum(c.count)::int as n
    from location_product_counts c
    where c.customer_id = ${tenant.customerId} and c.count > 0
      and c.location_uuid not in (
        select r.uuid from locations r where r.customer_id = ${tenant.customerId} and r.special = 'removed')
    group by 1, 2`)) as unknown as { rows: { location: string; product_id: number | string; n: number }[] };
  const counts = new Map<string, ItemCounts & { productIds: Set<string> }>();
  for (const row of result.rows) {
    const entry = counts.get(row.location) ?? { items: 0, products: 0, productIds: new Set<string>() };
    entry.items += Number(row.n);
    entry.productIds.add(String(row.product_id));
    entry.products = entry.productIds.size;
    counts.set(row.location, entry);
  }
  return counts;
}
