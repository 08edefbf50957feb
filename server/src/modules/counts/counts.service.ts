import {
  ITEM_STATUSES,
  LOCATION_ITEMCOUNT_DEFAULT_ORDERING,
  LOCATION_ITEMCOUNT_ORDERING,
  LOCATION_PRODUCTCOUNT_DEFAULT_ORDERING,
  LOCATION_PRODUCTCOUNT_ORDERING,
  LOCATION_TOTALS_DEFAULT_ORDERING,
  LOCATION_TOTALS_ORDERING,
  pageWindow,
  parseOrdering,
  PRODUCT_FULLCOUNT_DEFAULT_ORDERING,
  PRODUCT_FULLCOUNT_ORDERING,
  type InventoryCountQuery,
  type InventoryCountRow,
  type ItemStatus,
  type LocationInventoryCount,
  type LocationItemCountQuery,
  type LocationProductCountQuery,
  type LocationTotal,
  type LocationTotalsQuery,
  type Paged,
  type ProductFullCount,
  type ProductFullCountQuery,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { inChunks } from '../../lib/csv-export.js';
import { notFound } from '../../lib/errors.js';
import { type CountFilter, type Window } from './count-filter.repository.js';
import {
  findLocationItemCounts,
  findLocationName,
  findProductCounts,
  findProductTotals,
  type ItemCountOrder,
  type ProductCountOrder,
  type ProductTotalOrder,
} from './counts.repository.js';
import {
  findInventoryCounts,
  findLocationCount,
  findLocationTotals,
  type TotalsOrder,
} from './counts-by-location.repository.js';
import { rebuildCounts } from './counts-rebuild.repository.js';
import { isUuid, splitList, truthy } from '../../lib/query-params.js';

/** The statuses asked for; items present ('in') when none is given or none is known. */
export function countedStatuses(text: string | undefined): ItemStatus[] {
  const known = (splitList(text) ?? []).filter((s): s is ItemStatus =>
    (ITEM_STATUSES as readonly string[]).includes(s),
  );
  return known.length > 0 ? [...new Set(known)] : ['in'];
}

const uuidList = (text: string | undefined) => splitList(text)?.filter(isUuid);

function baseFilter(query: {
  status?: string;
  product?: string;
  exclude_product?: string;
  search?: string;
  count_min?: number;
}): CountFilter {
  return {
    statuses: countedStatuses(query.status),
    productSkus: splitList(query.product),
    excludeSkus: splitList(query.exclude_product),
    search: query.search || undefined,
    countMin: query.count_min,
  };
}

/** GET /tag-data/product/fullcount/serialized/ */
export async function listProductCounts(
  ctx: ServiceContext,
  query: ProductFullCountQuery,
  window: Window = pageWindow(query),
): Promise<Paged<ProductFullCount>> {
  const filter: CountFilter = {
    ...baseFilter(query),
    category: query.category,
    noncategorized: truthy(query.noncategorized),
  };
  const ordering = parseOrdering<ProductCountOrder>(
    query.ordering,
    PRODUCT_FULLCOUNT_ORDERING,
    PRODUCT_FULLCOUNT_DEFAULT_ORDERING,
  );
  const { count, rows } = await findProductCounts(
    ctx.tenant,
    filter,
    { inventory: truthy(query.inventory) },
    ordering,
    window,
  );
  return { count, results: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

function itemCountFilter(query: LocationItemCountQuery): CountFilter {
  return {
    ...baseFilter(query),
    locations: uuidList(query.location),
    category: query.category,
    noncategorized: truthy(query.noncategorized),
  };
}

/** GET /tag-data/location/itemcount/: a product's items by location (held directly there). */
export async function listLocationItemCounts(
  ctx: ServiceContext,
  query: LocationItemCountQuery,
  window: Window = pageWindow(query),
): Promise<Paged<InventoryCountRow>> {
  const ordering = parseOrdering<ItemCountOrder>(
    query.ordering,
    LOCATION_ITEMCOUNT_ORDERING,
    LOCATION_ITEMCOUNT_DEFAULT_ORDERING,
  );
  const { count, rows } = await findLocationItemCounts(ctx.tenant, itemCountFilter(query), ordering, window);
  return {
    count,
    results: rows.map((r) => ({
      sku: r.sku,
      name: r.name,
      product_code: r.product_code,
      location: r.location,
      location_name: r.location_name,
      count: r.count,
    })),
  };
}

/** GET /tag-data/location/itemcount/totals/ */
export async function listLocationTotals(
  ctx: ServiceContext,
  query: LocationTotalsQuery,
): Promise<Paged<LocationTotal>> {
  const root = query.location_root?.trim();
  const filter: CountFilter = {
    ...baseFilter({ ...query, search: undefined }),
    locations: uuidList(query.location),
    within: root && isUuid(root) ? root : undefined,
  };
  const ordering = parseOrdering<TotalsOrder>(
    query.ordering,
    LOCATION_TOTALS_ORDERING,
    LOCATION_TOTALS_DEFAULT_ORDERING,
  );
  return toPaged(
    await findLocationTotals(ctx.tenant, filter, { perRoot: truthy(root || undefined) }, ordering, pageWindow(query)),
  );
}

function toPaged<T>(page: { count: number; rows: T[] }): Paged<T> {
  return { count: page.count, results: page.rows };
}

/** GET /tag-data/location/itemcount/recalculate/: rebuilds the counts, then answers the totals. */
export async function recalculateCounts(
  ctx: ServiceContext,
  query: LocationTotalsQuery,
): Promise<Paged<LocationTotal>> {
  await rebuildCounts(ctx.tenant);
  ctx.log.info('location product counts rebuilt');
  return listLocationTotals(ctx, query);
}

/** GET /tag-data/v2/location/inventorycount/: every location holding items, with its subtree total. */
export async function listInventoryCounts(
  ctx: ServiceContext,
  query: InventoryCountQuery,
): Promise<Paged<LocationInventoryCount>> {
  const results = await findInventoryCounts(ctx.tenant, baseFilter(query));
  return { count: results.length, results };
}

/** The name of a location of the customer; NotFound otherwise (another customer's, or no uuid). */
export async function requireLocationName(ctx: ServiceContext, uuid: string): Promise<string> {
  const name = isUuid(uuid) ? await findLocationName(ctx.tenant, uuid) : undefined;
  if (name === undefined) throw notFound();
  return name;
}

/** GET /tag-data/v2/location/inventorycount/{id}/ */
export async function getInventoryCount(
  ctx: ServiceContext,
  uuid: string,
  query: InventoryCountQuery,
): Promise<LocationInventoryCount> {
  await requireLocationName(ctx, uuid);
  return { location: uuid, ...(await findLocationCount(ctx.tenant, baseFilter(query), uuid)) };
}

/** GET /tag-data/v2/location/productcount/{locationId}/: per product over the location's subtree. */
export async function listLocationProductCounts(
  ctx: ServiceContext,
  uuid: string,
  query: LocationProductCountQuery,
  window: Window = pageWindow(query),
): Promise<Paged<InventoryCountRow> & { locationName: string }> {
  const locationName = await requireLocationName(ctx, uuid);
  const ordering = parseOrdering<ProductTotalOrder>(
    query.ordering,
    LOCATION_PRODUCTCOUNT_ORDERING,
    LOCATION_PRODUCTCOUNT_DEFAULT_ORDERING,
  );
  const filter: CountFilter = { ...baseFilter(query), locations: [uuid] };
  const { count, rows } = await findProductTotals(ctx.tenant, filter, ordering, window);
  return {
    locationName,
    count,
    results: rows.map((r) => ({
      sku: r.sku,
      name: r.name,
      product_code: r.product_code,
      location: uuid,
      location_name: locationName,
      count: r.count,
    })),
  };
}

/** Pages of a list for a CSV export, in the list's order. */
export function exportPages<T>(list: (window: Window) => Promise<Paged<T>>): AsyncGenerator<readonly T[]> {
  return inChunks(async (offset, limit) => (await list({ offset, limit })).results);
}
