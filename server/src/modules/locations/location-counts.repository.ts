import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../db/tenant.js';
import { sqlRows } from '../../db/sql-rows.js';
import { notRemoved } from '../../db/location-subtree.js';

export interface LocationItemCounts {
  /** Items held directly at each location, every status. */
  items: Map<string, number>;
  /**
   * Per location, how many times the set of products it holds has changed (summed over the
   * statuses): when none of these moved, the products counted over each subtree still hold.
   */
  productChanges: Map<string, string>;
}

/**
 * Items (not removed) held directly at each location, from location_status_counts (kept exact
 * in every write's transaction, a few rows per location), with the locations' tallies of changes
 * to the products they hold. The tree adds the items up over each subtree.
 */
export async function countItemsByLocation(tenant: TenantScope): Promise<LocationItemCounts> {
  const rows = await sqlRows<{ location: string; n: number | string; changes: number | string }>(
    tenant.db,
    sql`
    select c.location_uuid as location, sum(c.count)::bigint as n, sum(c.product_changes)::bigint as changes
    from location_status_counts c
    where c.customer_id = ${tenant.customerId} and ${notRemoved(tenant)}
    group by 1`,
  );
  return {
    items: new Map(rows.filter((r) => Number(r.n) > 0).map((r) => [r.location, Number(r.n)])),
    productChanges: new Map(rows.map((r) => [r.location, String(r.changes)])),
  };
}

/**
 * The distinct products held directly at each location (not removed), from
 * location_product_counts: one row per location with its products' ids (50,000 ids at a million
 * items over 1,000 products), which the tree unites over each subtree.
 */
export async function productIdsByLocation(tenant: TenantScope): Promise<Map<string, Set<string>>> {
  const rows = await sqlRows<{ location: string; products: (number | string)[] }>(
    tenant.db,
    sql`
    select c.location_uuid as location, array_agg(c.product_id) as products
    from location_product_counts c
    where c.customer_id = ${tenant.customerId} and c.count > 0 and ${notRemoved(tenant)}
    group by 1`,
  );
  // Ids come as numbers (PGlite) or strings (pg's bigint); a product with items in several
  // statuses has a row for each, and the set counts it once.
  return new Map(rows.map((r) => [r.location, new Set(r.products.map(String))]));
}
