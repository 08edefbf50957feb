import {
  categoryIssues,
  normalizeCategoryField,
  pageWindow,
  singleOrdering,
  CATEGORY_ORDERING,
  MESSAGE_KEYS as M,
  type Category,
  type CategoryCreate,
  type CategoryField,
  type CategoryFieldInput,
  type CategoryListQuery,
  type CategoryUpdate,
  type Paged,
  type Subcategory,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { addFieldMessage, notFound, validationError, type FieldMessages } from '../../lib/errors.js';
import { findEncoding } from '../encodings/encodings.service.js';
import {
  countProducts,
  deleteAttributeValues,
  deleteCategoryTree,
  deleteFieldsExcept,
  findCategoriesWithInventory,
  findCategory,
  findCategoryPage,
  findFields,
  findSubcategories,
  insertCategory,
  insertFields,
  renameAttributeValues,
  updateCategoryRow,
  updateField,
  type CategoryFieldRow,
  type CategoryFieldValues,
  type CategoryRow,
} from './categories.repository.js';
import { truthy } from '../../lib/query-params.js';

export function presentField(row: CategoryFieldRow): CategoryField {
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    required: row.required,
    default_value: row.defaultValue,
    fixed_data: row.fixedData,
    fixed_value: row.fixedValue,
    asset_data: row.assetData,
    show_in_table: row.showInTable,
    options: row.options,
  };
}

/** The fields of the given categories, in form order, by category id (one query). */
export async function fieldsByCategory(
  tenant: TenantScope,
  categoryIds: readonly number[],
): Promise<Map<number, CategoryField[]>> {
  const fields = new Map<number, CategoryField[]>();
  for (const row of await findFields(tenant, [...new Set(categoryIds)])) {
    const list = fields.get(row.categoryId) ?? [];
    list.push(presentField(row));
    fields.set(row.categoryId, list);
  }
  return fields;
}

function presentSubcategory(row: CategoryRow, fields: Map<number, CategoryField[]>): Subcategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    parent: row.parentId,
    encoding: row.encodingId,
    fields: fields.get(row.id) ?? [],
  };
}

/**
 * Categories as the API answers them, in a fixed number of queries whatever their number:
 * their subcategories, the fields of both, and product counts (a top-level category counts its
 * subcategories' products too, as the product list's category filter does).
 */
async function present(
  tenant: TenantScope,
  rows: readonly CategoryRow[],
  options: { descending?: boolean; onlyWithInventory?: boolean; search?: string } = {},
): Promise<Category[]> {
  const parents = rows.filter((r) => r.parentId === null).map((r) => r.id);
  let subs = await findSubcategories(tenant, parents);
  if (options.descending) subs = subs.reverse();
  if (options.onlyWithInventory) {
    const stocked = await findCategoriesWithInventory(
      tenant,
      subs.map((s) => s.id),
    );
    subs = subs.filter((s) => stocked.has(s.id));
  }
  if (options.search) {
    // A parent that matches shows all its subcategories; otherwise only the matching ones.
    const needle = options.search.toLowerCase();
    const parentMatches = new Set(rows.filter((r) => r.name.toLowerCase().includes(needle)).map((r) => r.id));
    subs = subs.filter((s) => parentMatches.has(s.parentId!) || s.name.toLowerCase().includes(needle));
  }
  const ids = [...new Set([...rows.map((r) => r.id), ...subs.map((s) => s.id)])];
  const [fields, counts] = await Promise.all([
    fieldsByCategory(tenant, ids),
    countProducts(
      tenant,
      rows.map((r) => r.id),
    ),
  ]);
  const subsOf = new Map<number, CategoryRow[]>();
  for (const s of subs) subsOf.set(s.parentId!, [...(subsOf.get(s.parentId!) ?? []), s]);
  return rows.map((row) => {
    const children = row.parentId === null ? (subsOf.get(row.id) ?? []) : [];
    const count = row.parentId === null ? counts.withSubcategories : counts.own;
    return {
      ...presentSubcategory(row, fields),
      subcategories: children.map((c) => presentSubcategory(c, fields)),
      product_count: count.get(row.id) ?? 0,
    };
  });
}

/** GET /tag-data/category/ */
export async function listCategories(ctx: ServiceContext, query: CategoryListQuery): Promise<Paged<Category>> {
  const order = singleOrdering(query.ordering, CATEGORY_ORDERING, 'name');
  const onlyRoot = truthy(query.only_root);
  const inventory = truthy(query.inventory);
  const { count, rows } = await findCategoryPage(ctx.tenant, {
    onlyRoot,
    inventory,
    search: query.search || undefined,
    field: order.field,
    descending: order.descending,
    ...pageWindow(query),
  });
  const results = await present(ctx.tenant, rows, {
    descending: order.field === 'name' && order.descending,
    onlyWithInventory: inventory,
    search: onlyRoot ? query.search || undefined : undefined,
  });
  return { count, results };
}

async function loadCategory(tenant: TenantScope, id: number): Promise<CategoryRow> {
  const row = await findCategory(tenant, id);
  if (!row) throw notFound();
  return row;
}

/** GET /tag-data/category/{id}/ */
export async function getCategory(ctx: ServiceContext, id: number): Promise<Category> {
  const [category] = await present(ctx.tenant, [await loadCategory(ctx.tenant, id)]);
  return category!;
}

function detail(issues: { path: string; message: string }[]): Record<string, string[]> {
  const out: FieldMessages = {};
  for (const issue of issues) addFieldMessage(out, issue.path, issue.message);
  return out;
}

function checkFields(fields: readonly CategoryFieldInput[] | undefined): void {
  const issues = categoryIssues({ fields });
  if (issues.length > 0) throw validationError(detail(issues));
}

/** SECURITY: the parent and the encoding must be the customer's own; one level of subcategories. */
async function checkParent(tenant: TenantScope, parentId: number | null): Promise<void> {
  if (parentId === null) return;
  const parent = await findCategory(tenant, parentId);
  if (!parent) throw validationError({ parent: [M.unknownCategory] });
  if (parent.parentId !== null) throw validationError({ parent: [M.categoryDepth] });
}

async function checkEncoding(tenant: TenantScope, encodingId: number | null): Promise<void> {
  if (encodingId === null) return;
  const encoding = await findEncoding(tenant, encodingId);
  if (!encoding || encoding.disabled) throw validationError({ encoding: [M.unknownEncoding] });
}

function fieldValues(field: CategoryFieldInput, position: number): CategoryFieldValues {
  const f = normalizeCategoryField(field);
  return {
    position,
    name: f.name,
    type: f.type,
    required: f.required,
    defaultValue: f.default_value ?? null,
    fixedData: f.fixed_data,
    fixedValue: f.fixed_value ?? null,
    assetData: f.asset_data,
    showInTable: f.show_in_table,
    options: f.options,
  };
}

/** POST /tag-data/category/ */
export async function createCategory(ctx: ServiceContext, input: CategoryCreate): Promise<Category> {
  checkFields(input.fields);
  await checkParent(ctx.tenant, input.parent);
  await checkEncoding(ctx.tenant, input.encoding);
  const id = await ctx.tenant.transaction(async (tenant) => {
    const row = await insertCategory(tenant, {
      name: input.name,
      description: input.description,
      parentId: input.parent,
      encodingId: input.encoding,
    });
    await insertFields(
      tenant,
      row.id,
      input.fields.map((f, i) => fieldValues(f, i)),
    );
    return row.id;
  });
  return getCategory(ctx, id);
}

/**
 * PATCH /tag-data/category/{id}/: fields with an id are updated in place, fields without one are
 * added, fields left out are deleted (and their values leave the category's products and items).
 */
export async function updateCategory(ctx: ServiceContext, id: number, input: CategoryUpdate): Promise<Category> {
  const row = await loadCategory(ctx.tenant, id);
  if (input.parent !== undefined && input.parent !== row.parentId) {
    throw validationError({ parent: [M.categoryParentLocked] });
  }
  checkFields(input.fields);
  if (input.encoding !== undefined && input.encoding !== row.encodingId)
    await checkEncoding(ctx.tenant, input.encoding);
  await ctx.tenant.transaction(async (tenant) => {
    await updateCategoryRow(tenant, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.encoding !== undefined ? { encodingId: input.encoding } : {}),
    });
    if (input.fields === undefined) return;
    const names = new Map((await findFields(tenant, [id])).map((f) => [f.id, f.name]));
    const existing = new Set(names.keys());
    const kept = new Set<number>();
    const unknown: Record<string, string[]> = {};
    input.fields.forEach((f, i) => {
      if (f.id === undefined) return;
      if (!existing.has(f.id) || kept.has(f.id)) unknown[`fields.${i}.id`] = [M.unknownAttribute];
      kept.add(f.id);
    });
    if (Object.keys(unknown).length > 0) throw validationError(unknown);
    const removed = await deleteFieldsExcept(tenant, id, [...kept]);
    await deleteAttributeValues(tenant, id, removed);
    for (const [i, f] of input.fields.entries()) {
      if (f.id !== undefined) await updateField(tenant, f.id, fieldValues(f, i));
    }
    await renameAttributeValues(
      tenant,
      id,
      input.fields.flatMap((f) =>
        f.id !== undefined && names.get(f.id) !== f.name.trim() ? [{ id: f.id, name: f.name.trim() }] : [],
      ),
    );
    await insertFields(
      tenant,
      id,
      input.fields.flatMap((f, i) => (f.id === undefined ? [fieldValues(f, i)] : [])),
    );
  });
  return getCategory(ctx, id);
}

/** DELETE /tag-data/category/{id}/: with its subcategories; their products move to no category. */
export async function deleteCategory(ctx: ServiceContext, id: number): Promise<void> {
  await loadCategory(ctx.tenant, id);
  await ctx.tenant.transaction((tenant) => deleteCategoryTree(tenant, id));
}

// Other modules read categories through this service (its public face).
export { findCategory } from './categories.repository.js';
