/**
 * Bit helpers for 96-bit EPCs. Every value is a bigint: 64-bit SKUs and 60-bit serials never pass
 * through floating point.
 */

/** A 96-bit EPC is 24 hexadecimal digits. */
export const EPC96_BITS = 96;
export const EPC96_HEX_LENGTH = EPC96_BITS / 4;

/** The largest value that fits in `width` bits. */
export function bitMaximum(width: number): bigint {
  return (1n << BigInt(width)) - 1n;
}

/** The 96-bit value of 24 hexadecimal digits (the caller checks the text). */
export function hexToBits(hex: string): bigint {
  return BigInt(`0x${hex}`);
}

/** 24 upper-case hexadecimal digits of a 96-bit value. */
export function bitsToHex(value: bigint): string {
  return value.toString(16).toUpperCase().padStart(EPC96_HEX_LENGTH, '0');
}

/** Reads `width` bits starting `offset` bits from the most significant end of a 96-bit value. */
export function readField(value: bigint, offset: number, width: number): bigint {
  return (value >> BigInt(EPC96_BITS - offset - width)) & bitMaximum(width);
}

export interface BitField {
  value: bigint;
  width: number;
}

/** Packs fields, most significant first, into a 96-bit value; they must fill exactly 96 bits. */
export function packFields(fields: readonly BitField[]): bigint {
  let result = 0n;
  let used = 0;
  for (const { value, width } of fields) {
    if (value < 0n || value > bitMaximum(width))
      throw new Error(`EPC field value ${value} does not fit in ${width} bits.`);
    result = (result << BigInt(width)) | value;
    used += width;
  }
  if (used !== EPC96_BITS) throw new Error(`EPC fields fill ${used} bits instead of ${EPC96_BITS}.`);
  return result;
}

/**
 * A non-negative whole number from a bigint or a decimal string written without sign, spaces or
 * leading zeros (the way decodeEpc answers it), so that encode and decode round-trip exactly.
 */
export function parseWholeNumber(value: string | bigint, what: string): bigint {
  if (typeof value === 'bigint') {
    if (value < 0n) throw new Error(`${what} must not be negative (got ${value}).`);
    return value;
  }
  if (typeof value !== 'string' || !/^(0|[1-9]\d*)$/.test(value)) {
    throw new Error(
      `${what} must be a whole decimal number without sign or leading zeros (got ${JSON.stringify(value)}).`,
    );
  }
  return BigInt(value);
}

/** Checks a value against its inclusive range and says which limit it breaks. */
export function checkRange(value: bigint, minimum: bigint, maximum: bigint, what: string): void {
  if (value < minimum || value > maximum) {
    throw new Error(`${what} ${value} is out of range: it must be between ${minimum} and ${maximum}.`);
  }
}

/** An EPC filter value: 3 bits. */
export function parseFilter(filter: number | undefined): bigint {
  const value = filter ?? 0;
  if (!Number.isInteger(value) || value < 0 || value > 7) {
    throw new Error(`The EPC filter value must be a whole number from 0 to 7 (got ${String(filter)}).`);
  }
  return BigInt(value);
}
