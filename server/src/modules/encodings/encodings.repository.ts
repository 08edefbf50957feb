import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, encodings, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { sqlRows } from '../../db/sql-rows.js';

export type EncodingRow = typeof encodings.$inferSelect;

/** The customer's encodings in the order the spec lists the methods. */
export async function findEncodings(tenant: TenantScope): Promise<EncodingRow[]> {
  const rows = (await tenant
    .select(encodings)
    .orderBy(
      sql`case ${encodings.method} when 'NID32' then 0 when 'NID64' then 1 when 'SGTIN96' then 2 else 3 end`,
      encodings.id,
    )) as EncodingRow[];
  return rows;
}

export async function findEncoding(tenant: TenantScope, id: number): Promise<EncodingRow | undefined> {
  const [row] = await tenant.select(encodings, eq(encodings.id, id)).limit(1);
  return row as EncodingRow | undefined;
}

export async function findDefaultEncoding(tenant: TenantScope): Promise<EncodingRow | undefined> {
  const [row] = await tenant.select(encodings, eq(encodings.isDefault, true)).limit(1);
  return row as EncodingRow | undefined;
}

export async function updateEncodingRow(
  tenant: TenantScope,
  id: number,
  set: Partial<Pick<EncodingRow, 'disabled' | 'isDefault' | 'metadata'>>,
): Promise<void> {
  await tenant.update(encodings, set, eq(encodings.id, id));
}

/** Clears the default flag of every encoding but one (before that one becomes the default). */
export async function clearDefaultExcept(tenant: TenantScope, id: number): Promise<void> {
  await tenant.update(encodings, { isDefault: false }, eq(encodings.isDefault, true), sql`${encodings.id} <> ${id}`);
}

/** A category's own encoding and its parent's (null when unset), or undefined when there is no such category. */
export async function findCategoryEncodings(
  tenant: TenantScope,
  categoryId: number,
): Promise<{ own: number | null; parent: number | null } | undefined> {
  const parent = alias(categories, 'parent');
  const [row] = await tenant.db
    .select({ own: categories.encodingId, parent: parent.encodingId })
    .from(categories)
    .leftJoin(parent, and(eq(parent.customerId, categories.customerId), eq(parent.id, categories.parentId)))
    .where(tenant.where(categories, eq(categories.id, categoryId)))
    .limit(1);
  return row;
}

/** Serialises encoding changes of one customer, so "one stays enabled" holds under concurrent edits. */
export async function lockEncodings(tenant: TenantScope): Promise<void> {
  await tenant.db.execute(sql`select pg_advisory_xact_lock(7275, ${tenant.customerId}::int)`);
}

/**
 * Whether a product's SKU is a canonical positive integer (digits, no leading zero). String
 * functions rather than a regular expression: several times faster over many products.
 */
const canonicalSku = sql`(${products.sku} <> '' and ltrim(${products.sku}, '0123456789') = '' and left(${products.sku}, 1) <> '0')`;
/** The SKU as a number when canonical (CASE keeps the cast from seeing other SKUs). */
const numericSku = sql`case when ${canonicalSku} and length(${products.sku}) <= 20 then ${products.sku}::numeric end`;

/**
 * The largest numeric SKU of the customer's products that is at most `limit`. Canonical integers
 * order by length, then digit by digit, so no SKU is converted to a number.
 */
export async function findLargestSkuUpTo(tenant: TenantScope, limit: bigint): Promise<bigint | null> {
  const text = limit.toString();
  const length = sql`length(${products.sku})`;
  const [row] = await tenant.db
    .select({ sku: products.sku })
    .from(products)
    .where(
      tenant.where(
        products,
        canonicalSku,
        sql`(${length} < ${text.length} or (${length} = ${text.length} and ${products.sku} collate "C" <= ${text}))`,
      ),
    )
    .orderBy(sql`${length} desc`, sql`${products.sku} collate "C" desc`)
    .limit(1);
  return row ? BigInt(row.sku) : null;
}

/** Which of the given SKUs the customer's products already use. */
export async function findUsedSkus(tenant: TenantScope, skus: string[]): Promise<Set<string>> {
  if (skus.length === 0) return new Set();
  const rows = await tenant.db
    .select({ sku: products.sku })
    .from(products)
    .where(tenant.where(products, inArray(products.sku, skus)));
  return new Set(rows.map((r) => r.sku));
}

/** The smallest numeric SKU in 1..limit no product uses (1, or one above a used SKU), or null when all are used. */
export async function findSmallestFreeSku(tenant: TenantScope, limit: bigint): Promise<bigint | null> {
  const other = alias(products, 'other');
  const max = limit.toString();
  const result = await sqlRows<{ n: string }>(
    tenant.db,
    sql`
    select candidate.n::text as n from (
      select 1::numeric as n
      union all
      select ${numericSku} + 1 from ${products} where ${tenant.where(products, sql`${numericSku} < ${max}::numeric`)}
    ) candidate
    where candidate.n <= ${max}::numeric
      and not exists (select 1 from ${products} other where ${tenant.where(other, sql`${other.sku} = candidate.n::text`)})
    order by candidate.n
    limit 1`,
  );
  const first = result[0];
  return first ? BigInt(first.n) : null;
}
