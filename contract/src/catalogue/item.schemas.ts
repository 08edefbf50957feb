import { z } from 'zod';
import { ListQuerySchema, orderingSchema, MAX_PAGE_SIZE, pageSizeSchema } from '../common/pagination.js';
import { CategoryFieldSchema } from './category.schemas.js';
import { AttributeValueInputSchema, AttributeValueSchema } from './product.schemas.js';
import {
  EPC_MAX_HEX,
  ITEM_NAME_MAX,
  ITEM_PAGE_SIZE_DEFAULT,
  ITEM_STATUSES,
  SKU_MAX_LENGTH,
} from './catalogue.limits.js';

export const ItemStatusSchema = z.enum(ITEM_STATUSES);

export const ItemMetadataSchema = z
  .object({ name: z.string().trim().max(ITEM_NAME_MAX, 'nameMaxLength').optional() })
  .catchall(z.unknown());

/** An item (asset) as the API answers it (01 §3). */
export const ItemSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  metadata: ItemMetadataSchema,
  product__sku: z.string(),
  product__name: z.string(),
  product__product_code: z.string().nullable(),
  category: z.number().int().nullable(),
  category__name: z.string().nullable(),
  category_fields: z.array(CategoryFieldSchema),
  attributes: z.array(AttributeValueSchema),
  status: ItemStatusSchema,
  location: z.uuid(),
  location_name: z.string(),
  removed: z.boolean(),
  latest_status_update: z.string(),
  created_at: z.string(),
});
export type Item = z.infer<typeof ItemSchema>;

/** An EPC as typed: hexadecimal, a whole number of 16-bit words; stored upper-case. */
export const EpcSchema = z
  .string({ error: 'requiredEpc' })
  .trim()
  .min(1, 'requiredEpc')
  .max(EPC_MAX_HEX, 'invalidEpc')
  .refine((v) => v === '' || /^([0-9A-Fa-f]{4})+$/.test(v), 'invalidEpc')
  .transform((v) => v.toUpperCase());

/** POST /tag-data/tag/ */
export const ItemCreateSchema = z.object({
  code: EpcSchema,
  product__sku: z.string().trim().max(SKU_MAX_LENGTH).optional(),
  metadata: ItemMetadataSchema.optional().default({}),
  location: z.uuid({ error: 'invalidLocation' }).optional(),
  status: ItemStatusSchema.optional().default('in'),
  attributes: z.array(AttributeValueInputSchema).optional().default([]),
});
export type ItemCreate = z.infer<typeof ItemCreateSchema>;

/** PATCH /tag-data/tag/{id}/ */
export const ItemUpdateSchema = z.object({
  product__sku: z.string().trim().max(SKU_MAX_LENGTH).optional(),
  metadata: ItemMetadataSchema.optional(),
  location: z.uuid({ error: 'invalidLocation' }).optional(),
  status: ItemStatusSchema.optional(),
  attributes: z.array(AttributeValueInputSchema).optional(),
});
export type ItemUpdate = z.infer<typeof ItemUpdateSchema>;

export const BULK_MAX = 10_000;
/** PATCH /tag-data/tag/: a list of {id, …changes}, applied all or nothing. */
export const ItemBulkUpdateSchema = z
  .array(ItemUpdateSchema.extend({ id: z.number().int() }))
  .min(1)
  .max(BULK_MAX);
export type ItemBulkUpdate = z.infer<typeof ItemBulkUpdateSchema>;

/** DELETE /tag-data/tag/ and POST /tag-data/tag/restore/ */
export const ItemIdsSchema = z.object({ ids: z.array(z.number().int()).min(1).max(BULK_MAX) });
export type ItemIds = z.infer<typeof ItemIdsSchema>;

export const ITEM_ORDERING = [
  'code',
  'metadata__name',
  'product__sku',
  'product__name',
  'status',
  'location',
  'latest_status_update',
  'created_at',
  'id',
] as const;

const flag = z.enum(['true', 'false', '1', '0']).optional();

/** GET /tag-data/tag/: location and product take one value or a comma-separated list. */
export const ItemListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(ITEM_ORDERING),
  page_size: pageSizeSchema(MAX_PAGE_SIZE, ITEM_PAGE_SIZE_DEFAULT),
  location: z.string().max(4000).optional(),
  product: z.string().max(4000).optional(),
  status: z.string().max(50).optional(),
  exclude_product: z.string().max(200).optional(),
  removed: flag,
  category: z.coerce.number().int().optional(),
  noncategorized: flag,
});
export type ItemListQuery = z.infer<typeof ItemListQuerySchema>;

/** GET /tag-data/tag/export/csv/: the list's filters and ordering, without paging. */
export const ItemExportQuerySchema = ItemListQuerySchema.omit({ page: true, page_size: true });
export type ItemExportQuery = z.infer<typeof ItemExportQuerySchema>;
