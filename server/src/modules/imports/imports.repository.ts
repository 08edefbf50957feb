/**
 * Bulk reads and writes of the CSV imports. Products and items belong to the products module; the
 * imports reach their tables directly here, on purpose and only for speed: a 100,000-row file is
 * checked with one query per batch of rows (never one per row, never the whole table) and written
 * with multi-row inserts, which the one-row services of the products module cannot do.
 * SECURITY: every query goes through the TenantScope (tenant.where / tenant.insertMany).
 */
import { asc, inArray, sql } from 'drizzle-orm';
import type { CategoryField } from '@tagtrack/contract';
import { categories, categoryFields, items, locations, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { columnParam } from '../../db/sql-rows.js';
import type { Db } from '../../db/client.js';

export interface ImportCategory {
  id: number;
  name: string;
  parentId: number | null;
  encodingId: number | null;
  fields: CategoryField[];
}

/** Every category of the customer with its fields (a catalogue holds tens to hundreds of them). */
export async function findCategoriesWithFields(tenant: TenantScope): Promise<ImportCategory[]> {
  const rows = (await tenant.select(categories).orderBy(asc(categories.id))) as (typeof categories.$inferSelect)[];
  const fieldRows = (await tenant
    .select(categoryFields)
    .orderBy(asc(categoryFields.position), asc(categoryFields.id))) as (typeof categoryFields.$inferSelect)[];
  const byCategory = new Map<number, CategoryField[]>();
  for (const f of fieldRows) {
    const list = byCategory.get(f.categoryId) ?? [];
    list.push({
      id: f.id,
      name: f.name,
      type: f.type,
      required: f.required,
      default_value: f.defaultValue,
      fixed_data: f.fixedData,
      fixed_value: f.fixedValue,
      asset_data: f.assetData,
      show_in_table: f.showInTable,
      options: f.options,
    });
    byCategory.set(f.categoryId, list);
  }
  return rows.map((c) => ({
    id: c.id,
    name: c.name,
    parentId: c.parentId,
    encodingId: c.encodingId,
    fields: byCategory.get(c.id) ?? [],
  }));
}

export interface ImportProductRef {
  id: number;
  sku: string;
  categoryId: number | null;
  encodingId: number | null;
}

// Lists go as one array parameter (`= any($1)`): a thousand separate parameters cost the query
// builder more than the query costs the database.
const productRef = {
  id: products.id,
  sku: products.sku,
  categoryId: products.categoryId,
  encodingId: products.encodingId,
};

/** The products with these SKUs (one query). */
export async function findProductsBySku(tenant: TenantScope, skus: readonly string[]): Promise<ImportProductRef[]> {
  if (skus.length === 0) return [];
  return (await tenant.db
    .select(productRef)
    .from(products)
    .where(tenant.where(products, sql`${products.sku} = any(${sql.param([...skus])}::text[])`))) as ImportProductRef[];
}

/** Which of these product codes are taken (one query). */
export async function findTakenProductCodes(tenant: TenantScope, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tenant.db
    .select({ code: products.productCode })
    .from(products)
    .where(tenant.where(products, sql`${products.productCode} = any(${sql.param([...codes])}::text[])`));
  return new Set(rows.map((r) => r.code ?? ''));
}

/** Which of these EPCs are taken, by removed items too (one query). */
export async function findTakenEpcs(tenant: TenantScope, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tenant.db
    .select({ code: items.code })
    .from(items)
    .where(tenant.where(items, sql`${items.code} = any(${sql.param([...codes])}::text[])`));
  return new Set(rows.map((r) => r.code));
}

export interface ImportLocationRef {
  uuid: string;
  parentUuid: string | null;
  name: string;
  special: 'removed' | 'unassigned' | null;
}

const locationRef = {
  uuid: locations.uuid,
  parentUuid: locations.parentUuid,
  name: locations.name,
  special: locations.special,
};

/** The locations with these uuids (one query). */
export async function findLocationsByUuid(tenant: TenantScope, uuids: readonly string[]): Promise<ImportLocationRef[]> {
  if (uuids.length === 0) return [];
  return (await tenant.db
    .select(locationRef)
    .from(locations)
    .where(
      tenant.where(locations, sql`${locations.uuid} = any(${sql.param([...uuids])}::uuid[])`),
    )) as ImportLocationRef[];
}

/** The locations with one of these names: every level of a path is among them (one query). */
export async function findLocationsByName(tenant: TenantScope, names: readonly string[]): Promise<ImportLocationRef[]> {
  if (names.length === 0) return [];
  return (await tenant.db
    .select(locationRef)
    .from(locations)
    .where(
      tenant.where(locations, sql`${locations.name} = any(${sql.param([...names])}::text[])`),
    )) as ImportLocationRef[];
}

/** The special roots Removed and Unassigned. */
export async function findSpecialRoots(tenant: TenantScope): Promise<ImportLocationRef[]> {
  return (await tenant.db
    .select(locationRef)
    .from(locations)
    .where(tenant.where(locations, inArray(locations.special, ['removed', 'unassigned'])))) as ImportLocationRef[];
}

export type ProductInsert = Pick<
  typeof products.$inferInsert,
  'sku' | 'name' | 'productCode' | 'categoryId' | 'encodingId' | 'metadata' | 'attributes'
>;
export type ItemInsert = Pick<
  typeof items.$inferInsert,
  'code' | 'productId' | 'name' | 'metadata' | 'attributes' | 'status' | 'locationUuid'
>;

/** Rows per INSERT statement; between statements other requests get a turn (see yieldToOthers). */
const INSERT_CHUNK = 5000;

const json = (value: unknown) => JSON.stringify(value ?? null);

/**
 * Multi-row inserts of products, one array parameter per column unnested by the database: building
 * a 100,000-value statement through the query builder costs seconds of JavaScript, this does not.
 * The caller runs them inside its transaction.
 * SECURITY: customer_id is the tenant's, stamped on every row.
 */
export async function insertProducts(tenant: TenantScope, rows: readonly ProductInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await tenant.db.execute(sql`
      insert into ${products} (customer_id, sku, name, product_code, category_id, encoding_id, metadata, attributes)
      select ${tenant.customerId}, u.sku, u.name, u.product_code, u.category_id, u.encoding_id, u.metadata::jsonb, u.attributes::jsonb
      from unnest(
        ${columnParam(chunk, (r) => r.sku)}::text[],
        ${columnParam(chunk, (r) => r.name)}::text[],
        ${columnParam(chunk, (r) => r.productCode ?? null)}::text[],
        ${columnParam(chunk, (r) => r.categoryId ?? null)}::bigint[],
        ${columnParam(chunk, (r) => r.encodingId ?? null)}::bigint[],
        ${columnParam(chunk, (r) => json(r.metadata ?? {}))}::text[],
        ${columnParam(chunk, (r) => json(r.attributes ?? []))}::text[]
      ) as u(sku, name, product_code, category_id, encoding_id, metadata, attributes)`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Multi-row inserts of items, as insertProducts does them. The caller runs them inside its
 * transaction. SECURITY: customer_id is the tenant's, stamped on every row.
 */
export async function insertItems(tenant: TenantScope, rows: readonly ItemInsert[]): Promise<void> {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    await tenant.db.execute(sql`
      insert into ${items} (customer_id, code, product_id, name, metadata, attributes, status, location_uuid)
      select ${tenant.customerId}, u.code, u.product_id, u.name, u.metadata::jsonb, u.attributes::jsonb, u.status, u.location_uuid
      from unnest(
        ${columnParam(chunk, (r) => r.code)}::text[],
        ${columnParam(chunk, (r) => r.productId)}::bigint[],
        ${columnParam(chunk, (r) => r.name ?? '')}::text[],
        ${columnParam(chunk, (r) => json(r.metadata ?? {}))}::text[],
        ${columnParam(chunk, (r) => json(r.attributes ?? []))}::text[],
        ${columnParam(chunk, (r) => r.status ?? 'in')}::text[],
        ${columnParam(chunk, (r) => r.locationUuid)}::uuid[]
      ) as u(code, product_id, name, metadata, attributes, status, location_uuid)`);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Refreshes the planner's statistics of the tables an import fills (instance-wide, no tenant data
 * read out). ANALYZE needs the tables' owner; a tenant's connection would skip them with a warning.
 */
export async function analyzeCatalogueTables(db: Db): Promise<void> {
  await db.execute(sql`select tagtrack_analyze_catalogue()`);
}
