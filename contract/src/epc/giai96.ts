/**
 * GIAI-96 (GS1 Tag Data Standard): header 0x34 (8 bits), filter (3), partition (3), company prefix +
 * individual asset reference (82 bits, split by the partition). It carries no SKU.
 */
import { bitMaximum, bitsToHex, checkRange, parseFilter, parseWholeNumber, packFields, readField } from './bits.js';
import { GIAI96_HEADER, GIAI96_PARTITIONS, companyPrefixText, partitionOf } from './gs1.js';
import type { DecodedEpc } from './epc.types.js';

/** Decodes a 96-bit value whose header is 0x34; null when the partition or company prefix is invalid. */
export function decodeGiai96(bits: bigint): DecodedEpc | null {
  const filter = Number(readField(bits, 8, 3));
  const partition = GIAI96_PARTITIONS[Number(readField(bits, 11, 3))];
  if (!partition) return null;
  const companyPrefix = companyPrefixText(readField(bits, 14, partition.companyPrefixBits), partition);
  if (companyPrefix === null) return null;
  const assetReference = readField(bits, 14 + partition.companyPrefixBits, partition.referenceBits).toString();
  return {
    method: 'GIAI96',
    sku: null,
    serial: assetReference,
    companyPrefix,
    filter,
    uri: `urn:epc:tag:giai-96:${filter}.${companyPrefix}.${assetReference}`,
  };
}

/** The largest individual asset reference GIAI-96 holds with this company prefix. */
export function giai96AssetReferenceMaximum(companyPrefix: string): bigint {
  return bitMaximum(GIAI96_PARTITIONS[partitionOf(companyPrefix)]!.referenceBits);
}

/** A GIAI-96 EPC (upper-case hex, 24 digits) for an organisation's own fixed asset. */
export function encodeGiai96(companyPrefix: string, assetReference: string | bigint, filter?: number): string {
  const partitionValue = partitionOf(companyPrefix);
  const partition = GIAI96_PARTITIONS[partitionValue]!;
  const reference = parseWholeNumber(assetReference, 'The GIAI-96 asset reference');
  checkRange(
    reference,
    0n,
    bitMaximum(partition.referenceBits),
    `The GIAI-96 asset reference for a ${partition.companyPrefixDigits}-digit company prefix`,
  );
  return bitsToHex(
    packFields([
      { value: GIAI96_HEADER, width: 8 },
      { value: parseFilter(filter), width: 3 },
      { value: BigInt(partitionValue), width: 3 },
      { value: BigInt(companyPrefix), width: partition.companyPrefixBits },
      { value: reference, width: partition.referenceBits },
    ]),
  );
}
