import { messageWithParams } from '../common/messages.js';
import {
  NID32_SKU_MAX,
  NID64_SKU_MAX,
  SGTIN96_SKU_MAXIMA,
  SKU_MAX_LENGTH,
  type EncodingMethod,
} from './catalogue.limits.js';

/** A company prefix as GS1 assigns them: 6 to 12 digits. */
export const COMPANY_PREFIX_PATTERN = /^\d{6,12}$/;

export function isCompanyPrefix(value: unknown): value is string {
  return typeof value === 'string' && COMPANY_PREFIX_PATTERN.test(value);
}

/** The SGTIN-96 partition of a company prefix: 12 digits → 0 … 6 digits → 6. */
export function sgtinPartition(companyPrefix: string): number {
  return 12 - companyPrefix.length;
}

/**
 * The largest SKU an encoding method can carry, or null when it has no numeric limit (LOOKUP) or
 * cannot be known (SGTIN-96 without a valid company prefix).
 */
export function skuMaximum(method: EncodingMethod, companyPrefix?: string | null): bigint | null {
  switch (method) {
    case 'NID32':
      return NID32_SKU_MAX;
    case 'NID64':
      return NID64_SKU_MAX;
    case 'SGTIN96':
      return isCompanyPrefix(companyPrefix) ? BigInt(SGTIN96_SKU_MAXIMA[sgtinPartition(companyPrefix)]!) : null;
    case 'LOOKUP':
      return null;
  }
}

export interface SkuEncoding {
  method: EncodingMethod;
  companyPrefix?: string | null;
}

/**
 * The SKU rules of 01 §5, one implementation for the server and the forms. Answers null when the
 * SKU is valid for the encoding, otherwise the message key (with its values) to show.
 * - empty: 'Sku is required';
 * - LOOKUP: any text (up to the length limit);
 * - other methods: letters or other characters → 'The SKU is not valid for this type of encoding
 *   method.'; not a positive whole number of at least 1 written without leading zeros →
 *   'Invalid SKU.'; above the method's maximum → 'The maximum SKU value … is {limit}.'
 */
export function skuError(sku: string, encoding: SkuEncoding): string | null {
  const text = sku.trim();
  if (text === '') return 'requiredSku';
  if (text.length > SKU_MAX_LENGTH) return 'invalidSku';
  if (encoding.method === 'LOOKUP') return null;
  if (/^[-+]?\d+([.,]\d*)?$/.test(text) && !/^\d+$/.test(text)) return 'invalidSku';
  if (!/^\d+$/.test(text)) return 'skuInvalidForEncoding';
  const value = BigInt(text);
  if (value < 1n || text.startsWith('0')) return 'invalidSku';
  const limit = skuMaximum(encoding.method, encoding.companyPrefix);
  if (limit !== null && value > limit) return messageWithParams('skuAboveMaximum', { limit: limit.toString() });
  return null;
}

/** Whether an SKU holds letters or other non-digits (Save is disabled for them unless the encoding is LOOKUP). */
export function skuHasLetters(sku: string): boolean {
  return /[^\d]/.test(sku.trim());
}
