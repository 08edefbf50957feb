// Products with their effective encoding method, as item creation and ingest resolve EPCs to products.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { EncodingMethod } from '@tagtrack/contract';
import { categories, encodings, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

const category = alias(categories, 'item_category');

/** A product with its effective encoding method (own ?? category's ?? parent category's; null: the default). */
export interface ProductMethodRow {
  id: number;
  sku: string;
  categoryId: number | null;
  special: 'unassigned' | null;
  method: EncodingMethod | null;
}

function selectProductMethods(tenant: TenantScope, condition: SQL) {
  const parent = alias(categories, 'parent_category');
  const encoding = alias(encodings, 'effective_encoding');
  return tenant.db
    .select({
      id: products.id,
      sku: products.sku,
      categoryId: products.categoryId,
      special: products.special,
      method: encoding.method,
    })
    .from(products)
    .leftJoin(category, and(eq(category.customerId, products.customerId), eq(category.id, products.categoryId)))
    .leftJoin(parent, and(eq(parent.customerId, products.customerId), eq(parent.id, category.parentId)))
    .leftJoin(
      encoding,
      and(
        eq(encoding.customerId, products.customerId),
        sql`${encoding.id} = coalesce(${products.encodingId}, ${category.encodingId}, ${parent.encodingId})`,
      ),
    )
    .where(tenant.where(products, condition));
}

/** Products by SKU with their effective encoding method, 10,000 SKUs per query. */
export async function findProductMethodsBySku(
  tenant: TenantScope,
  skus: readonly string[],
): Promise<ProductMethodRow[]> {
  const rows: ProductMethodRow[] = [];
  const unique = [...new Set(skus)];
  for (let i = 0; i < unique.length; i += 10_000) {
    rows.push(...(await selectProductMethods(tenant, inArray(products.sku, unique.slice(i, i + 10_000)))));
  }
  return rows;
}

export async function findProductMethodsById(tenant: TenantScope, ids: readonly number[]): Promise<ProductMethodRow[]> {
  if (ids.length === 0) return [];
  return selectProductMethods(tenant, inArray(products.id, [...new Set(ids)]));
}

export async function findUnassignedProduct(tenant: TenantScope): Promise<ProductMethodRow> {
  const [row] = await selectProductMethods(tenant, eq(products.special, 'unassigned'));
  if (!row) throw new Error(`customer ${tenant.customerId} has no Unassigned product`);
  return row;
}
