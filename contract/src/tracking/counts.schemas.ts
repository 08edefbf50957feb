import { z } from 'zod';
import { ListQuerySchema, orderingSchema } from '../common/pagination.js';

/**
 * Inventory counts (03 §7 "Inventory sessions and counts"). Counts are of items present: status
 * 'in' unless a `status` list (in, out, lost, comma-separated) says otherwise. Removed items (under
 * the Removed root) are never counted. `exclude_product` is a comma-separated SKU list, usually
 * 'Unassigned'. See docs/counts.md.
 */
const flag = z.enum(['true', 'false', '1', '0']).optional();
const list = z.string().max(4000).optional();

/** One product's count (GET /tag-data/product/fullcount/serialized/). */
export const ProductFullCountSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  product_code: z.string().nullable(),
  category: z.number().int().nullable(),
  category__name: z.string().nullable(),
  /** Items of the statuses asked for (default 'in'). */
  count: z.number().int(),
  in: z.number().int(),
  out: z.number().int(),
  lost: z.number().int(),
});
export type ProductFullCount = z.infer<typeof ProductFullCountSchema>;

/** Product orderings of the count lists: `sku` and `name` (the rows' own fields) are `product__sku` and `product__name`. */
const PRODUCT_COUNT_ORDERING = ['product__name', 'product__sku', 'name', 'sku', 'product_code', 'count'] as const;

export const PRODUCT_FULLCOUNT_ORDERING = PRODUCT_COUNT_ORDERING;
export const PRODUCT_FULLCOUNT_DEFAULT_ORDERING = 'product__name';

/** `inventory=true` keeps products holding items of the statuses asked for; `product` is a SKU list. */
export const ProductFullCountQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(PRODUCT_FULLCOUNT_ORDERING),
  inventory: flag,
  category: z.coerce.number().int().optional(),
  noncategorized: flag,
  product: list,
  exclude_product: list,
  status: z.string().max(50).optional(),
});
export type ProductFullCountQuery = z.infer<typeof ProductFullCountQuerySchema>;

/** Inventory count row (01 §3): a product at a location. */
export const InventoryCountRowSchema = z.object({
  sku: z.string(),
  name: z.string(),
  product_code: z.string().nullable(),
  location: z.uuid(),
  location_name: z.string(),
  count: z.number().int(),
});
export type InventoryCountRow = z.infer<typeof InventoryCountRowSchema>;

/** `location` and `location_name` both order by the location's name. */
export const LOCATION_ITEMCOUNT_ORDERING = [...PRODUCT_COUNT_ORDERING, 'location', 'location_name'] as const;
export const LOCATION_ITEMCOUNT_DEFAULT_ORDERING = 'product__name';

/**
 * GET /tag-data/location/itemcount/ and its CSV export: one row per product and location where
 * it is held. `location` (uuid list) takes each location with its subtree; `type` is accepted
 * ('current' is the only kind).
 */
export const LocationItemCountQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(LOCATION_ITEMCOUNT_ORDERING),
  type: z.string().max(20).optional(),
  location: list,
  product: list,
  exclude_product: list,
  category: z.coerce.number().int().optional(),
  noncategorized: flag,
  count_min: z.coerce.number().int().min(0).optional(),
  status: z.string().max(50).optional(),
});
export type LocationItemCountQuery = z.infer<typeof LocationItemCountQuerySchema>;

/** A location's total (items held directly there). */
export const LocationTotalSchema = z.object({
  location: z.uuid(),
  location_name: z.string(),
  count: z.number().int(),
});
export type LocationTotal = z.infer<typeof LocationTotalSchema>;

export const LOCATION_TOTALS_ORDERING = ['location', 'location_name', 'count'] as const;
export const LOCATION_TOTALS_DEFAULT_ORDERING = 'location';

/**
 * GET /tag-data/location/itemcount/totals/ (and /recalculate/). `location_root` a uuid: only that
 * root's subtree; 'true': one total per root location, summed over its subtree.
 */
export const LocationTotalsQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(LOCATION_TOTALS_ORDERING),
  location: list,
  product: list,
  exclude_product: list,
  count_min: z.coerce.number().int().min(0).optional(),
  location_root: z.string().max(100).optional(),
  status: z.string().max(50).optional(),
});
export type LocationTotalsQuery = z.infer<typeof LocationTotalsQuerySchema>;

/** Per location: items held there (`count`) and in its whole subtree (`total`). */
export const LocationInventoryCountSchema = z.object({
  location: z.uuid(),
  count: z.number().int(),
  total: z.number().int(),
});
export type LocationInventoryCount = z.infer<typeof LocationInventoryCountSchema>;

export const InventoryCountQuerySchema = z.object({
  exclude_product: list,
  status: z.string().max(50).optional(),
});
export type InventoryCountQuery = z.infer<typeof InventoryCountQuerySchema>;

export const LOCATION_PRODUCTCOUNT_ORDERING = PRODUCT_COUNT_ORDERING;
export const LOCATION_PRODUCTCOUNT_DEFAULT_ORDERING = 'product__name';

/** GET /tag-data/v2/location/productcount/{locationId}/: per product over the location's subtree. */
export const LocationProductCountQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(LOCATION_PRODUCTCOUNT_ORDERING),
  exclude_product: list,
  status: z.string().max(50).optional(),
  export: z.enum(['csv']).optional(),
});
export type LocationProductCountQuery = z.infer<typeof LocationProductCountQuerySchema>;
