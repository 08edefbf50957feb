import { z } from 'zod';
import { ListQuerySchema, orderingSchema } from '../common/pagination.js';
import { ATTRIBUTE_TYPES, ATTRIBUTE_VALUE_MAX, CATEGORY_NAME_MAX, DESCRIPTION_MAX } from './catalogue.limits.js';

export const AttributeTypeSchema = z.enum(ATTRIBUTE_TYPES);

/** A custom attribute of a category (01 §3): asset_data true means it applies to individual items only. */
export const CategoryFieldSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: AttributeTypeSchema,
  required: z.boolean(),
  default_value: z.string().nullable(),
  fixed_data: z.boolean(),
  fixed_value: z.string().nullable(),
  asset_data: z.boolean(),
  show_in_table: z.boolean(),
  options: z.array(z.string()),
});
export type CategoryField = z.infer<typeof CategoryFieldSchema>;

const OptionalText = z.string().trim().max(ATTRIBUTE_VALUE_MAX).nullable().optional();

/**
 * An attribute as forms and the API send it. The rules of 01 §4–5 on top of the shape (fixed
 * value required when fixed; list options; value types) are `categoryFieldIssues` in
 * category.rules.ts, shared by the server and the form.
 */
export const CategoryFieldInputSchema = z.object({
  id: z.number().int().optional(),
  name: z.string({ error: 'requiredAttributeName' }).trim().min(1, 'requiredAttributeName').max(CATEGORY_NAME_MAX),
  type: AttributeTypeSchema,
  required: z.boolean().default(false),
  default_value: OptionalText,
  fixed_data: z.boolean().default(false),
  fixed_value: OptionalText,
  asset_data: z.boolean().default(false),
  show_in_table: z.boolean().default(false),
  options: z.array(z.string().trim().min(1).max(ATTRIBUTE_VALUE_MAX)).default([]),
});
export type CategoryFieldInput = z.infer<typeof CategoryFieldInputSchema>;

/** A subcategory as nested under its parent. */
export const SubcategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  parent: z.number().int().nullable(),
  encoding: z.number().int().nullable(),
  fields: z.array(CategoryFieldSchema),
});
export type Subcategory = z.infer<typeof SubcategorySchema>;

/** A category (01 §3): one level of subcategories. */
export const CategorySchema = SubcategorySchema.extend({
  subcategories: z.array(SubcategorySchema),
  product_count: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

const CategoryNameSchema = z
  .string({ error: 'requiredCategoryName' })
  .trim()
  .min(1, 'requiredCategoryName')
  .max(CATEGORY_NAME_MAX, 'nameMaxLength');

/** POST /tag-data/category/ */
export const CategoryCreateSchema = z.object({
  name: CategoryNameSchema,
  description: z.string().trim().max(DESCRIPTION_MAX).default(''),
  parent: z.number().int().nullable().default(null),
  encoding: z.number().int().nullable().default(null),
  fields: z.array(CategoryFieldInputSchema).default([]),
});
export type CategoryCreate = z.infer<typeof CategoryCreateSchema>;

/** PATCH /tag-data/category/{id}/: fields with an id are updated, without one added, missing ones removed. */
export const CategoryUpdateSchema = z.object({
  name: CategoryNameSchema.optional(),
  description: z.string().trim().max(DESCRIPTION_MAX).optional(),
  parent: z.number().int().nullable().optional(),
  encoding: z.number().int().nullable().optional(),
  fields: z.array(CategoryFieldInputSchema).optional(),
});
export type CategoryUpdate = z.infer<typeof CategoryUpdateSchema>;

export const CATEGORY_ORDERING = ['name', 'id', 'created_at'] as const;

/** GET /tag-data/category/ */
export const CategoryListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(CATEGORY_ORDERING),
  only_root: z.enum(['true', 'false', '1', '0']).optional(),
  inventory: z.enum(['true', 'false', '1', '0']).optional(),
});
export type CategoryListQuery = z.infer<typeof CategoryListQuerySchema>;
