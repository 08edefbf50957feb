import { sql, type SQL } from 'drizzle-orm';
import type { LOCATION_ITEMCOUNT_ORDERING, PRODUCT_FULLCOUNT_ORDERING } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { notRemoved } from '../../db/location-subtree.js';
import {
  rows,
  like,
  statusIn,
  productConditions,
  countRowConditions,
  resolveLocations,
  and,
  minimum,
  orderBy,
  pageAndTotal,
  type CountFilter,
  type Window,
  type Order,
} from './count-filter.repository.js';

/**
 * Counts per product, and per product and location: the inventory lists.
 * SECURITY: every table read carries `customer_id = ${tenant.customerId}` (count-filter.repository.ts).
 */

export interface ProductCountRow {
  id: number;
  sku: string;
  name: string;
  product_code: string | null;
  category: number | null;
  category__name: string | null;
  count: number;
  in: number;
  out: number;
  lost: number;
}

export type ProductCountOrder = (typeof PRODUCT_FULLCOUNT_ORDERING)[number];
/** Sort keys over the output columns of a count query (`q`). */
const PRODUCT_ORDER: Record<ProductCountOrder, SQL> = {
  product__name: sql`lower(q.name)`,
  name: sql`lower(q.name)`,
  product__sku: sql`lower(q.sku)`,
  sku: sql`lower(q.sku)`,
  product_code: sql`lower(q.product_code)`,
  count: sql`q.count`,
};

/**
 * One row per product with its count for the statuses asked for and by status; `inventory`
 * keeps only products holding items. Search covers name, SKU and product code.
 */
export async function findProductCounts(
  tenant: TenantScope,
  filter: CountFilter,
  options: { inventory: boolean },
  ordering: Order<ProductCountOrder>[],
  window: Window,
) {
  const conditions = [sql`p.customer_id = ${tenant.customerId}`, ...productConditions(tenant, filter)];
  if (filter.search) {
    const pattern = like(filter.search);
    conditions.push(sql`(p.name ilike ${pattern} or p.sku ilike ${pattern} or p.product_code ilike ${pattern})`);
  }
  // Each product's sums in a lateral aggregate over its own count rows (an index range), so a page
  // in name, SKU or code order reads the count rows of its products only.
  const query = sql`
    select p.id::int as id, p.sku, p.name, p.product_code, p.category_id::int as category, k.name as category__name,
           s.count, s."in", s."out", s."lost"
      from products p
      left join categories k on k.customer_id = p.customer_id and k.id = p.category_id
      cross join lateral (
        select coalesce(sum(c.count) filter (where ${statusIn(filter.statuses)}), 0)::int as count,
               coalesce(sum(c.count) filter (where c.status = 'in'), 0)::int as "in",
               coalesce(sum(c.count) filter (where c.status = 'out'), 0)::int as "out",
               coalesce(sum(c.count) filter (where c.status = 'lost'), 0)::int as "lost"
          from location_product_counts c
         where c.customer_id = p.customer_id and c.product_id = p.id and ${notRemoved(tenant)}) s
     where ${and(conditions)} ${options.inventory ? sql`and s.count > 0` : sql``}`;
  // Counts are never negative: a product holds counted items when one of its count rows is above 0.
  // A lateral probe with a limit, one index lookup a product, which the planner cannot turn into
  // a hash of every count row as it does an EXISTS (28 ms at a million items, against 3).
  const total = options.inventory
    ? sql`select count(*)::int as n from products p
        cross join lateral (
          select 1 from location_product_counts c
           where c.customer_id = p.customer_id and c.product_id = p.id and ${statusIn(filter.statuses)} and c.count > 0
             and ${notRemoved(tenant)}
           limit 1) h
       where ${and(conditions)}`
    : sql`select count(*)::int as n from products p where ${and(conditions)}`;
  const last = ordering[ordering.length - 1];
  return pageAndTotal<ProductCountRow>(
    tenant,
    query,
    orderBy(PRODUCT_ORDER, ordering, last?.descending ? sql`q.id desc` : sql`q.id asc`),
    total,
    window,
  );
}

export interface LocationProductRow {
  sku: string;
  name: string;
  product_code: string | null;
  location: string;
  location_name: string;
  count: number;
}

export type ItemCountOrder = (typeof LOCATION_ITEMCOUNT_ORDERING)[number];
const ITEMCOUNT_ORDER: Record<ItemCountOrder, SQL> = {
  ...PRODUCT_ORDER,
  location: sql`lower(q.location_name)`,
  location_name: sql`lower(q.location_name)`,
};

/** One row per product and location holding it (held directly there). */
export async function findLocationItemCounts(
  tenant: TenantScope,
  asked: CountFilter,
  ordering: Order<ItemCountOrder>[],
  window: Window,
) {
  const filter = await resolveLocations(tenant, asked);
  const min = minimum(filter);
  const search = filter.search ? like(filter.search) : undefined;
  const productSearch = search
    ? sql`p.name ilike ${search} or p.sku ilike ${search} or p.product_code ilike ${search}`
    : undefined;
  // The count rows of one product, held directly at each location (the filter's own conditions
  // name the customer, the statuses, the locations and Removed).
  const perLocation = and(countRowConditions(tenant, filter));
  const productWhere = and([sql`p.customer_id = ${tenant.customerId}`, ...productConditions(tenant, filter)]);
  // Products walked in the order asked for, each with its locations: a page in name, SKU or code
  // order reads its own products' count rows and stops (the products' lower(…) indexes).
  const query = sql`
    select p.sku, p.name, p.product_code, l.uuid::text as location, l.name as location_name, g.count, p.id as product_id
      from products p
      cross join lateral (
        select c.location_uuid, sum(c.count)::int as count from location_product_counts c
         where c.product_id = p.id and ${perLocation}
         group by c.location_uuid
        having sum(c.count) >= ${min}) g
      join locations l on l.customer_id = p.customer_id and l.uuid = g.location_uuid
     where ${productWhere} ${search ? sql`and (${productSearch} or l.name ilike ${search})` : sql``}`;
  // One status: a product has one count row per location, so the rows need no grouping to be counted.
  const single = filter.statuses.length === 1;
  // The products and locations are joined only when a condition needs them (every count row's
  // product and location exist).
  const byProduct = search !== undefined || productConditions(tenant, filter).length > 0;
  // One status, every count row above 0, no product or name condition: the locations' tallies of
  // products held (kept with their status counts), a few rows per location.
  const tallied = single && !byProduct && !search && min <= 1;
  const total = tallied
    ? sql`select coalesce(sum(c.products), 0)::int as n from location_status_counts c where ${perLocation}`
    : sql`
    select count(*)::int as n from (
      select 1 from location_product_counts c
        ${byProduct ? sql`join products p on p.customer_id = c.customer_id and p.id = c.product_id` : sql``}
        ${search ? sql`join locations l on l.customer_id = c.customer_id and l.uuid = c.location_uuid` : sql``}
       where ${perLocation} ${byProduct ? sql`and ${productWhere}` : sql``}
         ${search ? sql`and (${productSearch} or l.name ilike ${search})` : sql``}
         ${single ? sql`and c.count >= ${min}` : sql`group by c.product_id, c.location_uuid having sum(c.count) >= ${min}`}
    ) g`;
  const dir = ordering[ordering.length - 1]?.descending ? sql`desc` : sql`asc`;
  return pageAndTotal<LocationProductRow>(
    tenant,
    query,
    orderBy(ITEMCOUNT_ORDER, ordering, sql`q.product_id ${dir}, q.location ${dir}`),
    total,
    window,
  );
}

export interface ProductTotalRow {
  sku: string;
  name: string;
  product_code: string | null;
  count: number;
}

export type ProductTotalOrder = ProductCountOrder;

/** Per product, its items over the subtree of `filter.locations`. */
export async function findProductTotals(
  tenant: TenantScope,
  asked: CountFilter,
  ordering: Order<ProductTotalOrder>[],
  window: Window,
) {
  const filter = await resolveLocations(tenant, asked);
  const min = minimum(filter);
  const conditions = [sql`p.customer_id = ${tenant.customerId}`, ...productConditions(tenant, filter)];
  if (filter.search) {
    const pattern = like(filter.search);
    conditions.push(sql`(p.name ilike ${pattern} or p.sku ilike ${pattern} or p.product_code ilike ${pattern})`);
  }
  const rowsOfProduct = and([sql`c.product_id = p.id`, ...countRowConditions(tenant, filter)]);
  // Products walked in the order asked for, each summed over its own count rows in the subtree.
  const query = sql`
    select p.sku, p.name, p.product_code, g.count, p.id as product_id
      from products p
      cross join lateral (select sum(c.count)::int as count from location_product_counts c where ${rowsOfProduct}) g
     where ${and(conditions)} and g.count >= ${min}`;
  // The total from the count rows in the subtree (an index range per location), grouped by product.
  const total = sql`
    select count(*)::int as n from (
      select 1 from location_product_counts c
        join products p on p.customer_id = c.customer_id and p.id = c.product_id
       where ${and(countRowConditions(tenant, filter))} and ${and(conditions)}
       group by c.product_id
      having sum(c.count) >= ${min}) q`;
  const dir = ordering[ordering.length - 1]?.descending ? sql`desc` : sql`asc`;
  return pageAndTotal<ProductTotalRow>(
    tenant,
    query,
    orderBy(PRODUCT_ORDER, ordering, sql`q.product_id ${dir}`),
    total,
    window,
  );
}

export async function findLocationName(tenant: TenantScope, uuid: string): Promise<string | undefined> {
  const [row] = await rows<{ name: string }>(
    tenant,
    sql`select name from locations where customer_id = ${tenant.customerId} and uuid = ${uuid}::uuid`,
  );
  return row?.name;
}
