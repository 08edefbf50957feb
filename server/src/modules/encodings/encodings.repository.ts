import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, encodings } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

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
