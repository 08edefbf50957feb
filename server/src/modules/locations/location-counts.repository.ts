import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../db/tenant.js';

export interface ItemCounts {
  items: number;
  products: number;
}

/**
 * Items (not removed) and distinct products held directly at each location, read from
 * location_product_counts (kept exact in every write's transaction) instead of the items: one row
 * per location with its total and its products' ids, so a million items over thousands of
 * products answer in a few rows. The tree adds them up over each subtree (products counted once
 * across it). Removed items sit under the Removed root and are left out.
 */
export async function countItemsByLocation(
  tenant: TenantScope,
): Promise<Map<string, ItemCounts & { productIds: Set<string> }>> {
  const result = (await tenant.db.execute(sql`
    select c.location_uuid as location, sum(c.count)::bigint as n, array_agg(c.product_id) as products
    from location_product_counts c
    where c.customer_id = ${tenant.customerId} and c.count > 0
      and c.location_uuid not in (
        select r.uuid from locations r where r.customer_id = ${tenant.customerId} and r.special = 'removed')
    group by 1`)) as unknown as {
    rows: { location: string; n: number | string; products: (number | string)[] }[];
  };
  const counts = new Map<string, ItemCounts & { productIds: Set<string> }>();
  for (const row of result.rows) {
    // Ids come as numbers (PGlite) or strings (pg's bigint); a product with items in several
    // statuses has a row for each, and the set counts it once.
    const productIds = new Set(row.products.map(String));
    counts.set(row.location, { items: Number(row.n), products: productIds.size, productIds });
  }
  return counts;
}
