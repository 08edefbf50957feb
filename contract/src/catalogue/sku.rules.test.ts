import { describe, expect, it } from 'vitest';
import { messageWithParams, validationMessage } from '../common/messages.js';
import { SGTIN96_SKU_MAXIMA } from './catalogue.limits.js';
import { isCompanyPrefix, sgtinPartition, skuError, skuHasLetters, skuMaximum, type SkuEncoding } from './sku.rules.js';

const NID32: SkuEncoding = { method: 'NID32' };
const NID64: SkuEncoding = { method: 'NID64' };
const LOOKUP: SkuEncoding = { method: 'LOOKUP' };
const sgtin = (companyPrefix: string | null): SkuEncoding => ({ method: 'SGTIN96', companyPrefix });
const NUMERIC = [NID32, NID64, sgtin('0614141')];

describe('skuError', () => {
  it.each(['0', '00', '-1', '+1', '1.5', '1,5', '1.', '007', '01', ' 007 ', '1'.repeat(101)])(
    '%j → Invalid SKU.',
    (sku) => {
      for (const encoding of NUMERIC) {
        expect(skuError(sku, encoding)).toBe('invalidSku');
        expect(validationMessage(skuError(sku, encoding)!)).toBe('Invalid SKU.');
      }
    },
  );

  it.each(['abc', 'A1', '12a', '1e5', '1 2', '0x10', '١٢', '12-3', '½'])(
    '%j → not valid for this type of encoding method',
    (sku) => {
      for (const encoding of NUMERIC) {
        expect(skuError(sku, encoding)).toBe('skuInvalidForEncoding');
        expect(validationMessage(skuError(sku, encoding)!)).toBe(
          'The SKU is not valid for this type of encoding method.',
        );
      }
    },
  );

  it.each(['', '   '])('%j → Sku is required, for every method', (sku) => {
    for (const encoding of [...NUMERIC, LOOKUP]) expect(skuError(sku, encoding)).toBe('requiredSku');
  });

  it('accepts 1 and the maximum, refuses maximum + 1 with the limit in the message', () => {
    const cases: [SkuEncoding, bigint][] = [
      [NID32, 2n ** 32n - 1n],
      [NID64, 2n ** 64n - 1n],
      ...SGTIN96_SKU_MAXIMA.map((max, partition): [SkuEncoding, bigint] => [
        sgtin('061414123456'.slice(0, 12 - partition)),
        BigInt(max),
      ]),
    ];
    for (const [encoding, maximum] of cases) {
      expect(skuError('1', encoding)).toBeNull();
      expect(skuError(maximum.toString(), encoding)).toBeNull();
      expect(skuError(` ${maximum} `, encoding)).toBeNull();
      const error = skuError((maximum + 1n).toString(), encoding);
      expect(error).toBe(messageWithParams('skuAboveMaximum', { limit: maximum.toString() }));
      expect(validationMessage(error!)).toBe(`The maximum SKU value for the selected encoding method is ${maximum}.`);
    }
  });

  it('keeps 64-bit limits exact', () => {
    expect(validationMessage(skuError('18446744073709551616', NID64)!)).toBe(
      'The maximum SKU value for the selected encoding method is 18446744073709551615.',
    );
    expect(skuError('18446744073709551615', NID64)).toBeNull();
    expect(skuError('4294967296', NID32)).toBe(messageWithParams('skuAboveMaximum', { limit: '4294967295' }));
  });

  it('LOOKUP accepts letters and any other text up to the length limit', () => {
    for (const sku of ['abc', 'SKU-001', '007', '0', '1.5', 'Über Größe', '1'.repeat(100)]) {
      expect(skuError(sku, LOOKUP)).toBeNull();
    }
    expect(skuError('x'.repeat(101), LOOKUP)).toBe('invalidSku');
  });

  it('SGTIN-96 without a valid company prefix has no known limit', () => {
    expect(skuError('99999999', sgtin(null))).toBeNull();
    expect(skuError('99999999', sgtin('123'))).toBeNull();
    expect(skuError('abc', sgtin(null))).toBe('skuInvalidForEncoding');
  });
});

describe('skuMaximum', () => {
  it('answers each method’s maximum', () => {
    expect(skuMaximum('NID32')).toBe(4294967295n);
    expect(skuMaximum('NID64')).toBe(18446744073709551615n);
    expect(skuMaximum('LOOKUP')).toBeNull();
    expect(skuMaximum('SGTIN96')).toBeNull();
    expect(skuMaximum('SGTIN96', null)).toBeNull();
    expect(skuMaximum('SGTIN96', '12345')).toBeNull();
    expect(skuMaximum('SGTIN96', '1234567890123')).toBeNull();
  });

  it.each([
    ['123456789012', 15n],
    ['12345678901', 127n],
    ['1234567890', 1023n],
    ['123456789', 16383n],
    ['12345678', 131071n],
    ['0614141', 1048575n],
    ['123456', 16777215n],
  ])('SGTIN-96 with company prefix %s → %s', (companyPrefix, maximum) => {
    expect(skuMaximum('SGTIN96', companyPrefix)).toBe(maximum);
  });
});

describe('company prefix', () => {
  it.each([
    ['123456', true, 6],
    ['000000000000', true, 0],
    ['0614141', true, 5],
    ['12345', false, null],
    ['1234567890123', false, null],
    ['12345a', false, null],
    [' 123456', false, null],
  ])('%j valid %s, partition %s', (prefix, valid, partition) => {
    expect(isCompanyPrefix(prefix)).toBe(valid);
    if (partition !== null) expect(sgtinPartition(prefix)).toBe(partition);
  });

  it('refuses non-strings', () => {
    expect(isCompanyPrefix(614141)).toBe(false);
    expect(isCompanyPrefix(null)).toBe(false);
  });
});

describe('skuHasLetters', () => {
  it.each([
    ['123', false],
    [' 123 ', false],
    ['12a', true],
    ['1.5', true],
    ['-1', true],
    ['', false],
  ])('%j → %s', (sku, expected) => {
    expect(skuHasLetters(sku)).toBe(expected);
  });
});
