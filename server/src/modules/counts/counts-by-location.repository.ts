import { sql, type SQL } from 'drizzle-orm';
import type { LOCATION_TOTALS_ORDERING } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import {
  rows,
  resolveLocations,
  countSource,
  and,
  minimum,
  orderBy,
  paged,
  type CountFilter,
  type Window,
  type Order,
} from './count-filter.repository.js';

/**
 * Counts per location: held there and over its subtree.
 * SECURITY: every table read carries `customer_id = ${tenant.customerId}` (count-filter.repository.ts).
 */

export interface LocationTotalRow {
  location: string;
  location_name: string;
  count: number;
}

export type TotalsOrder = (typeof LOCATION_TOTALS_ORDERING)[number];
const TOTALS_ORDER: Record<TotalsOrder, SQL> = {
  location: sql`lower(q.location_name)`,
  location_name: sql`lower(q.location_name)`,
  count: sql`q.count`,
};

/**
 * Items per location. `perRoot`: one total per root location over its whole subtree, else the
 * items held directly at each location.
 */
export async function findLocationTotals(
  tenant: TenantScope,
  asked: CountFilter,
  options: { perRoot: boolean },
  ordering: Order<TotalsOrder>[],
  window: Window,
) {
  const filter = await resolveLocations(tenant, asked);
  const source = countSource(tenant, filter);
  const query = options.perRoot
    ? sql`
      with recursive roots(uuid, root) as (
        select l.uuid, l.uuid from locations l where l.customer_id = ${tenant.customerId} and l.parent_uuid is null
        union all
        select l.uuid, r.root from locations l join roots r on l.parent_uuid = r.uuid where l.customer_id = ${tenant.customerId}
      )
      select t.uuid::text as location, t.name as location_name, sum(c.count)::int as count
        from ${source.from}
        join roots r on r.uuid = c.location_uuid
        join locations t on t.customer_id = c.customer_id and t.uuid = r.root
       where ${and(source.where)}
       group by t.customer_id, t.uuid
      having sum(c.count) >= ${minimum(filter)}`
    : sql`
      select l.uuid::text as location, l.name as location_name, sum(c.count)::int as count
        from ${source.from}
        join locations l on l.customer_id = c.customer_id and l.uuid = c.location_uuid
       where ${and(source.where)}
       group by l.customer_id, l.uuid
      having sum(c.count) >= ${minimum(filter)}`;
  const dir = ordering[ordering.length - 1]?.descending ? sql`desc` : sql`asc`;
  return paged<LocationTotalRow>(tenant, query, orderBy(TOTALS_ORDER, ordering, sql`q.location ${dir}`), window);
}

/**
 * Every location holding counted items in its subtree: `count` held directly, `total` over the
 * subtree. The walk starts at the locations that hold items and climbs to their roots.
 */
export async function findInventoryCounts(
  tenant: TenantScope,
  asked: CountFilter,
): Promise<{ location: string; count: number; total: number }[]> {
  const filter = await resolveLocations(tenant, asked);
  const source = countSource(tenant, filter);
  return rows(
    tenant,
    sql`
    with recursive direct(uuid, n) as (
      select c.location_uuid, sum(c.count) from ${source.from}
       where ${and(source.where)}
       group by c.location_uuid
      having sum(c.count) > 0
    ), up(uuid, ancestor) as (
      select uuid, uuid from direct
      union all
      select up.uuid, l.parent_uuid from up join locations l on l.uuid = up.ancestor
       where l.customer_id = ${tenant.customerId} and l.parent_uuid is not null
    )
    select up.ancestor::text as location,
           coalesce(sum(d.n) filter (where up.uuid = up.ancestor), 0)::int as count,
           sum(d.n)::int as total
      from up join direct d on d.uuid = up.uuid
     group by up.ancestor
     order by up.ancestor`,
  );
}

/** Items held directly at a location and over its subtree. */
export async function findLocationCount(
  tenant: TenantScope,
  asked: CountFilter,
  location: string,
): Promise<{ count: number; total: number }> {
  const filter = await resolveLocations(tenant, { ...asked, locations: [location] });
  const source = countSource(tenant, filter);
  const [row] = await rows<{ count: number; total: number }>(
    tenant,
    sql`select coalesce(sum(c.count) filter (where c.location_uuid = ${location}::uuid), 0)::int as count,
               coalesce(sum(c.count), 0)::int as total
          from ${source.from}
         where ${and(source.where)}`,
  );
  return row ?? { count: 0, total: 0 };
}
