import { fieldsByCategory } from '../categories/categories.service.js';
import {
  completeAttributes,
  pageWindow,
  parseOrdering,
  productAttributeIssues,
  PRODUCT_ORDERING,
  skuError,
  MESSAGE_KEYS as M,
  type AttributeValue,
  type CategoryField,
  type Encoding,
  type Paged,
  type Product,
  type ProductCreate,
  type ProductListQuery,
  type ProductMetadata,
  type ProductUpdate,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, addFieldMessage, notFound, validationError, type FieldMessages } from '../../lib/errors.js';
import { uniqueViolation } from '../../lib/pg-error.js';
import { resolveEncoding } from '../encodings/encodings.service.js';
import {
  countItemsByProduct,
  deleteItemsOfProduct,
  deleteProductRow,
  findCategoryWithChildren,
  findProductById,
  findProductBySku,
  findProductIdByCode,
  findProductPage,
  insertProduct,
  updateProductRow,
  type ProductFilter,
  type ProductListRow,
  type ProductOrderField,
} from './products.repository.js';
import { splitList } from '../../lib/query-params.js';

type Detail = FieldMessages;
const add = addFieldMessage;

/** The product as the API answers it; attributes completed against the category's current fields. */
export function presentProduct(row: ProductListRow, fields: CategoryField[], itemCount: number): Product {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    product_code: row.productCode,
    category: row.categoryId,
    category__name: row.categoryName,
    category__parent: row.categoryParent,
    encoding: row.encodingId,
    metadata: row.metadata,
    attributes: row.categoryId === null ? [] : completeAttributes(fields, row.attributes, 'product'),
    category_fields: fields,
    item_count: itemCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** The fields of categories (form order), by category id: for items and imports. */
export function categoryFieldsByCategory(
  tenant: TenantScope,
  categoryIds: readonly number[],
): Promise<Map<number, CategoryField[]>> {
  return fieldsByCategory(tenant, categoryIds);
}

async function presentRows(tenant: TenantScope, rows: ProductListRow[]): Promise<Product[]> {
  const categoryIds = rows.map((r) => r.categoryId).filter((id): id is number => id !== null);
  const [fields, counts] = await Promise.all([
    fieldsByCategory(tenant, categoryIds),
    countItemsByProduct(
      tenant,
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) =>
    presentProduct(row, row.categoryId === null ? [] : (fields.get(row.categoryId) ?? []), counts.get(row.id) ?? 0),
  );
}

async function presentOne(tenant: TenantScope, row: ProductListRow): Promise<Product> {
  const [product] = await presentRows(tenant, [row]);
  return product!;
}

/** `metadata=sensor_product=true` → {key, value}; anything else filters nothing. */
function parseMetadataFilter(text: string | undefined): ProductFilter['metadata'] {
  if (!text) return undefined;
  const eq = text.indexOf('=');
  if (eq <= 0) return undefined;
  return { key: text.slice(0, eq).trim(), value: text.slice(eq + 1).trim() };
}

/** GET /master-data/product/: filtered, ordered and paged in the database. */
export async function listProducts(ctx: ServiceContext, query: ProductListQuery): Promise<Paged<Product>> {
  const filter: ProductFilter = {
    search: query.search || undefined,
    metadata: parseMetadataFilter(query.metadata),
    excludeSkus: splitList(query.exclude_product) ?? [],
  };
  if (query.category === 0) filter.categoryIds = null;
  else if (query.category !== undefined && query.category > 0) {
    filter.categoryIds = (await findCategoryWithChildren(ctx.tenant, query.category)) ?? [];
  }
  if (query.has_category) filter.hasCategory = query.has_category === 'true';
  const ordering = parseOrdering<ProductOrderField>(query.ordering, PRODUCT_ORDERING, 'sku');
  const { count, rows } = await findProductPage(ctx.tenant, filter, ordering, pageWindow(query));
  return { count, results: await presentRows(ctx.tenant, rows) };
}

async function requireBySku(tenant: TenantScope, sku: string): Promise<ProductListRow> {
  const row = await findProductBySku(tenant, sku);
  if (!row) throw notFound();
  return row;
}

export async function getProductBySku(ctx: ServiceContext, sku: string): Promise<Product> {
  return presentOne(ctx.tenant, await requireBySku(ctx.tenant, sku));
}

export async function getProductById(ctx: ServiceContext, id: number): Promise<Product> {
  const row = await findProductById(ctx.tenant, id);
  if (!row) throw notFound();
  return presentOne(ctx.tenant, row);
}

/**
 * The effective encoding of a product being written: an explicit encoding must be enabled, one
 * inherited from the category or the default too (an SKU is meant to be encoded with it).
 */
async function effectiveEncoding(
  tenant: TenantScope,
  choice: { encoding: number | null; category: number | null },
): Promise<Encoding> {
  const encoding = await resolveEncoding(tenant, choice);
  if (encoding.disabled) throw validationError({ encoding: [M.unknownEncoding] });
  return encoding;
}

function checkSku(detail: Detail, sku: string, encoding: Encoding) {
  const error = skuError(sku, { method: encoding.method, companyPrefix: encoding.metadata.companyPrefix });
  if (error) add(detail, 'sku', error);
}

/** Checks attribute values against the category's fields and answers the values to store. */
function checkAttributes(detail: Detail, fields: CategoryField[], values: AttributeValue[]): AttributeValue[] {
  for (const issue of productAttributeIssues(fields, values)) add(detail, issue.path, issue.message);
  return completeAttributes(fields, values, 'product');
}

async function checkCategory(tenant: TenantScope, category: number | null) {
  if (category !== null && !(await findCategoryWithChildren(tenant, category))) {
    throw validationError({ category: [M.unknownCategory] });
  }
}

async function categoryFieldsOf(tenant: TenantScope, categoryId: number | null): Promise<CategoryField[]> {
  if (categoryId === null) return [];
  return (await fieldsByCategory(tenant, [categoryId])).get(categoryId) ?? [];
}

async function checkProductCode(tenant: TenantScope, detail: Detail, code: string | null, ownId?: number) {
  if (code === null) return;
  const holder = await findProductIdByCode(tenant, code);
  if (holder !== undefined && holder !== ownId) add(detail, 'product_code', 'productCodeTaken');
}

function throwIfAny(detail: Detail) {
  if (Object.keys(detail).length > 0) throw validationError(detail);
}

/** A unique violation of products' SKU or product code, as the field error the form shows. */
export function productUniqueViolation(error: unknown): AppError | null {
  const where = uniqueViolation(error)?.where;
  if (where?.includes('product_code')) return validationError({ product_code: [M.productCodeTaken] });
  if (where?.includes('sku')) return validationError({ sku: [M.skuTaken] });
  return null;
}

function normaliseMetadata(metadata: ProductMetadata, base: ProductMetadata = {}): ProductMetadata {
  const merged: ProductMetadata = { ...base, ...metadata };
  merged.sensor_product ??= 'false';
  return merged;
}

/** POST /master-data/product/ */
export async function createProduct(ctx: ServiceContext, input: ProductCreate): Promise<Product> {
  const tenant = ctx.tenant;
  await checkCategory(tenant, input.category);
  const encoding = await effectiveEncoding(tenant, { encoding: input.encoding, category: input.category });
  const detail: Detail = {};
  checkSku(detail, input.sku, encoding);
  if (await findProductBySku(tenant, input.sku)) add(detail, 'sku', 'skuTaken');
  await checkProductCode(tenant, detail, input.product_code);
  const attributes = checkAttributes(detail, await categoryFieldsOf(tenant, input.category), input.attributes);
  throwIfAny(detail);
  let id: number;
  try {
    ({ id } = await insertProduct(tenant, {
      sku: input.sku,
      name: input.name,
      productCode: input.product_code,
      categoryId: input.category,
      encodingId: input.encoding,
      metadata: normaliseMetadata(input.metadata),
      attributes,
    }));
  } catch (error) {
    throw productUniqueViolation(error) ?? error;
  }
  ctx.log.info({ product: id }, 'product created');
  return getProductById(ctx, id);
}

function refuseUnassigned(row: ProductListRow) {
  if (row.special === 'unassigned') throw new AppError('ValidationError', M.unassignedProductLocked);
}

/** PATCH /master-data/product/{sku}/: the SKU stays; a new encoding or category re-checks it. */
export async function updateProduct(ctx: ServiceContext, sku: string, input: ProductUpdate): Promise<Product> {
  const tenant = ctx.tenant;
  const row = await requireBySku(tenant, sku);
  refuseUnassigned(row);
  const category = input.category !== undefined ? input.category : row.categoryId;
  const encodingId = input.encoding !== undefined ? input.encoding : row.encodingId;
  const categoryChanged = category !== row.categoryId;
  const detail: Detail = {};
  // A product with its own encoding keeps it when only the category changes.
  const ownKept = encodingId !== null && encodingId === row.encodingId;
  if (!ownKept && (categoryChanged || encodingId !== row.encodingId)) {
    await checkCategory(tenant, category);
    checkSku(detail, row.sku, await effectiveEncoding(tenant, { encoding: encodingId, category }));
  } else if (categoryChanged) {
    await checkCategory(tenant, category);
  }
  if (input.product_code !== undefined) await checkProductCode(tenant, detail, input.product_code, row.id);
  let attributes: AttributeValue[] | undefined;
  if (input.attributes !== undefined || categoryChanged) {
    const values = input.attributes ?? (categoryChanged ? [] : row.attributes);
    attributes = checkAttributes(detail, await categoryFieldsOf(tenant, category), values);
  }
  throwIfAny(detail);
  try {
    await updateProductRow(tenant, row.id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.product_code !== undefined ? { productCode: input.product_code } : {}),
      ...(input.category !== undefined ? { categoryId: input.category } : {}),
      ...(input.encoding !== undefined ? { encodingId: input.encoding } : {}),
      ...(input.metadata !== undefined ? { metadata: normaliseMetadata(input.metadata, row.metadata) } : {}),
      ...(attributes !== undefined ? { attributes } : {}),
    });
  } catch (error) {
    throw productUniqueViolation(error) ?? error;
  }
  return getProductById(ctx, row.id);
}

/** DELETE /master-data/product/{sku}/: the product and all its items, in one transaction. */
export async function deleteProduct(ctx: ServiceContext, sku: string): Promise<void> {
  const removed = await ctx.tenant.transaction(async (tenant) => {
    const row = await requireBySku(tenant, sku);
    refuseUnassigned(row);
    const itemCount = await deleteItemsOfProduct(tenant, row.id);
    await deleteProductRow(tenant, row.id);
    return { id: row.id, itemCount };
  });
  ctx.log.info({ product: removed.id, items: removed.itemCount }, 'product deleted');
}
