import {
  canToggleActive,
  deleteRefusal,
  MESSAGE_KEYS as M,
  wouldCreateCycle,
  type LeafRemaining,
  type Location,
  type LocationCounts,
  type LocationCreate,
  type LocationUpdate,
} from '@tagtrack/contract';
import { findOwnCustomer } from '../identity/customers.service.js';
import type { TenantScope } from '../../db/tenant.js';
import type { CachedScope, ServiceContext } from '../../lib/context.js';
import { AppError, notFound, validationError } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { countItemsByLocation, productIdsByLocation } from './location-counts.repository.js';
import { buildTree, filterTree, findNode, subtreeProducts, subtreeUuids } from './location-tree.js';
import { SUBTREE_PRODUCTS, subtreeProductsKey } from './subtree-products-cache.js';
import {
  countChildren,
  countLeaves,
  deleteLocationRow,
  findAllLocations,
  findFileStats,
  findLocation,
  findStorageKeysUnder,
  insertLocation,
  lockTree,
  updateLocation,
  type LocationRow,
} from './locations.repository.js';

const refuse = (message: string) => new AppError('ValidationError', message);

/** Every screen's location picker reads the tree; its product counts are kept while they hold (ctx.caches). */
async function loadTree({ tenant, caches }: CachedScope): Promise<Location[]> {
  const [rows, counts, files] = await Promise.all([
    findAllLocations(tenant),
    countItemsByLocation(tenant),
    findFileStats(tenant),
  ]);
  // The products are read after the key (above), so what is kept is never older than its key.
  const key = subtreeProductsKey(rows, counts.productChanges);
  const cache = caches.of(SUBTREE_PRODUCTS);
  let products = cache.get(tenant.customerId, key);
  if (!products) {
    products = subtreeProducts(rows, await productIdsByLocation(tenant));
    cache.set(tenant.customerId, key, products);
  }
  return buildTree({ rows, items: counts.items, products, files });
}

export interface ListOptions {
  onlyRoot: boolean;
  concrete: boolean;
  search?: string;
}

/** GET /configuration/location/: the customer's tree (roots with nested children). */
export async function listLocations(ctx: ServiceContext, options: ListOptions): Promise<Location[]> {
  let roots = await loadTree(ctx);
  if (options.concrete) roots = roots.filter((r) => r.special === null);
  if (options.search) roots = filterTree(roots, options.search);
  if (options.onlyRoot) roots = roots.map((r) => ({ ...r, children: [] }));
  return roots;
}

async function present(scope: CachedScope, uuid: string): Promise<Location> {
  const node = findNode(await loadTree(scope), uuid);
  if (!node) throw notFound();
  return node;
}

export async function getLocation(ctx: ServiceContext, uuid: string): Promise<Location> {
  return present(ctx, uuid);
}

async function requireLocation(tenant: TenantScope, uuid: string): Promise<LocationRow> {
  const row = await findLocation(tenant, uuid);
  if (!row) throw notFound();
  return row;
}

async function leafLimit(tenant: TenantScope): Promise<number | null> {
  return (await findOwnCustomer(tenant))?.leafLocationLimit ?? null;
}

export async function getLeafRemaining(ctx: ServiceContext): Promise<LeafRemaining> {
  const [limit, leaves] = await Promise.all([leafLimit(ctx.tenant), countLeaves(ctx.tenant)]);
  return {
    limit,
    leaf_locations: leaves,
    leaf_locations_remaining: limit === null ? null : Math.max(0, limit - leaves),
  };
}

/**
 * Refuses a change that leaves more leaves than the subscription allows, unless it did not add
 * any (an existing excess, e.g. after a lower limit, never blocks edits that do not grow it).
 */
async function checkLeafLimit(tenant: TenantScope, leavesBefore: number) {
  const limit = await leafLimit(tenant);
  if (limit === null) return;
  const after = await countLeaves(tenant);
  if (after > limit && after > leavesBefore) throw refuse(M.leafLimitReached);
}

async function checkParent(tenant: TenantScope, parentUuid: string | null, movingUuid?: string) {
  if (parentUuid === null) return;
  const parent = await findLocation(tenant, parentUuid);
  if (!parent) throw validationError({ parent: [M.invalidLocation] });
  if (parent.special) throw validationError({ parent: [M.specialLocationLocked] });
  if (movingUuid) {
    const rows = await findAllLocations(tenant);
    const parents = new Map(rows.map((r) => [r.uuid, r.parentUuid]));
    if (wouldCreateCycle(movingUuid, parentUuid, (uuid) => parents.get(uuid))) {
      throw validationError({ parent: [M.locationParentItself] });
    }
  }
}

export async function createLocation(ctx: ServiceContext, input: LocationCreate): Promise<Location> {
  const uuid = await ctx.tenant.transaction(async (tenant) => {
    await lockTree(tenant);
    await checkParent(tenant, input.parent);
    const before = await countLeaves(tenant);
    const row = await insertLocation(tenant, { parentUuid: input.parent, name: input.name, metadata: input.metadata });
    await checkLeafLimit(tenant, before);
    return row.uuid;
  });
  ctx.log.info({ location: uuid }, 'location created');
  return present(ctx, uuid);
}

export async function updateLocationById(ctx: ServiceContext, uuid: string, input: LocationUpdate): Promise<Location> {
  await ctx.tenant.transaction(async (tenant) => {
    await lockTree(tenant);
    const row = await requireLocation(tenant, uuid);
    if (row.special) throw refuse(M.specialLocationLocked);
    const moving = input.parent !== undefined && input.parent !== row.parentUuid;
    if (moving) await checkParent(tenant, input.parent ?? null, uuid);
    const before = await countLeaves(tenant);
    await updateLocation(tenant, uuid, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.metadata !== undefined ? { metadata: input.metadata } : {}),
      ...(moving ? { parentUuid: input.parent ?? null } : {}),
    });
    if (moving) await checkLeafLimit(tenant, before);
  });
  return present(ctx, uuid);
}

export async function setActive(ctx: ServiceContext, uuid: string, active: boolean): Promise<Location> {
  await ctx.tenant.transaction(async (tenant) => {
    await lockTree(tenant);
    const row = await requireLocation(tenant, uuid);
    if (row.special) throw refuse(M.specialLocationLocked);
    if (!canToggleActive({ special: row.special, childCount: await countChildren(tenant, uuid) })) {
      throw refuse(M.toggleOnlyLeaves);
    }
    await updateLocation(tenant, uuid, { active });
  });
  return present(ctx, uuid);
}

export async function getLocationCounts(ctx: ServiceContext, uuid: string): Promise<LocationCounts> {
  const node = await present(ctx, uuid);
  return { location: node.uuid, items: node.items, products: node.products };
}

const REFUSALS = {
  special: M.specialLocationLocked,
  root: M.rootCannotBeDeleted,
  children: M.locationHasChildren,
  items: M.locationHasItems,
} as const;

export async function deleteLocation(ctx: ServiceContext, storage: FileStorage, uuid: string): Promise<void> {
  const keys = await ctx.tenant.transaction(async (tenant) => {
    await lockTree(tenant);
    const row = await requireLocation(tenant, uuid);
    const node = await present({ tenant, caches: ctx.caches }, uuid);
    const refusal = deleteRefusal({
      parent: row.parentUuid,
      special: row.special,
      childCount: node.children.length,
      items: node.items,
    });
    if (refusal) throw refuse(REFUSALS[refusal]);
    const storageKeys = await findStorageKeysUnder(tenant, subtreeUuids(node));
    await deleteLocationRow(tenant, uuid);
    return storageKeys;
  });
  // The rows are gone (files cascade with the location): now the bytes.
  await Promise.all(
    keys.map((key) =>
      storage.remove(key).catch((err: unknown) => ctx.log.error({ err, key }, 'file bytes not removed')),
    ),
  );
  ctx.log.info({ location: uuid }, 'location deleted');
}

export { loadTree };

// Provisioning (system/) gives a new customer its special roots through this service.
export { ensureSpecialRoots } from './locations.repository.js';
