import { and, asc, count, desc, eq, exists, ilike, inArray, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { categories, categoryFields, items, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertedRow } from '../../db/sql-rows.js';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryFieldRow = typeof categoryFields.$inferSelect;
export type CategoryFieldValues = Omit<typeof categoryFields.$inferInsert, 'customerId' | 'id' | 'categoryId'>;

export async function findCategory(tenant: TenantScope, id: number): Promise<CategoryRow | undefined> {
  const [row] = await tenant.select(categories, eq(categories.id, id)).limit(1);
  return row as CategoryRow | undefined;
}

export async function findSubcategories(tenant: TenantScope, parentIds: readonly number[]): Promise<CategoryRow[]> {
  if (parentIds.length === 0) return [];
  return (await tenant
    .select(categories, inArray(categories.parentId, [...parentIds]))
    .orderBy(sql`lower(${categories.name})`, categories.id)) as CategoryRow[];
}

export async function findFields(tenant: TenantScope, categoryIds: readonly number[]): Promise<CategoryFieldRow[]> {
  if (categoryIds.length === 0) return [];
  return (await tenant
    .select(categoryFields, inArray(categoryFields.categoryId, [...categoryIds]))
    .orderBy(categoryFields.position, categoryFields.id)) as CategoryFieldRow[];
}

/**
 * Products per category: its own, and for a top-level category its own plus its subcategories'
 * (all of them, whatever a list shows), for the given categories.
 */
export async function countProducts(
  tenant: TenantScope,
  categoryIds: readonly number[],
): Promise<{ own: Map<number, number>; withSubcategories: Map<number, number> }> {
  const own = new Map<number, number>();
  const withSubcategories = new Map<number, number>();
  if (categoryIds.length === 0) return { own, withSubcategories };
  const ids = [...categoryIds];
  const rows = await tenant.db
    .select({ category: categories.id, parent: categories.parentId, n: count() })
    .from(products)
    .innerJoin(categories, and(eq(categories.customerId, products.customerId), eq(categories.id, products.categoryId)))
    .where(tenant.where(products, or(inArray(categories.id, ids), inArray(categories.parentId, ids))))
    .groupBy(categories.id, categories.parentId);
  for (const row of rows) {
    own.set(row.category, row.n);
    const top = row.parent ?? row.category;
    withSubcategories.set(top, (withSubcategories.get(top) ?? 0) + row.n);
  }
  return { own, withSubcategories };
}

/** SECURITY: every subquery names the tenant, so another customer's rows never match. */
function hasInventory(tenant: TenantScope, categoryIds: SQL): SQL {
  return exists(
    tenant.db
      .select({ one: sql`1` })
      .from(products)
      .innerJoin(items, and(eq(items.customerId, products.customerId), eq(items.productId, products.id)))
      .where(tenant.where(products, sql`${products.categoryId} in ${categoryIds}`, eq(items.removed, false))),
  );
}

export interface CategoryPageQuery {
  onlyRoot: boolean;
  inventory: boolean;
  search?: string;
  descending: boolean;
  field: 'name' | 'id' | 'created_at';
  limit: number;
  offset: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * One page of categories and the total. With onlyRoot: top-level categories whose name or a
 * subcategory's name matches the search, and (inventory) that hold, or whose subcategories hold,
 * a product with items not removed. Without: every category on its own name and own products.
 */
export async function findCategoryPage(
  tenant: TenantScope,
  query: CategoryPageQuery,
): Promise<{ count: number; rows: CategoryRow[] }> {
  const sub = alias(categories, 'sub');
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const subIds = sql`(select ${sub.id} from ${categories} sub where ${tenant.where(sub, eq(sub.parentId, categories.id))})`;
  const conditions: (SQL | undefined)[] = [];
  if (query.onlyRoot) {
    conditions.push(isNull(categories.parentId));
    if (pattern) {
      conditions.push(
        or(
          ilike(categories.name, pattern),
          exists(
            tenant.db
              .select({ one: sql`1` })
              .from(sub)
              .where(tenant.where(sub, eq(sub.parentId, categories.id), ilike(sub.name, pattern))),
          ),
        ),
      );
    }
    if (query.inventory) {
      conditions.push(or(hasInventory(tenant, sql`(${categories.id})`), hasInventory(tenant, subIds)));
    }
  } else {
    if (pattern) conditions.push(ilike(categories.name, pattern));
    if (query.inventory) conditions.push(hasInventory(tenant, sql`(${categories.id})`));
  }
  const where = tenant.where(categories, ...conditions);
  const column =
    query.field === 'name'
      ? sql`lower(${categories.name})`
      : query.field === 'id'
        ? categories.id
        : categories.createdAt;
  const direction = query.descending ? desc : asc;
  const [total, rows] = await Promise.all([
    tenant.db.select({ n: count() }).from(categories).where(where),
    tenant.db
      .select()
      .from(categories)
      .where(where)
      .orderBy(direction(column), direction(categories.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: total[0]?.n ?? 0, rows: rows as CategoryRow[] };
}

/** Subcategories that hold a product with items not removed (for inventory lists). */
export async function findCategoriesWithInventory(
  tenant: TenantScope,
  categoryIds: readonly number[],
): Promise<Set<number>> {
  if (categoryIds.length === 0) return new Set();
  const rows = await tenant.db
    .selectDistinct({ category: products.categoryId })
    .from(products)
    .innerJoin(items, and(eq(items.customerId, products.customerId), eq(items.productId, products.id)))
    .where(tenant.where(products, inArray(products.categoryId, [...categoryIds]), eq(items.removed, false)));
  return new Set(rows.map((r) => r.category!));
}

export async function insertCategory(
  tenant: TenantScope,
  values: Pick<CategoryRow, 'name' | 'description' | 'parentId' | 'encodingId'>,
): Promise<CategoryRow> {
  const row = insertedRow(await tenant.insert(categories, values).returning());
  return row as CategoryRow;
}

export async function updateCategoryRow(
  tenant: TenantScope,
  id: number,
  set: Partial<Pick<CategoryRow, 'name' | 'description' | 'encodingId'>>,
): Promise<void> {
  await tenant.update(categories, { ...set, updatedAt: new Date() }, eq(categories.id, id));
}

export async function insertFields(
  tenant: TenantScope,
  categoryId: number,
  fields: readonly CategoryFieldValues[],
): Promise<void> {
  if (fields.length === 0) return;
  await tenant.insertMany(
    categoryFields,
    fields.map((f) => ({ ...f, categoryId })),
  );
}

export async function updateField(tenant: TenantScope, id: number, set: CategoryFieldValues): Promise<void> {
  await tenant.update(categoryFields, set, eq(categoryFields.id, id));
}

/** Deletes a category's fields other than `keep`; answers the ids deleted. */
export async function deleteFieldsExcept(
  tenant: TenantScope,
  categoryId: number,
  keep: readonly number[],
): Promise<number[]> {
  const conditions = [eq(categoryFields.categoryId, categoryId)];
  if (keep.length > 0) conditions.push(notInArray(categoryFields.id, [...keep]));
  const rows = await tenant.delete(categoryFields, ...conditions).returning({ id: categoryFields.id });
  return rows.map((r) => r.id);
}

const withoutDatafields = (column: AnyPgColumn, ids: readonly number[]) =>
  sql`(select coalesce(jsonb_agg(e.value order by e.ordinality), '[]'::jsonb)
       from jsonb_array_elements(${column}) with ordinality e(value, ordinality)
       where not ((e.value->>'datafield') ~ '^[0-9]+$' and (e.value->>'datafield')::bigint in ${ids}))`;

/** Drops the values of deleted fields from the attributes of the category's products and their items. */
export async function deleteAttributeValues(
  tenant: TenantScope,
  categoryId: number,
  fieldIds: readonly number[],
): Promise<void> {
  if (fieldIds.length === 0) return;
  const ids = [...fieldIds];
  const ofCategory = tenant.db
    .select({ id: products.id })
    .from(products)
    .where(tenant.where(products, eq(products.categoryId, categoryId)));
  await tenant.update(
    products,
    { attributes: withoutDatafields(products.attributes, ids) as never },
    eq(products.categoryId, categoryId),
  );
  await tenant.update(
    items,
    { attributes: withoutDatafields(items.attributes, ids) as never },
    inArray(items.productId, ofCategory),
  );
}

const renamedDatafield = (column: AnyPgColumn, id: number, name: string) =>
  sql`(select coalesce(jsonb_agg(case when e.value->>'datafield' = ${String(id)}
         then jsonb_set(e.value, '{name}', to_jsonb(${name}::text)) else e.value end order by e.ordinality), '[]'::jsonb)
       from jsonb_array_elements(${column}) with ordinality e(value, ordinality))`;

/** Carries a renamed field's new name into the attribute values of the category's products and their items. */
export async function renameAttributeValues(
  tenant: TenantScope,
  categoryId: number,
  renamed: readonly { id: number; name: string }[],
): Promise<void> {
  const ofCategory = tenant.db
    .select({ id: products.id })
    .from(products)
    .where(tenant.where(products, eq(products.categoryId, categoryId)));
  for (const { id, name } of renamed) {
    const holds = sql`jsonb_path_exists(${products.attributes}, '$[*] ? (@.datafield == $id)', ${JSON.stringify({ id })}::jsonb)`;
    const itemHolds = sql`jsonb_path_exists(${items.attributes}, '$[*] ? (@.datafield == $id)', ${JSON.stringify({ id })}::jsonb)`;
    await tenant.update(
      products,
      { attributes: renamedDatafield(products.attributes, id, name) as never },
      eq(products.categoryId, categoryId),
      holds,
    );
    await tenant.update(
      items,
      { attributes: renamedDatafield(items.attributes, id, name) as never },
      inArray(items.productId, ofCategory),
      itemHolds,
    );
  }
}

/**
 * Deletes a category with its subcategories (and their fields, by cascade); their products move
 * to no category and lose the attribute values of the deleted fields, as do their items.
 */
export async function deleteCategoryTree(tenant: TenantScope, id: number): Promise<void> {
  const sub = alias(categories, 'sub');
  const tree = sql`(select ${sub.id} from ${categories} sub where ${tenant.where(sub, or(eq(sub.id, id), eq(sub.parentId, id)))})`;
  const moved = tenant.db
    .select({ id: products.id })
    .from(products)
    .where(tenant.where(products, sql`${products.categoryId} in ${tree}`));
  await tenant.update(items, { attributes: [] }, inArray(items.productId, moved));
  await tenant.update(
    products,
    { categoryId: null, attributes: [], updatedAt: new Date() },
    sql`${products.categoryId} in ${tree}`,
  );
  await tenant.delete(categories, eq(categories.id, id));
}
