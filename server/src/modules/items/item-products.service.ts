import {
  skuFromEpc,
  UNASSIGNED_SKU,
  type Encoding,
  type EncodingMethod,
  type ValidationMessageKey,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { listEncodings } from '../encodings/encodings.service.js';
import { findProductMethodsBySku, findUnassignedProduct, type ProductMethodRow } from './product-methods.repository.js';

export type ProductResolution =
  | { productId: number; sku: string; categoryId: number | null }
  | { error: Extract<ValidationMessageKey, 'epcNotForProduct' | 'epcNoProduct' | 'unknownProduct'> };

/** The effective method of a product row (null in the row means the customer's default). */
export function methodOf(row: Pick<ProductMethodRow, 'method'>, encodings: readonly Encoding[]): EncodingMethod {
  return row.method ?? encodings.find((e) => e.default)?.method ?? 'NID32';
}

const found = (row: ProductMethodRow): ProductResolution => ({
  productId: row.id,
  sku: row.sku,
  categoryId: row.categoryId,
});

/**
 * The product of each EPC (01 §2.11, §3): the product whose SKU the EPC carries under an enabled
 * encoding method that is also the product's effective method; otherwise Unassigned. A hint
 * (product__sku) must agree: it may name the EPC's own product, Unassigned when the EPC maps to
 * none, or a product whose effective encoding is LOOKUP (its SKU is what was registered for the
 * tag); anything else is refused. One query per 10,000 SKUs, not one per EPC, for imports and reads.
 */
export async function resolveProducts(
  tenant: TenantScope,
  codes: readonly string[],
  skuHints?: ReadonlyMap<string, string | undefined>,
  encodingList?: readonly Encoding[],
): Promise<Map<string, ProductResolution>> {
  if (codes.length === 0) return new Map();
  const encodings = encodingList ?? (await listEncodings(tenant));
  const decoded = new Map(codes.map((code) => [code, skuFromEpc(code.trim().toUpperCase(), encodings)]));
  const wanted = new Set<string>();
  for (const code of codes) {
    const fromEpc = decoded.get(code);
    if (fromEpc) wanted.add(fromEpc.sku);
    const hint = skuHints?.get(code)?.trim();
    if (hint) wanted.add(hint);
  }
  const rows = await findProductMethodsBySku(tenant, [...wanted]);
  const bySku = new Map(rows.map((row) => [row.sku, row]));
  let unassigned: ProductMethodRow | undefined = rows.find((r) => r.special === 'unassigned');
  const unassignedRow = async () => (unassigned ??= await findUnassignedProduct(tenant));

  const result = new Map<string, ProductResolution>();
  for (const code of codes) {
    const fromEpc = decoded.get(code) ?? null;
    const candidate = fromEpc ? bySku.get(fromEpc.sku) : undefined;
    const own = candidate && methodOf(candidate, encodings) === fromEpc?.method ? candidate : undefined;
    const hint = skuHints?.get(code)?.trim();
    if (!hint) {
      result.set(code, found(own ?? (await unassignedRow())));
      continue;
    }
    const named = bySku.get(hint) ?? (hint === UNASSIGNED_SKU ? await unassignedRow() : undefined);
    if (!named) result.set(code, { error: 'unknownProduct' });
    else if (own) result.set(code, own.id === named.id ? found(own) : { error: 'epcNotForProduct' });
    else if (named.special === 'unassigned' || methodOf(named, encodings) === 'LOOKUP') result.set(code, found(named));
    else result.set(code, { error: fromEpc ? 'epcNotForProduct' : 'epcNoProduct' });
  }
  return result;
}
