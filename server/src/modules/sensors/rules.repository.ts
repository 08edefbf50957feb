import { asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { observationRuleProducts, observationRules, observationRuleStates, products } from '../../db/schema/index.js';
import { insertedRow } from '../../db/sql-rows.js';
import type { TenantScope } from '../../db/tenant.js';

export type RuleRow = typeof observationRules.$inferSelect;
export type RuleValues = Omit<typeof observationRules.$inferInsert, 'customerId' | 'id' | 'createdAt' | 'modifiedAt'>;
export interface RuleWithProducts extends RuleRow {
  productIds: number[];
}

const ORDER_COLUMNS = {
  modified: observationRules.modifiedAt,
  created: observationRules.createdAt,
  name: sql`lower(${observationRules.name})`,
};
export type RuleOrderField = keyof typeof ORDER_COLUMNS;

/** The product ids of each of these rules, in id order. */
async function productIdsOf(tenant: TenantScope, ruleIds: readonly string[]): Promise<Map<string, number[]>> {
  const byRule = new Map<string, number[]>(ruleIds.map((id) => [id, []]));
  if (ruleIds.length === 0) return byRule;
  const rows = await tenant.db
    .select({ ruleId: observationRuleProducts.ruleId, productId: observationRuleProducts.productId })
    .from(observationRuleProducts)
    .where(tenant.where(observationRuleProducts, inArray(observationRuleProducts.ruleId, [...ruleIds])))
    .orderBy(asc(observationRuleProducts.productId));
  for (const row of rows) byRule.get(row.ruleId)?.push(row.productId);
  return byRule;
}

async function withProducts(tenant: TenantScope, rows: RuleRow[]): Promise<RuleWithProducts[]> {
  const ids = await productIdsOf(
    tenant,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...row, productIds: ids.get(row.id) ?? [] }));
}

/** A page of the customer's rules, searched in their names. */
export async function findRulePage(
  tenant: TenantScope,
  options: { search?: string; ordering: { field: RuleOrderField; descending: boolean }; offset: number; limit: number },
): Promise<{ count: number; rows: RuleWithProducts[] }> {
  const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where = tenant.where(observationRules, pattern ? ilike(observationRules.name, pattern) : undefined);
  const column = ORDER_COLUMNS[options.ordering.field];
  const [rows, [total]] = await Promise.all([
    tenant.db
      .select()
      .from(observationRules)
      .where(where)
      .orderBy(options.ordering.descending ? desc(column) : asc(column), asc(observationRules.id))
      .offset(options.offset)
      .limit(options.limit),
    tenant.db.select({ n: count() }).from(observationRules).where(where),
  ]);
  return { count: total?.n ?? 0, rows: await withProducts(tenant, rows) };
}

export async function findRule(tenant: TenantScope, id: string): Promise<RuleWithProducts | undefined> {
  const [row] = await tenant.select(observationRules, eq(observationRules.id, id)).limit(1);
  return row ? (await withProducts(tenant, [row as RuleRow]))[0] : undefined;
}

/** Which of these product ids are the customer's products. */
export async function findProductIds(tenant: TenantScope, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tenant.db
    .select({ id: products.id })
    .from(products)
    .where(tenant.where(products, inArray(products.id, [...ids])));
  return new Set(rows.map((r) => r.id));
}

async function setProducts(tenant: TenantScope, ruleId: string, productIds: readonly number[]): Promise<void> {
  await tenant.delete(observationRuleProducts, eq(observationRuleProducts.ruleId, ruleId));
  await tenant.insertMany(
    observationRuleProducts,
    [...new Set(productIds)].map((productId) => ({ ruleId, productId })),
  );
}

export async function insertRule(
  tenant: TenantScope,
  values: RuleValues,
  productIds: readonly number[],
): Promise<RuleWithProducts> {
  return tenant.transaction(async (tx) => {
    const row = insertedRow(await tx.insert(observationRules, values).returning()) as RuleRow;
    await setProducts(tx, row.id, productIds);
    return (await withProducts(tx, [row]))[0] as RuleWithProducts;
  });
}

/**
 * Replaces a rule (PUT). Its sensors' evaluation starts afresh: what was over the old limits says
 * nothing about the new ones.
 */
export async function replaceRule(
  tenant: TenantScope,
  id: string,
  values: Omit<RuleValues, 'createdBy'>,
  productIds: readonly number[],
): Promise<RuleWithProducts | undefined> {
  return tenant.transaction(async (tx) => {
    const [row] = await tx
      .update(observationRules, { ...values, modifiedAt: new Date() }, eq(observationRules.id, id))
      .returning();
    if (!row) return undefined;
    await setProducts(tx, id, productIds);
    await tx.delete(observationRuleStates, eq(observationRuleStates.ruleId, id));
    return (await withProducts(tx, [row as RuleRow]))[0];
  });
}

export async function deleteRule(tenant: TenantScope, id: string): Promise<boolean> {
  const deleted = await tenant
    .delete(observationRules, eq(observationRules.id, id))
    .returning({ id: observationRules.id });
  return deleted.length > 0;
}
