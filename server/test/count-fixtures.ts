import { sql } from 'drizzle-orm';
import type { TenantScope } from '../src/db/tenant.js';

/** A small seeded generator, so a failing random run can be repeated. */
export function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

const rows = async (tenant: TenantScope, query: ReturnType<typeof sql>) =>
  ((await tenant.db.execute(query)) as unknown as { rows: unknown[] }).rows;

/** The customer's count rows that are not 0, per product and per location (with the products it holds), in key order. */
export async function nonZeroCounts(tenant: TenantScope) {
  return {
    byProduct: await rows(
      tenant,
      sql`
      select location_uuid::text as l, product_id::text as p, status as s, count::int as n from location_product_counts
       where customer_id = ${tenant.customerId} and count <> 0 order by 1, 2, 3`,
    ),
    byStatus: await rows(
      tenant,
      sql`
      select location_uuid::text as l, status as s, count::int as n, products::int as h from location_status_counts
       where customer_id = ${tenant.customerId} and (count <> 0 or products <> 0) order by 1, 2`,
    ),
  };
}

/** The same numbers counted from the customer's items, for comparing with nonZeroCounts. */
export async function recountedItems(tenant: TenantScope) {
  return {
    byProduct: await rows(
      tenant,
      sql`
      select location_uuid::text as l, product_id::text as p, status as s, count(*)::int as n from items
       where customer_id = ${tenant.customerId} group by 1, 2, 3 order by 1, 2, 3`,
    ),
    byStatus: await rows(
      tenant,
      sql`
      select location_uuid::text as l, status as s, count(*)::int as n, count(distinct product_id)::int as h from items
       where customer_id = ${tenant.customerId} group by 1, 2 order by 1, 2`,
    ),
  };
}
