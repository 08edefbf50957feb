import { z } from 'zod';
import { ListQuerySchema, orderingSchema } from '../common/pagination.js';
import { CategoryFieldSchema } from './category.schemas.js';
import {
  ATTRIBUTE_VALUE_MAX,
  DESCRIPTION_MAX,
  PRODUCT_CODE_MAX,
  PRODUCT_NAME_MAX,
  SKU_MAX_LENGTH,
} from './catalogue.limits.js';

/** The value of one category attribute on a product or an item. */
export const AttributeValueSchema = z.object({
  datafield: z.number().int(),
  name: z.string().optional().default(''),
  value: z.string().max(ATTRIBUTE_VALUE_MAX).nullable(),
});
export type AttributeValue = z.infer<typeof AttributeValueSchema>;

/**
 * An attribute value as a client sends it: text, or a JSON number or boolean, kept as the text a
 * form would send (12.5 → '12.5', true → 'true'). Whether it fits its field (a number for Number,
 * a date for DateTime) is the attribute rules' check; DateTime values are normalised there.
 */
export const AttributeValueTextSchema = z
  .union([z.string().max(ATTRIBUTE_VALUE_MAX), z.number(), z.boolean()], {
    error: 'Enter text, a number or true or false.',
  })
  .transform((value) => (typeof value === 'string' ? value : String(value)));

/** One attribute value in a create or update: the value as text, a number or a boolean. */
export const AttributeValueInputSchema = AttributeValueSchema.extend({ value: AttributeValueTextSchema.nullable() });

export const METADATA_ENTRY_TYPES = ['text', 'list', 'date', 'number'] as const;
/** A custom metadata entry of a product (01 §3). */
export const MetadataEntrySchema = z.object({
  key: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(150),
  type: z.enum(METADATA_ENTRY_TYPES),
  value: z.string({ error: 'requiredField' }).trim().min(1, 'requiredField').max(ATTRIBUTE_VALUE_MAX),
});
export type MetadataEntry = z.infer<typeof MetadataEntrySchema>;

/** Product metadata: description, the sensor flag as the strings 'true'/'false', custom entries. */
export const ProductMetadataSchema = z
  .object({
    description: z.string().max(DESCRIPTION_MAX).optional(),
    sensor_product: z.enum(['true', 'false']).optional(),
    fields: z.array(MetadataEntrySchema).optional(),
  })
  .catchall(z.unknown());
export type ProductMetadata = z.infer<typeof ProductMetadataSchema>;

export const ProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  product_code: z.string().nullable(),
  category: z.number().int().nullable(),
  category__name: z.string().nullable(),
  /** The parent of the product's category when that is a subcategory. */
  category__parent: z.number().int().nullable(),
  encoding: z.number().int().nullable(),
  metadata: ProductMetadataSchema,
  attributes: z.array(AttributeValueSchema),
  category_fields: z.array(CategoryFieldSchema),
  item_count: z.number().int(),
  created_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

const ProductNameSchema = z
  .string({ error: 'requiredProductName' })
  .trim()
  .min(1, 'requiredProductName')
  .max(PRODUCT_NAME_MAX, 'nameMaxLength');

/** Empty text means no product code. */
const ProductCodeSchema = z
  .string()
  .trim()
  .max(PRODUCT_CODE_MAX)
  .nullable()
  .transform((v) => (v ? v : null));

/**
 * POST /master-data/product/. The SKU's rules depend on the encoding (skuError in sku.rules.ts);
 * attribute rules on the category (product.rules.ts): both run on the server and in the forms.
 */
export const ProductCreateSchema = z.object({
  sku: z.string({ error: 'requiredSku' }).trim().min(1, 'requiredSku').max(SKU_MAX_LENGTH, 'invalidSku'),
  name: ProductNameSchema,
  product_code: ProductCodeSchema.optional().default(null),
  category: z.number().int().nullable().optional().default(null),
  encoding: z.number().int().nullable().optional().default(null),
  metadata: ProductMetadataSchema.optional().default({}),
  attributes: z.array(AttributeValueInputSchema).optional().default([]),
});
export type ProductCreate = z.infer<typeof ProductCreateSchema>;

/** PATCH /master-data/product/{sku}/ */
export const ProductUpdateSchema = z.object({
  name: ProductNameSchema.optional(),
  product_code: ProductCodeSchema.optional(),
  category: z.number().int().nullable().optional(),
  encoding: z.number().int().nullable().optional(),
  metadata: ProductMetadataSchema.optional(),
  attributes: z.array(AttributeValueInputSchema).optional(),
});
export type ProductUpdate = z.infer<typeof ProductUpdateSchema>;

export const PRODUCT_ORDERING = ['sku', 'name', 'product_code', 'category__name', 'created_at', 'id'] as const;

/** GET /master-data/product/: category -1 all, 0 none, or an id (with its subcategories). */
export const ProductListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(PRODUCT_ORDERING),
  category: z.coerce.number().int().min(-1).optional(),
  has_category: z.enum(['true', 'false']).optional(),
  metadata: z.string().max(200).optional(),
  exclude_product: z.string().max(200).optional(),
});
export type ProductListQuery = z.infer<typeof ProductListQuerySchema>;
