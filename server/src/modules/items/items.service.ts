import {
  completeAttributes,
  ITEM_ORDERING,
  ITEM_STATUSES,
  itemAttributeIssues,
  pageWindow,
  parseOrdering,
  MESSAGE_KEYS as M,
  type AttributeValue,
  type CategoryField,
  type Encoding,
  type Item,
  type ItemBulkUpdate,
  type ItemCreate,
  type ItemExportQuery,
  type ItemListQuery,
  type ItemStatus,
  type ItemUpdate,
  type Paged,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, addFieldMessage, notFound, validationError, type FieldMessages } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/pg-error.js';
import { listEncodings } from '../encodings/encodings.service.js';
import { categoryFieldsByCategory } from '../products/products.service.js';
import { insertManualHistory } from './item-history.repository.js';
import { methodOf, resolveProducts } from './item-products.service.js';
import {
  findItemPage,
  findItemsByIds,
  findLocationsByUuid,
  findSpecialRoot,
  findTakenCodes,
  insertItemRows,
  markItemsRemoved,
  restoreItemRows,
  updateItemRow,
  type ItemInsert,
  type ItemListRow,
  type ItemOrderField,
} from './items.repository.js';
import type { ItemFilter } from './item-filter.repository.js';
import { findProductMethodsById } from './product-methods.repository.js';
import { isUuid, splitList, truthy } from '../../lib/query-params.js';

export { resolveProducts, type ProductResolution } from './item-products.service.js';

type Detail = FieldMessages;
const add = addFieldMessage;

function presentItem(row: ItemListRow, fields: CategoryField[]): Item {
  return {
    id: row.id,
    code: row.code,
    metadata: { ...row.metadata, name: row.name },
    product__sku: row.productSku,
    product__name: row.productName,
    product__product_code: row.productCode,
    category: row.categoryId,
    category__name: row.categoryName,
    category_fields: fields,
    attributes: row.categoryId === null ? [] : completeAttributes(fields, row.attributes, 'item'),
    status: row.status,
    location: row.locationUuid,
    location_name: row.locationName ?? '',
    removed: row.removed,
    latest_status_update: row.latestStatusUpdate.toISOString(),
    created_at: row.createdAt.toISOString(),
  };
}

async function presentRows(tenant: TenantScope, rows: ItemListRow[]): Promise<Item[]> {
  const fields = await categoryFieldsByCategory(
    tenant,
    rows.map((r) => r.categoryId).filter((id): id is number => id !== null),
  );
  return rows.map((row) => presentItem(row, row.categoryId === null ? [] : (fields.get(row.categoryId) ?? [])));
}

type ItemFilterQuery = Omit<ItemExportQuery, 'ordering'>;

/** The list's filters from its query (shared by the list and its CSV export). */
export function itemFilterOf(query: ItemFilterQuery): ItemFilter {
  const statuses = splitList(query.status);
  return {
    search: query.search || undefined,
    locations: splitList(query.location)?.filter(isUuid),
    productSkus: splitList(query.product),
    excludeSkus: splitList(query.exclude_product),
    statuses: statuses?.filter((s): s is ItemStatus => (ITEM_STATUSES as readonly string[]).includes(s)),
    removed: truthy(query.removed),
    category: query.category,
    noncategorized: truthy(query.noncategorized),
  };
}

/** The list's ordering (default newest status update first). */
export function itemOrderingOf(query: Pick<ItemListQuery, 'ordering'>) {
  return parseOrdering<ItemOrderField>(query.ordering, ITEM_ORDERING, '-latest_status_update');
}

/** GET /tag-data/tag/: filtered, ordered and paged in the database. */
export async function listItems(ctx: ServiceContext, query: ItemListQuery): Promise<Paged<Item>> {
  const { count, rows } = await findItemPage(ctx.tenant, itemFilterOf(query), itemOrderingOf(query), pageWindow(query));
  return { count, results: await presentRows(ctx.tenant, rows) };
}

async function requireItems(tenant: TenantScope, ids: readonly number[]): Promise<ItemListRow[]> {
  const rows = await findItemsByIds(tenant, ids);
  if (rows.length !== new Set(ids).size) throw notFound();
  return rows;
}

export async function getItem(ctx: ServiceContext, id: number): Promise<Item> {
  const [row] = await requireItems(ctx.tenant, [id]);
  return (await presentRows(ctx.tenant, [row!]))[0]!;
}

/** Where items may be put: an existing location of the customer, not the Removed root. */
async function checkLocations(tenant: TenantScope, uuids: readonly string[]): Promise<Map<string, string | null>> {
  const rows = await findLocationsByUuid(tenant, [...new Set(uuids)]);
  const problems = new Map<string, string | null>(uuids.map((uuid) => [uuid, M.invalidLocation]));
  for (const row of rows) problems.set(row.uuid, row.special === 'removed' ? M.removedLocation : null);
  return problems;
}

function checkAttributes(
  detail: Detail,
  prefix: string,
  fields: CategoryField[],
  values: AttributeValue[],
): AttributeValue[] {
  for (const issue of itemAttributeIssues(fields, values)) add(detail, `${prefix}${issue.path}`, issue.message);
  return completeAttributes(fields, values, 'item');
}

function throwIfAny(detail: Detail) {
  if (Object.keys(detail).length > 0) throw validationError(detail);
}

function isUniqueCodeViolation(error: unknown): boolean {
  return uniqueViolation(error)?.where.includes('code') ?? false;
}

/** POST /tag-data/tag/ */
export async function createItem(ctx: ServiceContext, input: ItemCreate): Promise<Item> {
  const tenant = ctx.tenant;
  const detail: Detail = {};
  if ((await findTakenCodes(tenant, [input.code])).size > 0) add(detail, 'code', 'epcTaken');
  const resolution = (await resolveProducts(tenant, [input.code], new Map([[input.code, input.product__sku]]))).get(
    input.code,
  )!;
  const product = 'error' in resolution ? null : resolution;
  if ('error' in resolution) add(detail, 'product__sku', resolution.error);
  const location = input.location ?? (await findSpecialRoot(tenant, 'unassigned'));
  const locationProblem = (await checkLocations(tenant, [location])).get(location);
  if (locationProblem) add(detail, 'location', locationProblem);
  const fields = product ? await fieldsOf(tenant, product.categoryId) : [];
  const attributes = product ? checkAttributes(detail, '', fields, input.attributes) : [];
  throwIfAny(detail);
  if (!product) throw validationError(detail);
  const { name, ...metadata } = input.metadata;
  let id: number;
  try {
    [id] = (await insertItemRows(tenant, [
      {
        code: input.code,
        productId: product.productId,
        name: name ?? '',
        metadata,
        attributes,
        status: input.status,
        locationUuid: location,
      },
    ])) as [number];
  } catch (error) {
    if (isUniqueCodeViolation(error)) throw validationError({ code: [M.epcTaken] });
    throw error;
  }
  ctx.log.info({ item: id }, 'item created');
  return getItem(ctx, id);
}

async function fieldsOf(tenant: TenantScope, categoryId: number | null): Promise<CategoryField[]> {
  if (categoryId === null) return [];
  return (await categoryFieldsByCategory(tenant, [categoryId])).get(categoryId) ?? [];
}

/**
 * Checks a list of changes against the items and answers what to write, or the problems keyed
 * `<prefix><field>` (prefix `<index>.` for bulk). The product of an item may change only to
 * what its EPC allows (resolveProducts) and never away from a product whose effective encoding is
 * not LOOKUP (01 §2.11: that needs external encoding tools).
 */
async function prepareUpdates(
  tenant: TenantScope,
  changes: ItemBulkUpdate,
  prefixOf: (index: number) => string,
): Promise<PreparedUpdate[]> {
  const rows = await requireItems(
    tenant,
    changes.map((c) => c.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const encodings: Encoding[] = await listEncodings(tenant);
  const currentProducts = new Map(
    (
      await findProductMethodsById(
        tenant,
        rows.map((r) => r.productId),
      )
    ).map((p) => [p.id, p]),
  );
  const productChanges = changes.filter(
    (c) => c.product__sku !== undefined && c.product__sku !== byId.get(c.id)!.productSku,
  );
  const resolutions = await resolveProducts(
    tenant,
    productChanges.map((c) => byId.get(c.id)!.code),
    new Map(productChanges.map((c) => [byId.get(c.id)!.code, c.product__sku])),
    encodings,
  );
  const locationProblems = await checkLocations(
    tenant,
    changes.map((c) => c.location).filter((l): l is string => l !== undefined),
  );
  const categoryIds = [
    ...rows.map((r) => r.categoryId),
    ...[...resolutions.values()].map((r) => ('error' in r ? null : r.categoryId)),
  ];
  const fields = await categoryFieldsByCategory(
    tenant,
    categoryIds.filter((id): id is number => id !== null),
  );

  const detail: Detail = {};
  const updates = changes.map((change, index) => {
    const prefix = prefixOf(index);
    const row = byId.get(change.id)!;
    const set: Partial<ItemInsert> = {};
    let categoryId = row.categoryId;
    let productChanged = false;
    if (change.product__sku !== undefined && change.product__sku !== row.productSku) {
      const current = currentProducts.get(row.productId)!;
      const resolution = resolutions.get(row.code)!;
      if (current.special !== 'unassigned' && methodOf(current, encodings) !== 'LOOKUP') {
        add(detail, `${prefix}product__sku`, 'epcNotForProduct');
      } else if ('error' in resolution) {
        add(detail, `${prefix}product__sku`, resolution.error);
      } else {
        set.productId = resolution.productId;
        categoryId = resolution.categoryId;
        productChanged = true;
      }
    }
    if (change.location !== undefined) {
      const problem = locationProblems.get(change.location);
      if (problem) add(detail, `${prefix}location`, problem);
      else if (change.location !== row.locationUuid) set.locationUuid = change.location;
    }
    if (change.status !== undefined && change.status !== row.status) set.status = change.status;
    if (set.status !== undefined || set.locationUuid !== undefined) set.latestStatusUpdate = new Date();
    if (change.metadata !== undefined) {
      const { name, ...metadata } = change.metadata;
      if (name !== undefined) set.name = name;
      set.metadata = { ...row.metadata, ...metadata };
    }
    if (change.attributes !== undefined || productChanged) {
      const values = change.attributes ?? (categoryId === row.categoryId ? row.attributes : []);
      const own = categoryId === null ? [] : (fields.get(categoryId) ?? []);
      set.attributes = checkAttributes(detail, prefix, own, values);
    }
    return { id: row.id, set, row };
  });
  throwIfAny(detail);
  return updates;
}

interface PreparedUpdate {
  id: number;
  set: Partial<ItemInsert>;
  row: ItemListRow;
}

/** Writes the updates, and a history row for each item whose location or status they change. */
async function applyUpdates(tenant: TenantScope, updates: readonly PreparedUpdate[]): Promise<void> {
  for (const { id, set } of updates) {
    if (Object.keys(set).length > 0) await updateItemRow(tenant, id, set);
  }
  await insertManualHistory(
    tenant,
    updates
      .filter(({ set }) => set.locationUuid !== undefined || set.status !== undefined)
      .map(({ row, set }) => ({
        itemId: row.id,
        epc: row.code,
        locationUuid: set.locationUuid ?? row.locationUuid,
        previousLocationUuid: row.locationUuid,
        status: set.status ?? row.status,
        happenedAt: set.latestStatusUpdate ?? new Date(),
      })),
  );
}

/** PATCH /tag-data/tag/{id}/ */
export async function updateItem(ctx: ServiceContext, id: number, input: ItemUpdate): Promise<Item> {
  await ctx.tenant.transaction(async (tenant) => {
    await applyUpdates(tenant, await prepareUpdates(tenant, [{ ...input, id }], () => ''));
  });
  return getItem(ctx, id);
}

/** PATCH /tag-data/tag/: every change or none; problems keyed `<index>.<field>`. */
export async function bulkUpdateItems(ctx: ServiceContext, changes: ItemBulkUpdate): Promise<{ count: number }> {
  if (new Set(changes.map((c) => c.id)).size !== changes.length) {
    throw new AppError('ValidationError', { non_field_errors: [M.invalidValue] });
  }
  const count = await ctx.tenant.transaction(async (tenant) => {
    const updates = await prepareUpdates(tenant, changes, (index) => `${index}.`);
    await applyUpdates(tenant, updates);
    return updates.length;
  });
  ctx.log.info({ items: count }, 'items updated');
  return { count };
}

/** DELETE /tag-data/tag/{id}/ and the bulk delete: marks items removed (into the Removed root). */
export async function removeItems(ctx: ServiceContext, ids: readonly number[]): Promise<void> {
  const removed = await ctx.tenant.transaction(async (tenant) => {
    const rows = await requireItems(tenant, ids);
    const removedRoot = await findSpecialRoot(tenant, 'removed');
    const count = await markItemsRemoved(tenant, ids, removedRoot);
    const now = new Date();
    await insertManualHistory(
      tenant,
      rows
        .filter((row) => !row.removed)
        .map((row) => ({
          itemId: row.id,
          epc: row.code,
          locationUuid: removedRoot,
          previousLocationUuid: row.locationUuid,
          status: row.status,
          happenedAt: now,
        })),
    );
    return count;
  });
  ctx.log.info({ items: removed }, 'items removed');
}

/** POST /tag-data/tag/restore/: back where they were, or to the Unassigned root if that is gone. */
export async function restoreItems(ctx: ServiceContext, ids: readonly number[]): Promise<{ count: number }> {
  const count = await ctx.tenant.transaction(async (tenant) => {
    const rows = await requireItems(tenant, ids);
    if (rows.some((row) => !row.removed)) throw validationError({ ids: [M.itemNotRemoved] });
    const unassigned = await findSpecialRoot(tenant, 'unassigned');
    const targets = await checkLocations(
      tenant,
      rows.map((r) => r.restoreLocationUuid).filter((uuid): uuid is string => uuid !== null),
    );
    const byTarget = new Map<string, number[]>();
    for (const row of rows) {
      const back = row.restoreLocationUuid;
      const location = back !== null && targets.get(back) === null ? back : unassigned;
      byTarget.set(location, [...(byTarget.get(location) ?? []), row.id]);
    }
    for (const [location, itemIds] of byTarget) await restoreItemRows(tenant, itemIds, location);
    const now = new Date();
    const byId = new Map(rows.map((row) => [row.id, row]));
    await insertManualHistory(
      tenant,
      [...byTarget].flatMap(([location, itemIds]) =>
        itemIds.map((itemId) => {
          const row = byId.get(itemId)!;
          return {
            itemId,
            epc: row.code,
            locationUuid: location,
            previousLocationUuid: row.locationUuid,
            status: row.status,
            happenedAt: now,
          };
        }),
      ),
    );
    return rows.length;
  });
  ctx.log.info({ items: count }, 'items restored');
  return { count };
}

// Other modules read items' locations through this service (its public face).
export { findLocationsByUuid } from './items.repository.js';
