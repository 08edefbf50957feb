import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { EpcSchema, skuFromEpc, type Encoding, type Product } from '@tagtrack/contract';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { productQueryOptions } from '../../api/get-product';

/** How long typing pauses before the EPC is decoded and its product looked up. */
export const EPC_DECODE_DEBOUNCE_MS = 300;

export type EpcProduct =
  /** Nothing typed, or not a valid EPC yet. */
  | { status: 'empty' }
  /** Decoding or looking the SKU up. */
  | { status: 'pending' }
  /** The EPC carries the SKU of this product. */
  | { status: 'product'; product: Product; method: string }
  /** The EPC maps to no product: to no SKU (sku null), or to an SKU no product has. */
  | { status: 'none'; sku: string | null; method: string | null };

/**
 * Decodes the EPC as it is typed (the contract codec with the customer's enabled encodings) and
 * looks up the product its SKU names, as the server will when the item is saved.
 */
export function useEpcProduct(epc: string, encodings: readonly Encoding[] | undefined): EpcProduct {
  const typed = epc.trim().toUpperCase();
  const debounced = useDebouncedValue(typed, EPC_DECODE_DEBOUNCE_MS);
  const valid = EpcSchema.safeParse(debounced).success;
  const decoded = useMemo(
    () => (valid && encodings ? skuFromEpc(debounced, encodings) : null),
    [valid, debounced, encodings],
  );
  const sku = decoded?.sku ?? '';
  const lookup = useQuery({ ...productQueryOptions(sku), enabled: sku !== '', retry: false });

  if (!EpcSchema.safeParse(typed).success) return { status: 'empty' };
  if (debounced !== typed || !encodings) return { status: 'pending' };
  if (!decoded) return { status: 'none', sku: null, method: null };
  if (lookup.data) return { status: 'product', product: lookup.data, method: decoded.method };
  if (lookup.isPending) return { status: 'pending' };
  return { status: 'none', sku: decoded.sku, method: decoded.method };
}
