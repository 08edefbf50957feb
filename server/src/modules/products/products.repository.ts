import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, items, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertedRow } from '../../db/sql-rows.js';

export type ProductRow = typeof products.$inferSelect;
export type ProductInsert = Omit<typeof products.$inferInsert, 'customerId' | 'id'>;

/** A product row with what its presentation needs from its category. */
export interface ProductListRow extends ProductRow {
  categoryName: string | null;
  categoryParent: number | null;
}

const category = alias(categories, 'product_category');

function baseColumns() {
  return {
    customerId: products.customerId,
    id: products.id,
    sku: products.sku,
    name: products.name,
    productCode: products.productCode,
    categoryId: products.categoryId,
    encodingId: products.encodingId,
    metadata: products.metadata,
    attributes: products.attributes,
    special: products.special,
    createdAt: products.createdAt,
    updatedAt: products.updatedAt,
    categoryName: category.name,
    categoryParent: category.parentId,
  };
}

function selectProducts(tenant: TenantScope, ...conditions: (SQL | undefined)[]) {
  return tenant.db
    .select(baseColumns())
    .from(products)
    .leftJoin(category, and(eq(category.customerId, products.customerId), eq(category.id, products.categoryId)))
    .where(tenant.where(products, ...conditions))
    .$dynamic();
}

export async function findProductBySku(tenant: TenantScope, sku: string): Promise<ProductListRow | undefined> {
  const [row] = await selectProducts(tenant, eq(products.sku, sku)).limit(1);
  return row;
}

export async function findProductById(tenant: TenantScope, id: number): Promise<ProductListRow | undefined> {
  const [row] = await selectProducts(tenant, eq(products.id, id)).limit(1);
  return row;
}

export async function findProductIdByCode(tenant: TenantScope, productCode: string): Promise<number | undefined> {
  const [row] = await tenant.db
    .select({ id: products.id })
    .from(products)
    .where(tenant.where(products, eq(products.productCode, productCode)))
    .limit(1);
  return row?.id;
}

export interface ProductFilter {
  search?: string;
  /** Only these category ids (a category with its subcategories), or null for products without one. */
  categoryIds?: number[] | null;
  hasCategory?: boolean;
  metadata?: { key: string; value: string };
  excludeSkus?: string[];
}

export type ProductOrderField = 'sku' | 'name' | 'product_code' | 'category__name' | 'created_at' | 'id';

const ORDER_COLUMNS: Record<ProductOrderField, SQL> = {
  sku: sql`lower(${products.sku})`,
  name: sql`lower(${products.name})`,
  product_code: sql`lower(${products.productCode})`,
  category__name: sql`lower(${category.name})`,
  created_at: sql`${products.createdAt}`,
  id: sql`${products.id}`,
};

function filterConditions(filter: ProductFilter): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [];
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(products.sku, pattern), ilike(products.name, pattern), ilike(products.productCode, pattern)),
    );
  }
  if (filter.categoryIds === null) conditions.push(isNull(products.categoryId));
  else if (filter.categoryIds) conditions.push(inArray(products.categoryId, filter.categoryIds));
  if (filter.hasCategory === false) conditions.push(isNull(products.categoryId));
  if (filter.hasCategory === true) conditions.push(isNotNull(products.categoryId));
  if (filter.metadata) {
    conditions.push(sql`${products.metadata} ->> ${filter.metadata.key} = ${filter.metadata.value}`);
  }
  if (filter.excludeSkus && filter.excludeSkus.length > 0) {
    conditions.push(not(inArray(products.sku, filter.excludeSkus)));
  }
  return conditions;
}

/** One page of products in the database, with the total count. */
export async function findProductPage(
  tenant: TenantScope,
  filter: ProductFilter,
  ordering: { field: ProductOrderField; descending: boolean }[],
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: ProductListRow[] }> {
  const conditions = filterConditions(filter);
  const [total] = await tenant.db
    .select({ n: count() })
    .from(products)
    .where(tenant.where(products, ...conditions));
  const orderBy = ordering.map(({ field, descending }) =>
    descending ? sql`${ORDER_COLUMNS[field]} desc nulls last` : sql`${ORDER_COLUMNS[field]} asc nulls last`,
  );
  const rows = await selectProducts(tenant, ...conditions)
    .orderBy(...orderBy, asc(products.id))
    .offset(page.offset)
    .limit(page.limit);
  return { count: total?.n ?? 0, rows };
}

/** A category and its subcategories' ids, or undefined when the category does not exist. */
export async function findCategoryWithChildren(tenant: TenantScope, id: number): Promise<number[] | undefined> {
  const rows = await tenant.db
    .select({ id: categories.id, parentId: categories.parentId })
    .from(categories)
    .where(tenant.where(categories, or(eq(categories.id, id), eq(categories.parentId, id))));
  if (!rows.some((r) => r.id === id)) return undefined;
  return rows.map((r) => r.id);
}

/** Items not removed per product, for the given products only (one grouped query). */
export async function countItemsByProduct(
  tenant: TenantScope,
  productIds: readonly number[],
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (productIds.length === 0) return counts;
  const rows = await tenant.db
    .select({ productId: items.productId, n: count() })
    .from(items)
    .where(tenant.where(items, inArray(items.productId, [...productIds]), eq(items.removed, false)))
    .groupBy(items.productId);
  for (const row of rows) counts.set(row.productId, row.n);
  return counts;
}

export async function insertProduct(tenant: TenantScope, values: ProductInsert): Promise<ProductRow> {
  const row = insertedRow(await tenant.insert(products, values).returning());
  return row as ProductRow;
}

export async function updateProductRow(tenant: TenantScope, id: number, set: Partial<ProductInsert>): Promise<void> {
  await tenant.update(products, { ...set, updatedAt: new Date() }, eq(products.id, id));
}

/** Deletes a product; its items go with it (foreign key cascade). */
export async function deleteProductRow(tenant: TenantScope, id: number): Promise<void> {
  await tenant.delete(products, eq(products.id, id));
}

/** Deletes all items of a product (removed ones too) and answers how many there were. */
export async function deleteItemsOfProduct(tenant: TenantScope, id: number): Promise<number> {
  const n = await tenant.count(items, eq(items.productId, id));
  if (n > 0) await tenant.delete(items, eq(items.productId, id));
  return n;
}
