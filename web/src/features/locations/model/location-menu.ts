import {
  canToggleActive,
  deleteRefusal,
  leafLimitReached,
  type DeleteRefusal,
  type Location,
  type ValidationMessageKey,
} from '@tagtrack/contract';

export type LocationAction =
  'add' | 'edit' | 'activate' | 'deactivate' | 'delete' | 'images' | 'floorPlan' | 'details' | 'items' | 'inventory';

export interface LocationMenuEntry {
  action: LocationAction;
  /** Set when the entry is shown but disabled: the validation message saying why. */
  disabledReason?: ValidationMessageKey;
}

export interface LocationMenuContext {
  /** The user holds `location:write` (administrator, operator, application). */
  canWrite: boolean;
  /** Whether a console route (by its table pattern) exists in this deployment. */
  routeExists: (path: string) => boolean;
  /** Leaf locations the subscription still allows; null is unlimited. */
  leafRemaining: number | null;
}

/** The console pages the menu links to, by their route table patterns. */
export const LOCATION_LINKS = {
  items: '/',
  inventory: '/location/inventory/:uuid',
  images: '/location/images/:uuid',
  floorPlan: '/location/:locationId',
} as const;

const DELETE_REASONS: Record<Exclude<DeleteRefusal, 'special'>, ValidationMessageKey> = {
  root: 'rootCannotBeDeleted',
  children: 'locationHasChildren',
  items: 'locationHasItems',
};

/**
 * The entries of a node's context menu (spec 03 §2, §6): write entries only for writers and never
 * on the special roots; Activate/Deactivate only for a node without children; Delete disabled for a
 * root, a node with children or one holding items; Floor Plan only for a node with children; links
 * only to routes that exist.
 */
export function locationMenuEntries(node: Location, ctx: LocationMenuContext): LocationMenuEntry[] {
  const entries: LocationMenuEntry[] = [];
  const writable = ctx.canWrite && node.special === null;
  if (writable) {
    entries.push(
      leafLimitReached(ctx.leafRemaining, node.children.length)
        ? { action: 'add', disabledReason: 'leafLimitReached' }
        : { action: 'add' },
      { action: 'edit' },
    );
    if (canToggleActive({ special: node.special, childCount: node.children.length })) {
      entries.push({ action: node.active ? 'deactivate' : 'activate' });
    }
    const refusal = deleteRefusal({
      parent: node.parent,
      special: node.special,
      childCount: node.children.length,
      items: node.items,
    });
    entries.push(
      refusal && refusal !== 'special'
        ? { action: 'delete', disabledReason: DELETE_REASONS[refusal] }
        : { action: 'delete' },
    );
  }
  if (ctx.routeExists(LOCATION_LINKS.images)) entries.push({ action: 'images' });
  if (node.children.length > 0 && ctx.routeExists(LOCATION_LINKS.floorPlan)) entries.push({ action: 'floorPlan' });
  entries.push({ action: 'details' });
  if (ctx.routeExists(LOCATION_LINKS.items)) entries.push({ action: 'items' });
  if (ctx.routeExists(LOCATION_LINKS.inventory)) entries.push({ action: 'inventory' });
  return entries;
}

/** Inactive locations are greyed, unless they have children (spec 03 §2). */
export function isGreyed(node: Location): boolean {
  return !node.active && node.children.length === 0;
}
