import type { TenantScope } from '../../db/tenant.js';

export interface ItemCounts {
  items: number;
  products: number;
}

/**
 * Items and distinct products held directly at each location. Items are tracked by the item
 * area; until its table exists no location holds any, so every count is zero and the
 * "holds items" delete rule never fires.
 */
export async function countItemsByLocation(
  _tenant: TenantScope,
): Promise<Map<string, ItemCounts & { productIds: Set<string> }>> {
  return new Map();
}
