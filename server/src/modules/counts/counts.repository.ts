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

/** Conditions on the count rows `c` joined with their product `p`. */
function countConditions(tenant: TenantScope, filter: CountFilter): SQL[] {
  const conditions = [sql`c.customer_id = ${tenant.customerId}`, statusIn(filter.statuses), notRemoved(tenant)];
  if (filter.locations) conditions.push(sql`c.location_uuid in ${locationSubtree(tenant, filter.locations)}`);
  if (filter.within) conditions.push(sql`c.location_uuid in ${locationSubtree(tenant, [filter.within])}`);
  return [...conditions, ...productConditions(tenant, filter)];
}

/**
 * The count rows `c` a filter reads: with a product condition, location_product_counts joined
 * with their product `p`; without one, location_status_counts (the same counts summed over
 * products, a few rows per location), since every count row's product exists.
 */
function countRows(tenant: TenantScope, filter: CountFilter): SQL {
  return productConditions(tenant, filter).length === 0
    ? sql`location_status_counts c`
    : sql`location_product_counts c join products p on p.customer_id = c.customer_id and p.id = c.product_id`;
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
  const counted = sql`coalesce(sum(c.count) filter (where ${statusIn(filter.statuses)}), 0)`;
  const query = sql`
    select p.id::int as id, p.sku, p.name, p.product_code, p.category_id::int as category, k.name as category__name,
           ${counted}::int as count,
           coalesce(sum(c.count) filter (where c.status = 'in'), 0)::int as "in",
           coalesce(sum(c.count) filter (where c.status = 'out'), 0)::int as "out",
           coalesce(sum(c.count) filter (where c.status = 'lost'), 0)::int as "lost"
      from products p
      left join categories k on k.customer_id = p.customer_id and k.id = p.category_id
      left join location_product_counts c on c.customer_id = p.customer_id and c.product_id = p.id and ${notRemoved(tenant)}
     where ${and(conditions)}
     group by p.customer_id, p.id, k.name
     ${options.inventory ? sql`having ${counted} > 0` : sql``}`;
  const last = ordering[ordering.length - 1];
  return paged<ProductCountRow>(
    tenant,
    query,
    orderBy(PRODUCT_ORDER, ordering, last?.descending ? sql`q.id desc` : sql`q.id asc`),
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
  filter: CountFilter,
  ordering: Order<ItemCountOrder>[],
  window: Window,
) {
  const conditions = countConditions(tenant, filter);
  if (filter.search) {
    const pattern = like(filter.search);
    conditions.push(
      sql`(p.name ilike ${pattern} or p.sku ilike ${pattern} or p.product_code ilike ${pattern} or l.name ilike ${pattern})`,
    );
  }
  const query = sql`
    select p.sku, p.name, p.product_code, l.uuid::text as location, l.name as location_name, sum(c.count)::int as count,
           p.id as product_id
      from location_product_counts c
      join products p on p.customer_id = c.customer_id and p.id = c.product_id
      join locations l on l.customer_id = c.customer_id and l.uuid = c.location_uuid
     where ${and(conditions)}
     group by p.customer_id, p.id, l.customer_id, l.uuid
    having sum(c.count) >= ${minimum(filter)}`;
  const dir = ordering[ordering.length - 1]?.descending ? sql`desc` : sql`asc`;
  return paged<LocationProductRow>(
    tenant,
    query,
    orderBy(ITEMCOUNT_ORDER, ordering, sql`q.product_id ${dir}, q.location ${dir}`),
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
  filter: CountFilter,
  options: { perRoot: boolean },
  ordering: Order<TotalsOrder>[],
  window: Window,
) {
  const conditions = countConditions(tenant, filter);
  const query = options.perRoot
    ? sql`
      with recursive roots(uuid, root) as (
        select l.uuid, l.uuid from locations l where l.customer_id = ${tenant.customerId} and l.parent_uuid is null
        union all
        select l.uuid, r.root from locations l join roots r on l.parent_uuid = r.uuid where l.customer_id = ${tenant.customerId}
      )
      select t.uuid::text as location, t.name as location_name, sum(c.count)::int as count
        from ${countRows(tenant, filter)}
        join roots r on r.uuid = c.location_uuid
        join locations t on t.customer_id = c.customer_id and t.uuid = r.root
       where ${and(conditions)}
       group by t.customer_id, t.uuid
      having sum(c.count) >= ${minimum(filter)}`
    : sql`
      select l.uuid::text as location, l.name as location_name, sum(c.count)::int as count
        from ${countRows(tenant, filter)}
        join locations l on l.customer_id = c.customer_id and l.uuid = c.location_uuid
       where ${and(conditions)}
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
  filter: CountFilter,
): Promise<{ location: string; count: number; total: number }[]> {
  return rows(
    tenant,
    sql`
    with recursive direct(uuid, n) as (
      select c.location_uuid, sum(c.count) from ${countRows(tenant, filter)}
       where ${and(countConditions(tenant, filter))}
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
  filter: CountFilter,
  location: string,
): Promise<{ count: number; total: number }> {
  const [row] = await rows<{ count: number; total: number }>(
    tenant,
    sql`select coalesce(sum(c.count) filter (where c.location_uuid = ${location}::uuid), 0)::int as count,
               coalesce(sum(c.count), 0)::int as total
          from ${countRows(tenant, filter)}
         where ${and(countConditions(tenant, { ...filter, locations: [location] }))}`,
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
  filter: CountFilter,
  ordering: Order<ProductTotalOrder>[],
  window: Window,
) {
  const conditions = countConditions(tenant, filter);
  if (filter.search) {
    const pattern = like(filter.search);
    conditions.push(sql`(p.name ilike ${pattern} or p.sku ilike ${pattern} or p.product_code ilike ${pattern})`);
  }
  const query = sql`
    select p.sku, p.name, p.product_code, sum(c.count)::int as count, p.id as product_id
      from location_product_counts c
      join products p on p.customer_id = c.customer_id and p.id = c.product_id
     where ${and(conditions)}
     group by p.customer_id, p.id
    having sum(c.count) >= ${minimum(filter)}`;
  const dir = ordering[ordering.length - 1]?.descending ? sql`desc` : sql`asc`;
  return paged<ProductTotalRow>(tenant, query, orderBy(PRODUCT_ORDER, ordering, sql`q.product_id ${dir}`), window);
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
