import { eq } from 'drizzle-orm';
import { ENCODING_METHODS, UNASSIGNED_SKU, type EncodingMethod } from '@tagtrack/contract';
import { encodings, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

/** A new customer's encoding methods: NID32 is the default; SGTIN-96 waits for a company prefix. */
const DEFAULT_ENCODINGS: Readonly<Record<EncodingMethod, { disabled: boolean; isDefault: boolean }>> = {
  NID32: { disabled: false, isDefault: true },
  NID64: { disabled: false, isDefault: false },
  SGTIN96: { disabled: true, isDefault: false },
  LOOKUP: { disabled: false, isDefault: false },
};

/**
 * Gives a customer its four encoding methods and the special product Unassigned (the same as
 * migration 0004 does for customers made before the catalogue). Idempotent.
 */
export async function ensureCatalogueDefaults(tenant: TenantScope): Promise<void> {
  const existing = new Set((await tenant.select(encodings)).map((row) => row.method));
  const missing = ENCODING_METHODS.filter((method) => !existing.has(method));
  if (missing.length > 0) {
    await tenant
      .insertMany(
        encodings,
        missing.map((method) => ({ method, ...DEFAULT_ENCODINGS[method], metadata: {} })),
      )
      .onConflictDoNothing();
  }
  if (!(await tenant.count(products, eq(products.special, 'unassigned')))) {
    await tenant
      .insert(products, {
        sku: UNASSIGNED_SKU,
        name: UNASSIGNED_SKU,
        productCode: UNASSIGNED_SKU,
        special: 'unassigned',
      })
      .onConflictDoNothing();
  }
}
