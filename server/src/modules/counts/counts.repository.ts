import { sql, type SQL } from 'drizzle-orm';
import type {
  ItemStatus,
  LOCATION_ITEMCOUNT_ORDERING,
  LOCATION_TOTALS_ORDERING,
  PRODUCT_FULLCOUNT_ORDERING,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { locationSubtree } from '../../db/location-subtree.js';

/**
 * Inventory counts read from location_product_counts and location_status_counts, which triggers
 * on items keep exact (see migrations 0010 and 0014): no query here scans items, except the
 * rebuild. Every query names the customer in each arm, so another customer's rows are never read.
 * SECURITY: the raw SQL below carries `customer_id = ${tenant.customerId}` on every table it reads.
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

async function rows<T>(tenant: TenantScope, query: SQL): Promise<T[]> {
  return ((await tenant.db.execute(query)) as unknown as Rows<T>).rows;
}

const list = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Removed items sit under the Removed root: they are never inventory. */
function notRemoved(tenant: TenantScope): SQL {
  return sql`c.location_uuid not in (
    select r.uuid from locations r where r.customer_id = ${tenant.customerId} and r.special = 'removed')`;
}

function statusIn(statuses: readonly ItemStatus[]): SQL {
  return sql`c.status in (${list(statuses)})`;
}

/** Conditions on the product `p`. */
function productConditions(tenant: TenantScope, filter: CountFilter): SQL[] {
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
function countRowConditions(tenant: TenantScope, filter: CountFilter): SQL[] {
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
async function resolveLocations(tenant: TenantScope, filter: CountFilter): Promise<CountFilter> {
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
function countConditions(tenant: TenantScope, filter: CountFilter): SQL[] {
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
function countSource(tenant: TenantScope, filter: CountFilter): { from: SQL; where: SQL[] } {
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

const and = (conditions: SQL[]) => sql.join(conditions, sql` and `);
const minimum = (filter: CountFilter) => Math.max(filter.countMin ?? 1, 1);

function orderBy(columns: Record<string, SQL>, ordering: Order<string>[], tieBreak: SQL): SQL {
  const parts = ordering.map(({ field, descending }) => sql`${columns[field]} ${descending ? sql`desc` : sql`asc`}`);
  return sql.join([...parts, tieBreak], sql`, `);
}

/**
 * One page and the total in one pass (a window count over the grouped rows); only a page past the
 * end asks for the total separately.
 */
async function paged<T>(tenant: TenantScope, query: SQL, order: SQL, window: Window) {
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
async function pageAndTotal<T>(tenant: TenantScope, query: SQL, order: SQL, total: SQL, window: Window) {
  const [page, [counted]] = await Promise.all([
    rows<T>(tenant, sql`select q.* from (${query}) q order by ${order} limit ${window.limit} offset ${window.offset}`),
    rows<{ n: number }>(tenant, total),
  ]);
  return { count: counted?.n ?? 0, rows: page };
}

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
  const total = sql`
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
  await tenant.db.execute(sql`delete from ${t} where customer_id = ${c} and count = 0`);
}
