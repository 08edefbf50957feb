/**
 * The EPC codec: decode a 96-bit EPC (SGTIN-96, GIAI-96, NID32, NID64), encode one, and find the
 * SKU an EPC carries under a customer's enabled encoding methods. Pure, runs in the browser too.
 */
import {
  EPC_MAX_HEX,
  ENCODING_KEY_PREFIX,
  MIN_NUMERIC_SKU,
  type EncodingMethod,
} from '../catalogue/catalogue.limits.js';
import { EPC96_HEX_LENGTH, hexToBits, readField } from './bits.js';
import { GIAI96_HEADER, SGTIN96_HEADER } from './gs1.js';
import { decodeGiai96 } from './giai96.js';
import { NID32_SERIAL_MAX, NID64_SERIAL_MAX, decodeNid, encodeNid, nidMethodOf } from './nid.js';
import { SGTIN96_SERIAL_MAX, decodeSgtin96, encodeSgtin96 } from './sgtin96.js';
import type { DecodedEpc, EncodableEpcMethod, EpcEncoding, EpcSettings } from './epc.types.js';

const EPC_HEX_PATTERN = /^([0-9A-Fa-f]{4})+$/;

/** Whether a text is an EPC as the item schema accepts it: hexadecimal, whole 16-bit words, at most 124 digits. */
export function isEpcHex(text: string): boolean {
  return typeof text === 'string' && text.length <= EPC_MAX_HEX && EPC_HEX_PATTERN.test(text);
}

/**
 * Decodes a 96-bit EPC (24 hex digits, either case, surrounding spaces ignored). Anything else —
 * bad hex, another length, another header, an invalid SGTIN/GIAI partition or company prefix — is
 * 'unknown'. Never throws.
 */
export function decodeEpc(hex: string): DecodedEpc | 'unknown' {
  if (typeof hex !== 'string') return 'unknown';
  const text = hex.trim();
  if (text.length !== EPC96_HEX_LENGTH || !isEpcHex(text)) return 'unknown';
  const bits = hexToBits(text);
  const header = readField(bits, 0, 8);
  if (header === SGTIN96_HEADER) return decodeSgtin96(bits) ?? 'unknown';
  if (header === GIAI96_HEADER) return decodeGiai96(bits) ?? 'unknown';
  const nid = nidMethodOf(bits);
  return nid === null ? 'unknown' : decodeNid(nid, bits);
}

/**
 * Encodes an SKU and a serial as a 96-bit EPC (24 upper-case hex digits). SKUs go from 1 to the
 * method's maximum (skuMaximum); serials from 0 to epcSerialMaximum. SGTIN-96 needs
 * settings.companyPrefix (6 to 12 digits, it sets the partition) and takes settings.filter (0..7,
 * default 0). Throws an Error saying what is wrong on any out-of-range or malformed input.
 */
export function encodeEpc(
  method: EncodableEpcMethod,
  sku: string | bigint,
  serial: string | bigint,
  settings: EpcSettings = {},
): string {
  switch (method) {
    case 'SGTIN96':
      return encodeSgtin96(sku, serial, settings.companyPrefix, settings.filter);
    case 'NID32':
    case 'NID64':
      return encodeNid(method, sku, serial);
    default:
      throw new Error(`Cannot encode an EPC with the method ${JSON.stringify(method)}.`);
  }
}

/** The largest serial a method's EPCs hold: SGTIN-96 2^38−1, NID32 2^60−1, NID64 2^28−1; null for LOOKUP. */
export function epcSerialMaximum(method: EncodingMethod): bigint | null {
  switch (method) {
    case 'SGTIN96':
      return SGTIN96_SERIAL_MAX;
    case 'NID32':
      return NID32_SERIAL_MAX;
    case 'NID64':
      return NID64_SERIAL_MAX;
    case 'LOOKUP':
      return null;
  }
}

/**
 * The SKU an EPC carries under the customer's encodings, or null when none of the enabled methods
 * reads one. SGTIN-96 counts only when the EPC's company prefix equals the configured one; an SKU
 * of 0 (which no product can have) gives null. LOOKUP never answers here: its SKU is whatever was
 * registered for the item.
 */
export function skuFromEpc(
  hex: string,
  encodings: readonly EpcEncoding[],
): { method: EncodingMethod; sku: string } | null {
  const decoded = decodeEpc(hex);
  if (decoded === 'unknown' || decoded.method === 'GIAI96' || decoded.sku === null) return null;
  const method = decoded.method;
  const encoding = encodings.find((e) => !e.disabled && e.method === method);
  if (!encoding) return null;
  if (method === 'SGTIN96' && decoded.companyPrefix !== encoding.metadata.companyPrefix?.trim()) return null;
  if (BigInt(decoded.sku) < MIN_NUMERIC_SKU) return null;
  return { method, sku: decoded.sku };
}

/**
 * The hex key prefixes of the enabled methods for reader filters (02 §3): '8' NID32, 'D' NID64,
 * '30' SGTIN96, in that order. LOOKUP has none: it accepts any EPC, so a reader that should see
 * lookup tags must not filter by these.
 */
export function epcKeyPrefixes(encodings: readonly Pick<EpcEncoding, 'method' | 'disabled'>[]): string[] {
  const enabled = new Set(encodings.filter((e) => !e.disabled).map((e) => e.method));
  return (['NID32', 'NID64', 'SGTIN96'] as const).filter((m) => enabled.has(m)).map((m) => ENCODING_KEY_PREFIX[m]);
}
