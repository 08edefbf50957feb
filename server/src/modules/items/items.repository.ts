import { and, asc, desc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, items, locations, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { locationSubtree } from '../../db/location-subtree.js';
import {
  filterConditions,
  productCondition,
  productsOf,
  type FilterProducts,
  type ItemFilter,
} from './item-filter.repository.js';
import { sqlRows } from '../../db/sql-rows.js';

export type ItemRow = typeof items.$inferSelect;
export type ItemInsert = Omit<typeof items.$inferInsert, 'customerId' | 'id'>;

const category = alias(categories, 'item_category');
const location = alias(locations, 'item_location');

/** An item with what its presentation needs from its product, category and location. */
export interface ItemListRow extends ItemRow {
  productSku: string;
  productName: string;
  productCode: string | null;
  categoryId: number | null;
  categoryName: string | null;
  locationName: string | null;
}

/** The columns of a list row. */
const LIST_COLUMNS = {
  customerId: items.customerId,
  id: items.id,
  code: items.code,
  productId: items.productId,
  name: items.name,
  metadata: items.metadata,
  attributes: items.attributes,
  status: items.status,
  locationUuid: items.locationUuid,
  removed: items.removed,
  restoreLocationUuid: items.restoreLocationUuid,
  latestStatusUpdate: items.latestStatusUpdate,
  lastSeenAt: items.lastSeenAt,
  createdAt: items.createdAt,
  updatedAt: items.updatedAt,
  productSku: products.sku,
  productName: products.name,
  productCode: products.productCode,
  categoryId: products.categoryId,
  categoryName: category.name,
  locationName: location.name,
};

/** The columns an export writes (a CSV row has no use for the metadata, attributes or timestamps it omits). */
const EXPORT_COLUMNS = {
  id: items.id,
  code: items.code,
  name: items.name,
  status: items.status,
  locationUuid: items.locationUuid,
  latestStatusUpdate: items.latestStatusUpdate,
  productSku: products.sku,
  productName: products.name,
  productCode: products.productCode,
  categoryName: category.name,
  locationName: location.name,
};

/** A row of the items export. */
export type ItemExportRow = Pick<ItemListRow, keyof typeof EXPORT_COLUMNS>;

/**
 * The items with their product, category and location. `columns` is LIST_COLUMNS, or for an
 * export EXPORT_COLUMNS (a subset: the caller reads its rows as ItemExportRow).
 */
function selectItems(tenant: TenantScope, columns: typeof LIST_COLUMNS, ...conditions: (SQL | undefined)[]) {
  return tenant.db
    .select(columns)
    .from(items)
    .innerJoin(products, and(eq(products.customerId, items.customerId), eq(products.id, items.productId)))
    .leftJoin(category, and(eq(category.customerId, items.customerId), eq(category.id, products.categoryId)))
    .leftJoin(location, and(eq(location.customerId, items.customerId), eq(location.uuid, items.locationUuid)))
    .where(tenant.where(items, ...conditions))
    .$dynamic();
}

export async function findItemsByIds(tenant: TenantScope, ids: readonly number[]): Promise<ItemListRow[]> {
  if (ids.length === 0) return [];
  return selectItems(tenant, LIST_COLUMNS, inArray(items.id, [...ids]));
}

/** Which of these EPCs the customer already has. */
export async function findTakenCodes(tenant: TenantScope, codes: readonly string[]): Promise<Set<string>> {
  const taken = new Set<string>();
  for (let i = 0; i < codes.length; i += 10_000) {
    const chunk = codes.slice(i, i + 10_000);
    const rows = await tenant.db
      .select({ code: items.code })
      .from(items)
      .where(tenant.where(items, inArray(items.code, chunk)));
    for (const row of rows) taken.add(row.code);
  }
  return taken;
}

export type ItemOrderField =
  | 'code'
  | 'metadata__name'
  | 'product__sku'
  | 'product__name'
  | 'status'
  | 'location'
  | 'latest_status_update'
  | 'created_at'
  | 'id';

const ORDER_COLUMNS: Record<ItemOrderField, SQL> = {
  code: sql`${items.code}`,
  metadata__name: sql`lower(${items.name})`,
  product__sku: sql`lower(${products.sku})`,
  product__name: sql`lower(${products.name})`,
  status: sql`${items.status}`,
  location: sql`lower(${location.name})`,
  latest_status_update: sql`${items.latestStatusUpdate}`,
  created_at: sql`${items.createdAt}`,
  id: sql`${items.id}`,
};

/**
 * How many items the filter holds. Without a search, the items that are not removed are counted
 * from the counts the triggers keep exact in every write's transaction (removed items sit under
 * the Removed root): location_status_counts, a few rows per location, when no product condition
 * applies, else location_product_counts. A million items count as fast as their count rows.
 */
async function countItems(tenant: TenantScope, filter: ItemFilter, filterProducts: FilterProducts): Promise<number> {
  if (filter.search || filter.removed) {
    const [total] = await tenant.db
      .select({ n: count() })
      .from(items)
      .where(tenant.where(items, ...filterConditions(tenant, filter, filterProducts)));
    return total?.n ?? 0;
  }
  const conditions: (SQL | undefined)[] = [
    sql`c.customer_id = ${tenant.customerId}`,
    sql`c.location_uuid not in (
      select r.uuid from locations r where r.customer_id = ${tenant.customerId} and r.special = 'removed')`,
    ...productCondition(sql`c.product_id`, filterProducts.admitted),
  ];
  if (filter.locations) {
    conditions.push(
      filter.locations.length === 0 ? sql`false` : sql`c.location_uuid in ${locationSubtree(tenant, filter.locations)}`,
    );
  }
  if (filter.statuses) {
    conditions.push(
      filter.statuses.length === 0
        ? sql`false`
        : sql`c.status in (${sql.join(
            filter.statuses.map((status) => sql`${status}`),
            sql`, `,
          )})`,
    );
  }
  const counts = filterProducts.admitted === undefined ? sql`location_status_counts` : sql`location_product_counts`;
  const result = await sqlRows<{ n: number | string }>(
    tenant.db,
    sql`
    select coalesce(sum(c.count), 0)::bigint as n from ${counts} c
    where ${and(...conditions)}`,
  );
  return Number(result[0]?.n ?? 0);
}

/** One page of items, filtered and ordered in the database, with the total count. */
export async function findItemPage(
  tenant: TenantScope,
  filter: ItemFilter,
  ordering: { field: ItemOrderField; descending: boolean }[],
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: ItemListRow[] }> {
  const filterProducts = await productsOf(tenant, filter);
  const [total, rows] = await Promise.all([
    countItems(tenant, filter, filterProducts),
    itemRows(tenant, LIST_COLUMNS, filter, filterProducts, ordering, page),
  ]);
  return { count: total, rows };
}

/** Orderings on the item's own columns (no join needed to sort by them). */
const ITEM_ORDER_FIELDS = new Set<ItemOrderField>([
  'code',
  'metadata__name',
  'status',
  'latest_status_update',
  'created_at',
  'id',
]);

/** Orderings on the item's own NOT NULL columns, by which a chunk can start after a row. */
const KEYSET_COLUMNS: Partial<Record<ItemOrderField, string>> = {
  code: 'code',
  latest_status_update: 'latest_status_update',
  created_at: 'created_at',
  id: 'id',
};

/**
 * One window of the list's rows, without the count (pages of the list, chunks of its export).
 * With `afterId` (the last row of the previous window) and an ordering on one of the item's own
 * columns, the window starts right after that row through the index instead of skipping
 * `page.offset` rows, so the chunks of a large export cost the same from the first to the last.
 */
export async function findItemRows(
  tenant: TenantScope,
  filter: ItemFilter,
  ordering: { field: ItemOrderField; descending: boolean }[],
  page: { offset: number; limit: number },
  afterId?: number,
): Promise<ItemListRow[]> {
  return itemRows(tenant, LIST_COLUMNS, filter, await productsOf(tenant, filter), ordering, page, afterId);
}

/** The same window as findItemRows, with the columns an export writes only. */
export async function findItemExportRows(
  tenant: TenantScope,
  filter: ItemFilter,
  ordering: { field: ItemOrderField; descending: boolean }[],
  page: { offset: number; limit: number },
  afterId?: number,
): Promise<ItemExportRow[]> {
  const columns = EXPORT_COLUMNS satisfies Partial<typeof LIST_COLUMNS> as typeof LIST_COLUMNS;
  return itemRows(tenant, columns, filter, await productsOf(tenant, filter), ordering, page, afterId);
}

function itemRows(
  tenant: TenantScope,
  columns: typeof LIST_COLUMNS,
  filter: ItemFilter,
  filterProducts: FilterProducts,
  ordering: { field: ItemOrderField; descending: boolean }[],
  page: { offset: number; limit: number },
  afterId?: number,
) {
  // Plain asc/desc (the columns are NOT NULL) with the id as tie-breaker in the same direction,
  // so the default order walks items_removed_latest_idx backwards instead of sorting every row.
  const orderBy = ordering.map(({ field, descending }) =>
    descending ? sql`${ORDER_COLUMNS[field]} desc` : sql`${ORDER_COLUMNS[field]} asc`,
  );
  const last = ordering[ordering.length - 1];
  const only = ordering.length === 1 ? ordering[0] : undefined;
  const column = only && afterId !== undefined ? KEYSET_COLUMNS[only.field] : undefined;
  const after =
    only && column
      ? sql`(${sql.identifier('items')}.${sql.identifier(column)}, ${items.id}) ${only.descending ? sql`<` : sql`>`} (
          select k.${sql.identifier(column)}, k.id from ${items} k
          where k.customer_id = ${tenant.customerId} and k.id = ${afterId})`
      : undefined;
  const conditions = [...filterConditions(tenant, filter, filterProducts), after];
  const tieBreak = last?.descending ? desc(items.id) : asc(items.id);
  if (!after && page.offset > 0 && ordering.every(({ field }) => ITEM_ORDER_FIELDS.has(field))) {
    // A later page in an order of the item's own columns: the rows before it are skipped in the
    // items alone (through the order's index, without the heap where the visibility map allows),
    // and only the page's rows are joined to their product, category and location.
    const pageIds = tenant.db
      .select({ id: items.id })
      .from(items)
      .where(tenant.where(items, ...conditions))
      .orderBy(...orderBy, tieBreak)
      .offset(page.offset)
      .limit(page.limit);
    return selectItems(tenant, columns, inArray(items.id, pageIds))
      .orderBy(...orderBy, tieBreak)
      .limit(page.limit);
  }
  return selectItems(tenant, columns, ...conditions)
    .orderBy(...orderBy, tieBreak)
    .offset(after ? 0 : page.offset)
    .limit(page.limit);
}

export async function insertItemRows(tenant: TenantScope, values: ItemInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < values.length; i += 1000) {
    const rows = await tenant.insertMany(items, values.slice(i, i + 1000)).returning({ id: items.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export async function updateItemRow(tenant: TenantScope, id: number, set: Partial<ItemInsert>): Promise<void> {
  await tenant.update(items, { ...set, updatedAt: new Date() }, eq(items.id, id));
}

/** Marks items removed: they move to the Removed root and remember where they were. */
export async function markItemsRemoved(
  tenant: TenantScope,
  ids: readonly number[],
  removedRoot: string,
): Promise<number> {
  if (ids.length === 0) return 0;
  const rows = await tenant
    .update(
      items,
      {
        removed: true,
        restoreLocationUuid: sql`${items.locationUuid}` as unknown as string,
        locationUuid: removedRoot,
        updatedAt: new Date(),
      },
      inArray(items.id, [...ids]),
      eq(items.removed, false),
    )
    .returning({ id: items.id });
  return rows.length;
}

/** Brings removed items back into a location. */
export async function restoreItemRows(
  tenant: TenantScope,
  ids: readonly number[],
  locationUuid: string,
): Promise<void> {
  for (let i = 0; i < ids.length; i += 10_000) {
    await tenant.update(
      items,
      { removed: false, restoreLocationUuid: null, locationUuid, updatedAt: new Date() },
      inArray(items.id, ids.slice(i, i + 10_000)),
    );
  }
}

export interface LocationInfo {
  uuid: string;
  special: 'removed' | 'unassigned' | null;
}

export async function findLocationsByUuid(tenant: TenantScope, uuids: readonly string[]): Promise<LocationInfo[]> {
  if (uuids.length === 0) return [];
  return tenant.db
    .select({ uuid: locations.uuid, special: locations.special })
    .from(locations)
    .where(tenant.where(locations, inArray(locations.uuid, [...uuids])));
}

export async function findSpecialRoot(tenant: TenantScope, special: 'removed' | 'unassigned'): Promise<string> {
  const [row] = await tenant.db
    .select({ uuid: locations.uuid })
    .from(locations)
    .where(tenant.where(locations, eq(locations.special, special)))
    .limit(1);
  if (!row) throw new Error(`customer ${tenant.customerId} has no ${special} root`);
  return row.uuid;
}
