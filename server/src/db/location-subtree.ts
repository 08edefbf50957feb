import { sql, type SQL } from 'drizzle-orm';
import type { TenantScope } from './tenant.js';

/** A list of uuids as bound parameters. */
export function uuidList(values: readonly string[]): SQL {
  return sql.join(
    values.map((v) => sql`${v}::uuid`),
    sql`, `,
  );
}

/**
 * The given locations and every location below them, as a subquery of uuids (none for no roots).
 * SECURITY: both arms of the recursion stay inside the customer's tree.
 */
export function locationSubtree(tenant: TenantScope, roots: readonly string[]): SQL {
  if (roots.length === 0) return sql`(select null::uuid where false)`;
  return sql`(
    with recursive subtree(uuid) as (
      select l.uuid from locations l where l.customer_id = ${tenant.customerId} and l.uuid in (${uuidList(roots)})
      union
      select c.uuid from locations c join subtree s on c.parent_uuid = s.uuid where c.customer_id = ${tenant.customerId}
    )
    select uuid from subtree)`;
}

/** Of the per-location counts `c`: those not under the Removed root (removed items are never inventory). */
export function notRemoved(tenant: TenantScope): SQL {
  return sql`c.location_uuid not in (
    select r.uuid from locations r where r.customer_id = ${tenant.customerId} and r.special = 'removed')`;
}
