import { sql, type SQL } from 'drizzle-orm';
import type { ItemStatus } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { locationSubtree, notRemoved } from '../../db/location-subtree.js';

/**
 * The building blocks of the inventory count queries: a filter's conditions, where its count rows
 * come from, paging. The counts are read from location_product_counts and location_status_counts,
 * which triggers on items keep exact (see migrations 0010 and 0014): no query scans items, except
 * the rebuild. Every query names the customer in each arm, so another customer's rows are never
 * read. SECURITY: the raw SQL carries `customer_id = ${tenant.customerId}` on every table it reads.
 */

export interface CountFilter {
  /** Statuses whose items count (the service defaults to ['in']). */
  statuses: ItemStatus[];
  productSkus?: string[];
  excludeSkus?: string[];
  /** A category id: products in it or its subcategories. */
  category?: number;
  noncategorized?: boolean;
  /** Locations taken with their subtrees. */
  locations?: string[];
  /** A location whose subtree holds every row counted (with `locations`, both apply). */
  within?: string;
  /** Exactly these locations (`locations` and `within` resolved to their subtrees). */
  locationSet?: string[];
  search?: string;
  /** Rows (or totals) below this are left out; never below 1. */
  countMin?: number;
}

export interface Window {
  limit: number;
  offset: number;
}

export interface Order<F extends string> {
  field: F;
  descending: boolean;
}

type Rows<T> = { rows: T[] };

export async function rows<T>(tenant: TenantScope, query: SQL): Promise<T[]> {
  return ((await tenant.db.execute(query)) as unknown as Rows<T>).rows;
}

export const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
export const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function statusIn(statuses: readonly ItemStatus[]): SQL {
  return sql`c.status in (${list(statuses)})`;
}

/** Conditions on the product `p`. */
export function productConditions(tenant: TenantScope, filter: CountFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.productSkus)
    conditions.push(filter.productSkus.length ? sql`p.sku in (${list(filter.productSkus)})` : sql`false`);
  if (filter.excludeSkus?.length) conditions.push(sql`p.sku not in (${list(filter.excludeSkus)})`);
  if (filter.category !== undefined) {
    conditions.push(sql`p.category_id in (
      select k.id from categories k where k.customer_id = ${tenant.customerId}
         and (k.id = ${filter.category} or k.parent_id = ${filter.category}))`);
  }
  if (filter.noncategorized) conditions.push(sql`p.category_id is null`);
  return conditions;
}

/** Conditions on the count rows `c` themselves: customer, statuses, locations, never Removed. */
export function countRowConditions(tenant: TenantScope, filter: CountFilter): SQL[] {
  const conditions = [sql`c.customer_id = ${tenant.customerId}`, statusIn(filter.statuses), notRemoved(tenant)];
  if (filter.locations) conditions.push(sql`c.location_uuid in ${locationSubtree(tenant, filter.locations)}`);
  if (filter.within) conditions.push(sql`c.location_uuid in ${locationSubtree(tenant, [filter.within])}`);
  if (filter.locationSet) conditions.push(sql`c.location_uuid = any(${`{${filter.locationSet.join(',')}}`}::uuid[])`);
  return conditions;
}

/**
 * The filter with its locations and their subtrees looked up first, as a list: the planner then
 * knows how few locations a zone's subtree holds and reads their count rows by the primary key,
 * where a subquery of unknown size had it scan every count row of the customer.
 */
export async function resolveLocations(tenant: TenantScope, filter: CountFilter): Promise<CountFilter> {
  if (!filter.locations && !filter.within) return filter;
  const subtrees = [
    ...(filter.locations ? [locationSubtree(tenant, filter.locations)] : []),
    ...(filter.within ? [locationSubtree(tenant, [filter.within])] : []),
  ];
  const found = await rows<{ uuid: string }>(
    tenant,
    sql`select s.uuid::text as uuid from ${subtrees[0]} s ${subtrees[1] ? sql`where s.uuid in ${subtrees[1]}` : sql``}`,
  );
  return { ...filter, locations: undefined, within: undefined, locationSet: found.map((r) => r.uuid) };
}

/** Conditions on the count rows `c` joined with their product `p`. */
export function countConditions(tenant: TenantScope, filter: CountFilter): SQL[] {
  return [...countRowConditions(tenant, filter), ...productConditions(tenant, filter)];
}

/**
 * The count rows `c` a filter reads, and the conditions that select them. Without a product
 * condition, location_status_counts (the same counts summed over products, a few rows per
 * location), since every count row's product exists. When the only product condition leaves some
 * products out (the console's `exclude_product=Unassigned`), those rows less the left-out
 * products' own count rows, which are few: rather than every product's row at every location.
 * Otherwise location_product_counts joined with their product `p`.
 */
export function countSource(tenant: TenantScope, filter: CountFilter): { from: SQL; where: SQL[] } {
  const rowConditions = countRowConditions(tenant, filter);
  const onlyExcluded =
    filter.excludeSkus?.length &&
    filter.productSkus === undefined &&
    filter.category === undefined &&
    !filter.noncategorized;
  if (productConditions(tenant, filter).length === 0)
    return { from: sql`location_status_counts c`, where: rowConditions };
  if (onlyExcluded) {
    const from = sql`(
      select s.customer_id, s.location_uuid, s.status, s.count from location_status_counts s
       where s.customer_id = ${tenant.customerId}
      union all
      select x.customer_id, x.location_uuid, x.status, -x.count from location_product_counts x
        join products p on p.customer_id = x.customer_id and p.id = x.product_id
       where x.customer_id = ${tenant.customerId} and p.sku in (${list(filter.excludeSkus!)})
    ) c`;
    return { from, where: rowConditions };
  }
  return {
    from: sql`location_product_counts c join products p on p.customer_id = c.customer_id and p.id = c.product_id`,
    where: countConditions(tenant, filter),
  };
}

export const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);
export const minimum = (filter: CountFilter) => Math.max(filter.countMin ?? 1, 1);

export function orderBy(columns: Record<string, SQL>, ordering: Order<string>[], tieBreak: SQL): SQL {
  const parts = ordering.map(({ field, descending }) => sql`${columns[field]} ${descending ? sql`desc` : sql`asc`}`);
  return sql.join([...parts, tieBreak], sql`, `);
}

/**
 * One page and the total in one pass (a window count over the grouped rows); only a page past the
 * end asks for the total separately.
 */
export async function paged<T>(tenant: TenantScope, query: SQL, order: SQL, window: Window) {
  const page = await rows<T & { total_rows: number }>(
    tenant,
    sql`select q.*, count(*) over ()::int as total_rows from (${query}) q
         order by ${order} limit ${window.limit} offset ${window.offset}`,
  );
  let count = page[0]?.total_rows;
  if (count === undefined) {
    const [total] = await rows<{ n: number }>(tenant, sql`select count(*)::int as n from (${query}) q`);
    count = total?.n ?? 0;
  }
  return { count, rows: page.map(({ total_rows: _total, ...row }) => row as T) };
}

/**
 * One page and the total as two statements run side by side: the page walks the rows in the order
 * asked for and stops at its end (an index gives the product orders), so it does not wait for the
 * total, which counts every row.
 */
export async function pageAndTotal<T>(tenant: TenantScope, query: SQL, order: SQL, total: SQL, window: Window) {
  const [page, [counted]] = await Promise.all([
    rows<T>(tenant, sql`select q.* from (${query}) q order by ${order} limit ${window.limit} offset ${window.offset}`),
    rows<{ n: number }>(tenant, total),
  ]);
  return { count: counted?.n ?? 0, rows: page };
}
