/**
 * NID32 and NID64: Tagtrack's own 96-bit layouts (docs/epc.md).
 * - NID32: key prefix 0x8 (4 bits) | SKU (32 bits) | serial (60 bits) → "8" + 8 + 15 hex digits.
 * - NID64: key prefix 0xD (4 bits) | SKU (64 bits) | serial (28 bits) → "D" + 16 + 7 hex digits.
 * The key prefix is the first hex digit, so neither clashes with SGTIN-96 ("30") or GIAI-96 ("34").
 */
import { MIN_NUMERIC_SKU } from '../catalogue/catalogue.limits.js';
import { skuMaximum } from '../catalogue/sku.rules.js';
import { bitMaximum, bitsToHex, checkRange, parseWholeNumber, packFields, readField } from './bits.js';
import type { DecodedEpc } from './epc.types.js';

export type NidMethod = 'NID32' | 'NID64';

export interface NidLayout {
  keyPrefix: bigint;
  skuBits: number;
  serialBits: number;
}

export const NID_LAYOUTS: Readonly<Record<NidMethod, NidLayout>> = {
  NID32: { keyPrefix: 0x8n, skuBits: 32, serialBits: 60 },
  NID64: { keyPrefix: 0xdn, skuBits: 64, serialBits: 28 },
};

export const NID32_SERIAL_MAX = bitMaximum(NID_LAYOUTS.NID32.serialBits);
export const NID64_SERIAL_MAX = bitMaximum(NID_LAYOUTS.NID64.serialBits);

/** The NID method of a 96-bit value by its first hex digit, or null. */
export function nidMethodOf(bits: bigint): NidMethod | null {
  const keyPrefix = readField(bits, 0, 4);
  if (keyPrefix === NID_LAYOUTS.NID32.keyPrefix) return 'NID32';
  if (keyPrefix === NID_LAYOUTS.NID64.keyPrefix) return 'NID64';
  return null;
}

export function decodeNid(method: NidMethod, bits: bigint): DecodedEpc {
  const layout = NID_LAYOUTS[method];
  const sku = readField(bits, 4, layout.skuBits).toString();
  const serial = readField(bits, 4 + layout.skuBits, layout.serialBits).toString();
  return { method, sku, serial, uri: `urn:tagtrack:${method.toLowerCase()}:${sku}.${serial}` };
}

export function encodeNid(method: NidMethod, sku: string | bigint, serial: string | bigint): string {
  const layout = NID_LAYOUTS[method];
  const skuValue = parseWholeNumber(sku, `The ${method} SKU`);
  checkRange(skuValue, MIN_NUMERIC_SKU, skuMaximum(method)!, `The ${method} SKU`);
  const serialValue = parseWholeNumber(serial, `The ${method} serial`);
  checkRange(serialValue, 0n, bitMaximum(layout.serialBits), `The ${method} serial`);
  return bitsToHex(
    packFields([
      { value: layout.keyPrefix, width: 4 },
      { value: skuValue, width: layout.skuBits },
      { value: serialValue, width: layout.serialBits },
    ]),
  );
}
