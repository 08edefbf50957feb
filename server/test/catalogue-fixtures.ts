import { and, eq } from 'drizzle-orm';
import type { CategoryField, EncodingMethod } from '@tagtrack/contract';
import { categories, categoryFields, encodings, items, locations, products } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import type { TestApp } from './build-test-app.js';

/** Direct database set-up for catalogue tests (categories, encodings, items), scoped to one customer. */
export function tenantOf(t: TestApp, customerId: number): TenantScope {
  return new TenantScope(t.database.privileged, customerId);
}

export interface CategorySetUp {
  name: string;
  parent?: number | null;
  encoding?: number | null;
  fields?: (Partial<CategoryField> & Pick<CategoryField, 'name'>)[];
}

export async function makeCategory(
  t: TestApp,
  customerId: number,
  input: CategorySetUp,
): Promise<{ id: number; fields: CategoryField[] }> {
  const tenant = tenantOf(t, customerId);
  const [row] = await tenant
    .insert(categories, { name: input.name, parentId: input.parent ?? null, encodingId: input.encoding ?? null })
    .returning();
  const fields: CategoryField[] = [];
  for (const [position, f] of (input.fields ?? []).entries()) {
    const [field] = await tenant
      .insert(categoryFields, {
        categoryId: row!.id,
        position,
        name: f.name,
        type: f.type ?? 'Text',
        required: f.required ?? false,
        defaultValue: f.default_value ?? null,
        fixedData: f.fixed_data ?? false,
        fixedValue: f.fixed_value ?? null,
        assetData: f.asset_data ?? false,
        showInTable: f.show_in_table ?? false,
        options: f.options ?? [],
      })
      .returning();
    fields.push({
      id: field!.id,
      name: field!.name,
      type: field!.type,
      required: field!.required,
      default_value: field!.defaultValue,
      fixed_data: field!.fixedData,
      fixed_value: field!.fixedValue,
      asset_data: field!.assetData,
      show_in_table: field!.showInTable,
      options: field!.options,
    });
  }
  return { id: row!.id, fields };
}

export async function encodingIds(t: TestApp, customerId: number): Promise<Record<EncodingMethod, number>> {
  const rows = (await tenantOf(t, customerId).select(encodings)) as (typeof encodings.$inferSelect)[];
  return Object.fromEntries(rows.map((r) => [r.method, r.id])) as Record<EncodingMethod, number>;
}

export async function setEncoding(
  t: TestApp,
  customerId: number,
  method: EncodingMethod,
  set: { disabled?: boolean; companyPrefix?: string; isDefault?: boolean },
): Promise<void> {
  const tenant = tenantOf(t, customerId);
  if (set.isDefault) await tenant.update(encodings, { isDefault: false }, eq(encodings.isDefault, true));
  await tenant.update(
    encodings,
    {
      ...(set.disabled !== undefined ? { disabled: set.disabled } : {}),
      ...(set.isDefault !== undefined ? { isDefault: set.isDefault } : {}),
      ...(set.companyPrefix !== undefined ? { metadata: { companyPrefix: set.companyPrefix } } : {}),
    },
    eq(encodings.method, method),
  );
}

export async function specialLocation(t: TestApp, customerId: number, special: 'removed' | 'unassigned') {
  const [row] = (await tenantOf(t, customerId).select(locations, eq(locations.special, special))) as {
    uuid: string;
  }[];
  return row!.uuid;
}

/** Inserts items of a product directly (for tests of other areas than items). */
export async function insertItems(
  t: TestApp,
  customerId: number,
  sku: string,
  codes: string[],
  options: { location?: string; removed?: boolean } = {},
): Promise<number[]> {
  const tenant = tenantOf(t, customerId);
  const [product] = (await tenant.select(products, eq(products.sku, sku))) as (typeof products.$inferSelect)[];
  const location = options.location ?? (await specialLocation(t, customerId, 'unassigned'));
  const rows = await tenant
    .insertMany(
      items,
      codes.map((code) => ({
        code,
        productId: product!.id,
        locationUuid: location,
        removed: options.removed ?? false,
      })),
    )
    .returning({ id: items.id });
  return rows.map((r) => r.id);
}

export async function countItemRows(t: TestApp, customerId: number, productId: number): Promise<number> {
  return tenantOf(t, customerId).count(items, and(eq(items.productId, productId)));
}
