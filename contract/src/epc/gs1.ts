/**
 * The GS1 Tag Data Standard partition tables of SGTIN-96 and GIAI-96: the partition value (0..6)
 * says how the bits after the filter split between the company prefix (12..6 digits) and the rest.
 */
import { isCompanyPrefix } from '../catalogue/sku.rules.js';

export interface Partition {
  companyPrefixBits: number;
  companyPrefixDigits: number;
  /** SGTIN-96: the item reference with its indicator digit; GIAI-96: the individual asset reference. */
  referenceBits: number;
}

export const SGTIN96_HEADER = 0x30n;
export const GIAI96_HEADER = 0x34n;
export const SGTIN96_SERIAL_BITS = 38;

const COMPANY_PREFIX_BITS = [40, 37, 34, 30, 27, 24, 20] as const;

/** SGTIN-96: company prefix + item reference = 44 bits. */
export const SGTIN96_PARTITIONS: readonly Partition[] = COMPANY_PREFIX_BITS.map((bits, partition) => ({
  companyPrefixBits: bits,
  companyPrefixDigits: 12 - partition,
  referenceBits: 44 - bits,
}));

/** GIAI-96: company prefix + individual asset reference = 82 bits. */
export const GIAI96_PARTITIONS: readonly Partition[] = COMPANY_PREFIX_BITS.map((bits, partition) => ({
  companyPrefixBits: bits,
  companyPrefixDigits: 12 - partition,
  referenceBits: 82 - bits,
}));

/** The partition of a company prefix (12 digits → 0 … 6 digits → 6); throws on anything else. */
export function partitionOf(companyPrefix: string | undefined | null): number {
  if (!isCompanyPrefix(companyPrefix)) {
    throw new Error(`A company prefix of 6 to 12 digits is required (got ${JSON.stringify(companyPrefix ?? null)}).`);
  }
  return 12 - companyPrefix.length;
}

/** The company prefix of a decoded field, zero-padded to its partition's digits; null if it has too many digits. */
export function companyPrefixText(value: bigint, partition: Partition): string | null {
  const text = value.toString().padStart(partition.companyPrefixDigits, '0');
  return text.length === partition.companyPrefixDigits ? text : null;
}
