import { describe, expect, it } from 'vitest';
import { NID32_SKU_MAX, NID64_SKU_MAX, SGTIN96_SKU_MAXIMA } from '../catalogue/catalogue.limits.js';
import { skuError, skuMaximum } from '../catalogue/sku.rules.js';
import { messageWithParams } from '../common/messages.js';
import type { Encoding } from '../catalogue/encoding.schemas.js';
import {
  GIAI96_PARTITIONS,
  NID32_SERIAL_MAX,
  NID64_SERIAL_MAX,
  SGTIN96_PARTITIONS,
  SGTIN96_SERIAL_MAX,
  decodeEpc,
  encodeEpc,
  encodeGiai96,
  epcKeyPrefixes,
  epcSerialMaximum,
  giai96AssetReferenceMaximum,
  isEpcHex,
  skuFromEpc,
  type EpcEncoding,
} from './index.js';

/** A company prefix of n digits (6..12), with a leading zero like many real ones. */
const prefixOf = (digits: number) => '0614141234567'.slice(0, digits);

describe('SGTIN-96 reference vectors', () => {
  // The GS1 Tag Data Standard's example, and one from an independent TDT implementation's tests.
  it.each([
    {
      hex: '3074257BF7194E4000001A85',
      uri: 'urn:epc:tag:sgtin-96:3.0614141.812345.6789',
      sku: '812345',
      companyPrefix: '0614141',
      serial: '6789',
      filter: 3,
    },
    {
      hex: '303613ACD83B9AC000000646',
      uri: 'urn:epc:tag:sgtin-96:1.8710966.061035.1606',
      sku: '61035',
      companyPrefix: '8710966',
      serial: '1606',
      filter: 1,
    },
  ])('$hex ↔ $uri', ({ hex, uri, sku, companyPrefix, serial, filter }) => {
    expect(decodeEpc(hex)).toEqual({ method: 'SGTIN96', sku, serial, companyPrefix, filter, uri });
    expect(decodeEpc(hex.toLowerCase())).toEqual(decodeEpc(hex));
    expect(encodeEpc('SGTIN96', sku, serial, { companyPrefix, filter })).toBe(hex);
  });

  it('encodes from bigints as well as strings', () => {
    expect(encodeEpc('SGTIN96', 812345n, 6789n, { companyPrefix: '0614141', filter: 3 })).toBe(
      '3074257BF7194E4000001A85',
    );
  });

  it('defaults the filter to 0', () => {
    const hex = encodeEpc('SGTIN96', '812345', '6789', { companyPrefix: '0614141' });
    expect(decodeEpc(hex)).toMatchObject({ filter: 0, uri: 'urn:epc:tag:sgtin-96:0.0614141.812345.6789' });
  });
});

describe('SGTIN-96 partitions', () => {
  it('item reference widths give exactly the SKU maxima of the spec', () => {
    expect(SGTIN96_PARTITIONS.map((p) => 2 ** p.referenceBits - 1)).toEqual([...SGTIN96_SKU_MAXIMA]);
  });

  it.each([0, 1, 2, 3, 4, 5, 6])('partition %i: the maximum encodes, maximum + 1 is refused', (partition) => {
    const companyPrefix = prefixOf(12 - partition);
    const maximum = BigInt(SGTIN96_SKU_MAXIMA[partition]!);
    expect(skuMaximum('SGTIN96', companyPrefix)).toBe(maximum);

    const hex = encodeEpc('SGTIN96', maximum, SGTIN96_SERIAL_MAX, { companyPrefix, filter: 7 });
    expect(decodeEpc(hex)).toMatchObject({
      method: 'SGTIN96',
      sku: maximum.toString(),
      serial: '274877906943',
      companyPrefix,
      filter: 7,
    });
    expect(skuError(maximum.toString(), { method: 'SGTIN96', companyPrefix })).toBeNull();

    const above = maximum + 1n;
    expect(() => encodeEpc('SGTIN96', above, 1n, { companyPrefix })).toThrow(
      `The SGTIN-96 SKU for a ${12 - partition}-digit company prefix ${above} is out of range: it must be between 1 and ${maximum}.`,
    );
    expect(skuError(above.toString(), { method: 'SGTIN96', companyPrefix })).toBe(
      messageWithParams('skuAboveMaximum', { limit: maximum.toString() }),
    );
  });

  it('writes the partition that the company prefix length gives', () => {
    for (let digits = 6; digits <= 12; digits++) {
      const hex = encodeEpc('SGTIN96', 1n, 0n, { companyPrefix: prefixOf(digits) });
      expect(Number((BigInt(`0x${hex}`) >> 82n) & 7n)).toBe(12 - digits);
    }
  });

  it('pads the item reference in the URI to 13 − prefix digits and keeps the SKU unpadded', () => {
    expect(decodeEpc(encodeEpc('SGTIN96', 5n, 0n, { companyPrefix: '0614141' }))).toMatchObject({
      sku: '5',
      uri: 'urn:epc:tag:sgtin-96:0.0614141.000005.0',
    });
  });

  it('refuses bad SGTIN-96 input with a clear message', () => {
    expect(() => encodeEpc('SGTIN96', 1n, 1n)).toThrow('A company prefix of 6 to 12 digits is required (got null).');
    expect(() => encodeEpc('SGTIN96', 1n, 1n, { companyPrefix: '12345' })).toThrow(/6 to 12 digits/);
    expect(() => encodeEpc('SGTIN96', 1n, 1n, { companyPrefix: '1234567890123' })).toThrow(/6 to 12 digits/);
    expect(() => encodeEpc('SGTIN96', 1n, 1n, { companyPrefix: '06141A1' })).toThrow(/6 to 12 digits/);
    expect(() => encodeEpc('SGTIN96', 0n, 1n, { companyPrefix: '0614141' })).toThrow(/between 1 and 1048575/);
    expect(() => encodeEpc('SGTIN96', 1n, SGTIN96_SERIAL_MAX + 1n, { companyPrefix: '0614141' })).toThrow(
      'The SGTIN-96 serial 274877906944 is out of range: it must be between 0 and 274877906943.',
    );
    expect(() => encodeEpc('SGTIN96', 1n, -1n, { companyPrefix: '0614141' })).toThrow(/must not be negative/);
    for (const filter of [-1, 8, 1.5, Number.NaN]) {
      expect(() => encodeEpc('SGTIN96', 1n, 1n, { companyPrefix: '0614141', filter })).toThrow(/filter value/);
    }
  });

  it('reads a bad partition or a company prefix with too many digits as unknown', () => {
    // Partition 7 does not exist.
    expect(decodeEpc('307C257BF7194E4000001A85')).toBe('unknown');
    // Partition 6 (6 digits in 20 bits) holding 1048575 or 1000000; 999999 is fine.
    expect(decodeEpc('301BFFFFC000000000000000')).toBe('unknown');
    expect(decodeEpc('301BD0900000000000000000')).toBe('unknown');
    expect(decodeEpc('301BD08FC000000000000000')).toMatchObject({ companyPrefix: '999999', sku: '0' });
    // Partition 0 (12 digits in 40 bits) holding 10^12; 10^12 − 1 is fine.
    expect(decodeEpc('3003A3529440000000000000')).toBe('unknown');
    expect(decodeEpc('3003A352943FFC0000000000')).toMatchObject({ companyPrefix: '999999999999' });
    // GIAI-96 with partition 7, and partition 5 holding an 8-digit company prefix.
    expect(decodeEpc('341C00000000000000000000')).toBe('unknown');
    expect(decodeEpc('3416625A0000000000000001')).toBe('unknown');
  });
});

describe('GIAI-96', () => {
  // The GS1 Tag Data Standard's example and vectors from independent implementations' tests.
  it.each([
    { hex: '3474257BF40000000000162E', uri: 'urn:epc:tag:giai-96:3.0614141.5678', filter: 3 },
    { hex: '3434257BF400000000002694', uri: 'urn:epc:tag:giai-96:1.0614141.9876', filter: 1 },
    { hex: '3476451FD40000000000162E', uri: 'urn:epc:tag:giai-96:3.9521141.5678', filter: 3 },
    { hex: '34344B5A1C00000000000001', uri: 'urn:epc:tag:giai-96:1.1234567.1', filter: 1 },
    { hex: '3414257BF400000000BC6038', uri: 'urn:epc:tag:giai-96:0.0614141.12345400', filter: 0 },
  ])('$hex ↔ $uri', ({ hex, uri, filter }) => {
    const [, companyPrefix, serial] = uri.slice('urn:epc:tag:giai-96:'.length).split('.') as [string, string, string];
    expect(decodeEpc(hex)).toEqual({ method: 'GIAI96', sku: null, serial, companyPrefix, filter, uri });
    expect(encodeGiai96(companyPrefix, serial, filter)).toBe(hex);
  });

  it.each([0, 1, 2, 3, 4, 5, 6])('partition %i: the largest asset reference fits, one more is refused', (partition) => {
    const companyPrefix = prefixOf(12 - partition);
    const maximum = 2n ** BigInt(GIAI96_PARTITIONS[partition]!.referenceBits) - 1n;
    expect(giai96AssetReferenceMaximum(companyPrefix)).toBe(maximum);
    expect(decodeEpc(encodeGiai96(companyPrefix, maximum))).toMatchObject({
      serial: maximum.toString(),
      companyPrefix,
    });
    expect(() => encodeGiai96(companyPrefix, maximum + 1n)).toThrow(/GIAI-96 asset reference .* out of range/);
  });

  it('has no SKU, so skuFromEpc never maps it', () => {
    expect(skuFromEpc('3474257BF40000000000162E', ENCODINGS)).toBeNull();
  });
});

describe('NID32 and NID64', () => {
  it.each([
    ['NID32', 1n, 1n, '800000001000000000000001'],
    ['NID32', 2n ** 32n - 1n, 0n, '8FFFFFFFF000000000000000'],
    ['NID32', 305419896n, 2n ** 60n - 1n, '812345678FFFFFFFFFFFFFFF'],
    ['NID64', 1n, 1n, 'D00000000000000010000001'],
    ['NID64', 2n ** 32n - 1n, 0n, 'D00000000FFFFFFFF0000000'],
    ['NID64', 2n ** 32n, 0n, 'D00000001000000000000000'],
    ['NID64', 2n ** 64n - 1n, 5n, 'DFFFFFFFFFFFFFFFF0000005'],
    ['NID64', 2n ** 64n - 1n, 2n ** 28n - 1n, 'DFFFFFFFFFFFFFFFFFFFFFFF'],
    ['NID64', 2n ** 53n + 1n, 0n, 'D00200000000000010000000'],
  ] as const)('%s SKU %s serial %s ↔ %s', (method, sku, serial, hex) => {
    expect(encodeEpc(method, sku, serial)).toBe(hex);
    expect(encodeEpc(method, sku.toString(), serial.toString())).toBe(hex);
    expect(decodeEpc(hex)).toEqual({
      method,
      sku: sku.toString(),
      serial: serial.toString(),
      uri: `urn:tagtrack:${method.toLowerCase()}:${sku}.${serial}`,
    });
  });

  it('keeps 64-bit SKUs exact (no floating point)', () => {
    const decoded = decodeEpc('DFFFFFFFFFFFFFFFF0000005');
    expect(decoded).not.toBe('unknown');
    expect(decoded !== 'unknown' && decoded.sku).toBe('18446744073709551615');
    expect(decodeEpc('D00200000000000010000000')).toMatchObject({ sku: '9007199254740993' });
  });

  it('SKU maxima are the limits skuMaximum and skuError use', () => {
    expect(skuMaximum('NID32')).toBe(NID32_SKU_MAX);
    expect(skuMaximum('NID64')).toBe(NID64_SKU_MAX);
    expect(() => encodeEpc('NID32', NID32_SKU_MAX + 1n, 0n)).toThrow(
      'The NID32 SKU 4294967296 is out of range: it must be between 1 and 4294967295.',
    );
    expect(() => encodeEpc('NID64', (NID64_SKU_MAX + 1n).toString(), 0n)).toThrow(
      'The NID64 SKU 18446744073709551616 is out of range: it must be between 1 and 18446744073709551615.',
    );
    expect(skuError('4294967296', { method: 'NID32' })).toBe(
      messageWithParams('skuAboveMaximum', { limit: '4294967295' }),
    );
    expect(skuError('18446744073709551616', { method: 'NID64' })).toBe(
      messageWithParams('skuAboveMaximum', { limit: '18446744073709551615' }),
    );
  });

  it('serial maxima: NID32 60 bits, NID64 28 bits', () => {
    expect(NID32_SERIAL_MAX).toBe(2n ** 60n - 1n);
    expect(NID64_SERIAL_MAX).toBe(2n ** 28n - 1n);
    expect(epcSerialMaximum('NID32')).toBe(NID32_SERIAL_MAX);
    expect(epcSerialMaximum('NID64')).toBe(NID64_SERIAL_MAX);
    expect(epcSerialMaximum('SGTIN96')).toBe(2n ** 38n - 1n);
    expect(epcSerialMaximum('LOOKUP')).toBeNull();
    expect(() => encodeEpc('NID32', 1n, 2n ** 60n)).toThrow(/NID32 serial 1152921504606846976 is out of range/);
    expect(() => encodeEpc('NID64', 1n, 2n ** 28n)).toThrow(
      'The NID64 serial 268435456 is out of range: it must be between 0 and 268435455.',
    );
  });

  it('refuses SKU 0, negative numbers and text that is not a plain decimal number', () => {
    expect(() => encodeEpc('NID32', 0n, 0n)).toThrow(
      'The NID32 SKU 0 is out of range: it must be between 1 and 4294967295.',
    );
    expect(() => encodeEpc('NID32', -5n, 0n)).toThrow('The NID32 SKU must not be negative (got -5).');
    for (const bad of ['', '007', '-1', '+1', '1.5', '1e3', ' 1', 'abc', '0x10']) {
      expect(() => encodeEpc('NID64', bad, 0n)).toThrow(/NID64 SKU must be a whole decimal number/);
      expect(() => encodeEpc('NID64', 1n, bad)).toThrow(/NID64 serial must be a whole decimal number/);
    }
  });

  it('refuses methods it cannot encode', () => {
    expect(() => encodeEpc('LOOKUP' as never, 1n, 1n)).toThrow('Cannot encode an EPC with the method "LOOKUP".');
    expect(() => encodeEpc('GIAI96' as never, 1n, 1n)).toThrow(/GIAI96/);
  });

  it('does not clash with SGTIN-96 or GIAI-96 headers', () => {
    expect(encodeEpc('NID32', 1n, 1n)[0]).toBe('8');
    expect(encodeEpc('NID64', 1n, 1n)[0]).toBe('D');
    expect(encodeEpc('SGTIN96', 1n, 1n, { companyPrefix: '0614141' }).slice(0, 2)).toBe('30');
  });
});

describe('decodeEpc of anything else', () => {
  it.each([
    ['an unknown header', 'E20034120000000000000000'],
    ['SGTIN-198 header', '363613ACD83B9AD2B26AC990'],
    ['SSCC-96', '31105E30A7055F2CC0000000'],
    ['GID-96', '3500004D20004D20000004D2'],
    ['all zeros', '000000000000000000000000'],
    ['a 128-bit NID-looking EPC', '8000000010000000000000010000'],
    ['a 64-bit EPC', '80000000100000000'.slice(0, 16)],
    ['23 digits', '3074257BF7194E4000001A8'],
    ['25 digits', '3074257BF7194E4000001A850'],
    ['a non-hex character', '3074257BF7194E4000001A8G'],
    ['inner spaces', '3074257BF7194E40 0001A85'],
    ['0x prefix', '0x3074257BF7194E4000001A'],
    ['empty', ''],
  ])('%s → unknown', (_, hex) => {
    expect(decodeEpc(hex)).toBe('unknown');
  });

  it('does not throw on non-strings', () => {
    expect(decodeEpc(undefined as unknown as string)).toBe('unknown');
    expect(decodeEpc(42 as unknown as string)).toBe('unknown');
  });

  it('ignores surrounding spaces', () => {
    expect(decodeEpc('  3074257BF7194E4000001A85\n')).toMatchObject({ sku: '812345' });
  });
});

describe('isEpcHex', () => {
  it.each([
    ['3074257BF7194E4000001A85', true],
    ['3074257bf7194e4000001a85', true],
    ['ABCD', true],
    ['A'.repeat(124), true],
    ['A'.repeat(128), false],
    ['ABC', false],
    ['ABCDE', false],
    ['', false],
    ['GHIJ', false],
    [' ABCD', false],
  ])('%s → %s', (text, expected) => {
    expect(isEpcHex(text)).toBe(expected);
  });
});

const ENCODINGS: EpcEncoding[] = [
  { method: 'NID32', disabled: false, metadata: {} },
  { method: 'NID64', disabled: false, metadata: {} },
  { method: 'SGTIN96', disabled: false, metadata: { companyPrefix: '0614141' } },
  { method: 'LOOKUP', disabled: false, metadata: {} },
];
const withDisabled = (...methods: string[]) => ENCODINGS.map((e) => ({ ...e, disabled: methods.includes(e.method) }));

describe('skuFromEpc', () => {
  const nid32 = encodeEpc('NID32', 4294967295n, 7n);
  const nid64 = encodeEpc('NID64', 18446744073709551615n, 7n);
  const sgtin = '3074257BF7194E4000001A85';

  it('answers the SKU of enabled methods', () => {
    expect(skuFromEpc(nid32, ENCODINGS)).toEqual({ method: 'NID32', sku: '4294967295' });
    expect(skuFromEpc(nid64, ENCODINGS)).toEqual({ method: 'NID64', sku: '18446744073709551615' });
    expect(skuFromEpc(sgtin, ENCODINGS)).toEqual({ method: 'SGTIN96', sku: '812345' });
    expect(skuFromEpc(sgtin.toLowerCase(), ENCODINGS)).toEqual({ method: 'SGTIN96', sku: '812345' });
  });

  it('takes the encodings as the API answers them', () => {
    const list: Encoding[] = [
      { id: 1, method: 'NID32', disabled: false, default: true, metadata: {} },
      { id: 3, method: 'SGTIN96', disabled: false, default: false, metadata: { companyPrefix: '0614141', x: 1 } },
    ];
    expect(skuFromEpc(sgtin, list)).toEqual({ method: 'SGTIN96', sku: '812345' });
    expect(epcKeyPrefixes(list)).toEqual(['8', '30']);
  });

  it('ignores disabled methods', () => {
    expect(skuFromEpc(nid32, withDisabled('NID32'))).toBeNull();
    expect(skuFromEpc(nid64, withDisabled('NID64'))).toBeNull();
    expect(skuFromEpc(sgtin, withDisabled('SGTIN96'))).toBeNull();
    expect(skuFromEpc(nid32, withDisabled('NID64', 'SGTIN96'))).toEqual({ method: 'NID32', sku: '4294967295' });
    expect(skuFromEpc(nid32, [])).toBeNull();
  });

  it('reads SGTIN-96 only with the configured company prefix', () => {
    const other = (companyPrefix?: string | null) =>
      ENCODINGS.map((e) => (e.method === 'SGTIN96' ? { ...e, metadata: { companyPrefix } } : e));
    expect(skuFromEpc(sgtin, other('0614142'))).toBeNull();
    expect(skuFromEpc(sgtin, other('614141'))).toBeNull();
    expect(skuFromEpc(sgtin, other('06141410'))).toBeNull();
    expect(skuFromEpc(sgtin, other(undefined))).toBeNull();
    expect(skuFromEpc(sgtin, other(null))).toBeNull();
    expect(skuFromEpc(sgtin, other(' 0614141 '))).toEqual({ method: 'SGTIN96', sku: '812345' });
  });

  it('never answers for LOOKUP, unknown EPCs, bad hex or SKU 0', () => {
    const lookupOnly = withDisabled('NID32', 'NID64', 'SGTIN96');
    expect(skuFromEpc(nid32, lookupOnly)).toBeNull();
    expect(skuFromEpc(sgtin, lookupOnly)).toBeNull();
    expect(skuFromEpc('E20034120000000000000000', ENCODINGS)).toBeNull();
    expect(skuFromEpc('not an epc', ENCODINGS)).toBeNull();
    expect(skuFromEpc('800000000000000000000001', ENCODINGS)).toBeNull();
    expect(skuFromEpc('3074257BF4000000000000001'.slice(0, 24), ENCODINGS)).toBeNull();
  });
});

describe('epcKeyPrefixes', () => {
  it.each([
    [[], ['8', 'D', '30']],
    [['NID32'], ['D', '30']],
    [['NID64', 'SGTIN96'], ['8']],
    [['NID32', 'NID64'], ['30']],
    [['NID32', 'NID64', 'SGTIN96'], []],
    [['LOOKUP'], ['8', 'D', '30']],
  ])('disabled %j → %j', (disabled, expected) => {
    expect(epcKeyPrefixes(withDisabled(...disabled))).toEqual(expected);
  });

  it('keeps the order NID32, NID64, SGTIN96 whatever the input order', () => {
    expect(epcKeyPrefixes([...ENCODINGS].reverse())).toEqual(['8', 'D', '30']);
  });
});

describe('the worked examples of docs/epc.md', () => {
  it.each([
    ["encodeEpc('NID32', 1000n, 42n)", () => encodeEpc('NID32', 1000n, 42n), '8000003E800000000000002A'],
    [
      "encodeEpc('NID32', 4294967295n, 1152921504606846975n)",
      () => encodeEpc('NID32', 4294967295n, 1152921504606846975n),
      '8FFFFFFFFFFFFFFFFFFFFFFF',
    ],
    ["encodeEpc('NID64', 1000n, 42n)", () => encodeEpc('NID64', 1000n, 42n), 'D00000000000003E8000002A'],
    [
      "encodeEpc('NID64', 18446744073709551615n, 1n)",
      () => encodeEpc('NID64', 18446744073709551615n, 1n),
      'DFFFFFFFFFFFFFFFF0000001',
    ],
    [
      "encodeEpc('SGTIN96', 1048575n, 1n, { companyPrefix: '0614141', filter: 1 })",
      () => encodeEpc('SGTIN96', 1048575n, 1n, { companyPrefix: '0614141', filter: 1 }),
      '3034257BF7FFFFC000000001',
    ],
    ["encodeGiai96('0614141', 5678n, 3)", () => encodeGiai96('0614141', 5678n, 3), '3474257BF40000000000162E'],
  ])('%s', (_, encode, expected) => {
    expect(encode()).toBe(expected);
  });

  it('the SGTIN-96 above the digit limit: the URI keeps all its digits', () => {
    expect(decodeEpc('3034257BF7FFFFC000000001')).toMatchObject({
      sku: '1048575',
      uri: 'urn:epc:tag:sgtin-96:1.0614141.1048575.1',
    });
    expect(() => encodeEpc('SGTIN96', 1048576n, 1n, { companyPrefix: '0614141' })).toThrow(
      'The SGTIN-96 SKU for a 7-digit company prefix 1048576 is out of range: it must be between 1 and 1048575.',
    );
  });
});
