/**
 * SGTIN-96 (GS1 Tag Data Standard): header 0x30 (8 bits), filter (3), partition (3), company
 * prefix + item reference with its indicator digit (44 bits, split by the partition), serial (38).
 * The SKU is the item reference, so its maximum is the item reference field's bit maximum.
 */
import { skuMaximum } from '../catalogue/sku.rules.js';
import { MIN_NUMERIC_SKU } from '../catalogue/catalogue.limits.js';
import { bitMaximum, bitsToHex, checkRange, parseFilter, parseWholeNumber, packFields, readField } from './bits.js';
import { SGTIN96_HEADER, SGTIN96_PARTITIONS, SGTIN96_SERIAL_BITS, companyPrefixText, partitionOf } from './gs1.js';
import type { DecodedEpc } from './epc.types.js';

export const SGTIN96_SERIAL_MAX = bitMaximum(SGTIN96_SERIAL_BITS);

/** Decodes a 96-bit value whose header is 0x30; null when the partition or company prefix is invalid. */
export function decodeSgtin96(bits: bigint): DecodedEpc | null {
  const filter = Number(readField(bits, 8, 3));
  const partitionValue = Number(readField(bits, 11, 3));
  const partition = SGTIN96_PARTITIONS[partitionValue];
  if (!partition) return null;
  const companyPrefix = companyPrefixText(readField(bits, 14, partition.companyPrefixBits), partition);
  if (companyPrefix === null) return null;
  const itemReference = readField(bits, 14 + partition.companyPrefixBits, partition.referenceBits);
  const serial = readField(bits, 58, SGTIN96_SERIAL_BITS).toString();
  const sku = itemReference.toString();
  // The URI pads the item reference to 13 − (company prefix digits) digits, as the TDS writes it.
  const itemReferenceText = sku.padStart(13 - partition.companyPrefixDigits, '0');
  return {
    method: 'SGTIN96',
    sku,
    serial,
    companyPrefix,
    filter,
    uri: `urn:epc:tag:sgtin-96:${filter}.${companyPrefix}.${itemReferenceText}.${serial}`,
  };
}

export function encodeSgtin96(
  sku: string | bigint,
  serial: string | bigint,
  companyPrefix: string | null | undefined,
  filter?: number,
): string {
  const partitionValue = partitionOf(companyPrefix);
  const partition = SGTIN96_PARTITIONS[partitionValue]!;
  const skuValue = parseWholeNumber(sku, 'The SGTIN-96 SKU');
  const maximum = skuMaximum('SGTIN96', companyPrefix);
  checkRange(
    skuValue,
    MIN_NUMERIC_SKU,
    maximum!,
    `The SGTIN-96 SKU for a ${partition.companyPrefixDigits}-digit company prefix`,
  );
  const serialValue = parseWholeNumber(serial, 'The SGTIN-96 serial');
  checkRange(serialValue, 0n, SGTIN96_SERIAL_MAX, 'The SGTIN-96 serial');
  return bitsToHex(
    packFields([
      { value: SGTIN96_HEADER, width: 8 },
      { value: parseFilter(filter), width: 3 },
      { value: BigInt(partitionValue), width: 3 },
      { value: BigInt(companyPrefix!), width: partition.companyPrefixBits },
      { value: skuValue, width: partition.referenceBits },
      { value: serialValue, width: SGTIN96_SERIAL_BITS },
    ]),
  );
}
