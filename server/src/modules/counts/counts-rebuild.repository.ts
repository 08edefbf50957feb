import { sql } from 'drizzle-orm';
import type { TenantScope } from '../../db/tenant.js';

/**
 * Repairs the customer's counts from items without stopping anyone: one statement per count
 * table compares a GROUP BY over the customer's items with the counts, both read in the same
 * snapshot (a writer's item change and its count change commit together, so the two agree unless
 * the counts drifted), and adds the difference. Adding commutes with the differences concurrent writers add through
 * the triggers, so nothing is lost or counted twice and no lock is taken; emptied rows are then
 * dropped (a row a writer is raising is re-checked and kept).
 */
export async function rebuildCounts(tenant: TenantScope): Promise<void> {
  await rebuild(tenant, 'location_product_counts', ['location_uuid', 'product_id', 'status']);
  await rebuild(tenant, 'location_status_counts', ['location_uuid', 'status']);
  await rebuildProductsHeld(tenant);
}

/** The same repair for the number of products each location holds per status (and a mark that they changed). */
async function rebuildProductsHeld(tenant: TenantScope): Promise<void> {
  const c = tenant.customerId;
  await tenant.db.execute(sql`
    insert into location_status_counts as t (customer_id, location_uuid, status, count, products)
    select ${c}::bigint, coalesce(e.location_uuid, k.location_uuid), coalesce(e.status, k.status), 0,
           coalesce(e.n, 0) - coalesce(k.products, 0)
    from (select location_uuid, status, count(distinct product_id) as n from items where customer_id = ${c}
           group by location_uuid, status) e
    full join (select location_uuid, status, products from location_status_counts where customer_id = ${c}) k
      on k.location_uuid = e.location_uuid and k.status = e.status
    where coalesce(e.n, 0) <> coalesce(k.products, 0)
    order by 2, 3
    on conflict (customer_id, location_uuid, status) do update set products = t.products + excluded.products`);
  // The products held anywhere may have changed without a crossing the settle saw: whatever was
  // counted from them (the location tree) counts again.
  await tenant.db.execute(sql`
    update location_status_counts set product_changes = product_changes + 1 where customer_id = ${c}`);
}

async function rebuild(tenant: TenantScope, table: string, keys: string[]): Promise<void> {
  const c = tenant.customerId;
  const t = sql.identifier(table);
  const columns = sql.join(
    keys.map((k) => sql.identifier(k)),
    sql`, `,
  );
  const merged = sql.join(
    keys.map((k) => sql`coalesce(e.${sql.identifier(k)}, k.${sql.identifier(k)})`),
    sql`, `,
  );
  const matched = sql.join(
    keys.map((k) => sql`k.${sql.identifier(k)} = e.${sql.identifier(k)}`),
    sql` and `,
  );
  await tenant.db.execute(sql`
    insert into ${t} as t (customer_id, ${columns}, count)
    select ${c}::bigint, ${merged}, coalesce(e.n, 0) - coalesce(k.count, 0)
    from (select ${columns}, count(*) as n from items where customer_id = ${c} group by ${columns}) e
    full join (select ${columns}, count from ${t} where customer_id = ${c}) k on ${matched}
    where coalesce(e.n, 0) <> coalesce(k.count, 0)
    order by ${sql.raw(keys.map((_, n) => n + 2).join(', '))}
    on conflict (customer_id, ${columns}) do update set count = t.count + excluded.count`);
  // A status row at 0 holds no product either (a product's row above 0 is counted in it).
  await tenant.db.execute(sql`delete from ${t} where customer_id = ${c} and count = 0`);
}
