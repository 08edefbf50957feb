/**
 * Round-trip properties over many random values (a seeded generator, so failures reproduce), and a
 * cross-check of SGTIN-96 and GIAI-96 against epc-tds, an independent implementation of the GS1 Tag
 * Data Standard (a devDependency only: the contract itself depends on zod alone).
 */
import epcTds from 'epc-tds';
import { describe, expect, it } from 'vitest';
import { SGTIN96_SKU_MAXIMA } from '../catalogue/catalogue.limits.js';
import { skuError } from '../catalogue/sku.rules.js';
import {
  GIAI96_PARTITIONS,
  NID_LAYOUTS,
  SGTIN96_PARTITIONS,
  SGTIN96_SERIAL_MAX,
  decodeEpc,
  encodeEpc,
  encodeGiai96,
  skuFromEpc,
  type DecodedEpc,
} from './index.js';

const RUNS = 2000;

/** SplitMix64 over bigints: a seeded generator of exact 64-bit values. */
function generator(seed: bigint) {
  let state = seed & 0xffffffffffffffffn;
  const next64 = () => {
    state = (state + 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn;
    let z = state;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & 0xffffffffffffffffn;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & 0xffffffffffffffffn;
    return z ^ (z >> 31n);
  };
  /** A value in [min, max], often an edge (min, max, a power of two) and otherwise of a random bit length. */
  const between = (min: bigint, max: bigint): bigint => {
    const pick = next64() % 8n;
    if (pick === 0n) return min;
    if (pick === 1n) return max;
    const span = max - min + 1n;
    const width = BigInt(span.toString(2).length);
    const bits = (next64() % width) + 1n;
    let value = 0n;
    for (let filled = 0n; filled < bits; filled += 64n) value = (value << 64n) | next64();
    value &= (1n << bits) - 1n;
    if (pick === 2n) value = 1n << (bits - 1n);
    return min + (value % span);
  };
  const int = (min: number, max: number) => Number(between(BigInt(min), BigInt(max)));
  return { between, int };
}

const decoded = (hex: string): DecodedEpc => {
  const result = decodeEpc(hex);
  if (result === 'unknown') throw new Error(`${hex} decoded as unknown`);
  return result;
};

describe('round trips', () => {
  it('NID32 and NID64: decode(encode(sku, serial)) gives them back, and encode(decode(hex)) the hex', () => {
    const random = generator(20260401n);
    for (const method of ['NID32', 'NID64'] as const) {
      const layout = NID_LAYOUTS[method];
      for (let i = 0; i < RUNS; i++) {
        const sku = random.between(1n, (1n << BigInt(layout.skuBits)) - 1n);
        const serial = random.between(0n, (1n << BigInt(layout.serialBits)) - 1n);
        const hex = encodeEpc(method, sku, serial);
        expect(hex).toMatch(/^[0-9A-F]{24}$/);
        const result = decoded(hex);
        expect(result).toMatchObject({ method, sku: sku.toString(), serial: serial.toString() });
        expect(encodeEpc(method, result.sku!, result.serial)).toBe(hex);
        expect(skuError(result.sku!, { method })).toBeNull();
      }
    }
  });

  it('SGTIN-96 over every partition, filter, SKU and serial range', () => {
    const random = generator(96n);
    for (let i = 0; i < RUNS; i++) {
      const partition = random.int(0, 6);
      const digits = 12 - partition;
      const companyPrefix = random
        .between(0n, 10n ** BigInt(digits) - 1n)
        .toString()
        .padStart(digits, '0');
      const sku = random.between(1n, BigInt(SGTIN96_SKU_MAXIMA[partition]!));
      const serial = random.between(0n, SGTIN96_SERIAL_MAX);
      const filter = random.int(0, 7);
      const hex = encodeEpc('SGTIN96', sku, serial, { companyPrefix, filter });
      expect(decoded(hex)).toMatchObject({
        method: 'SGTIN96',
        sku: sku.toString(),
        serial: serial.toString(),
        companyPrefix,
        filter,
      });
      expect(skuError(sku.toString(), { method: 'SGTIN96', companyPrefix })).toBeNull();
      const encodings = [{ method: 'SGTIN96' as const, disabled: false, metadata: { companyPrefix } }];
      expect(skuFromEpc(hex, encodings)).toEqual({ method: 'SGTIN96', sku: sku.toString() });
    }
  });

  it('GIAI-96 over every partition and asset reference range', () => {
    const random = generator(202n);
    for (let i = 0; i < RUNS; i++) {
      const partition = random.int(0, 6);
      const digits = 12 - partition;
      const companyPrefix = random
        .between(0n, 10n ** BigInt(digits) - 1n)
        .toString()
        .padStart(digits, '0');
      const reference = random.between(0n, (1n << BigInt(GIAI96_PARTITIONS[partition]!.referenceBits)) - 1n);
      const filter = random.int(0, 7);
      const hex = encodeGiai96(companyPrefix, reference, filter);
      expect(decoded(hex)).toEqual({
        method: 'GIAI96',
        sku: null,
        serial: reference.toString(),
        companyPrefix,
        filter,
        uri: `urn:epc:tag:giai-96:${filter}.${companyPrefix}.${reference}`,
      });
    }
  });

  it('any 24-digit hex decodes to unknown or to something that encodes back to it', () => {
    const random = generator(7n);
    const heads = [0x30n, 0x34n, 0x80n, 0x8fn, 0xd0n, 0xdfn];
    for (let i = 0; i < RUNS; i++) {
      const head = random.int(0, 9) < 6 ? heads[random.int(0, heads.length - 1)]! : random.between(0n, 255n);
      const hex = ((head << 88n) | random.between(0n, (1n << 88n) - 1n)).toString(16).toUpperCase().padStart(24, '0');
      const result = decodeEpc(hex);
      if (result === 'unknown') continue;
      const again =
        result.method === 'GIAI96'
          ? encodeGiai96(result.companyPrefix!, result.serial, result.filter)
          : result.sku === '0'
            ? null
            : encodeEpc(result.method, result.sku!, result.serial, result);
      if (again !== null) expect(again).toBe(hex);
    }
  });
});

describe('cross-check with epc-tds', () => {
  const random = generator(1_4_1n);

  it('SGTIN-96: the same fields and tag URI for random EPCs of every partition', () => {
    for (let i = 0; i < RUNS; i++) {
      const partition = random.int(0, 6);
      const { companyPrefixBits, companyPrefixDigits, referenceBits } = SGTIN96_PARTITIONS[partition]!;
      const companyPrefix = random.between(0n, 10n ** BigInt(companyPrefixDigits) - 1n);
      const itemReference = random.between(0n, (1n << BigInt(referenceBits)) - 1n);
      const serial = random.between(0n, SGTIN96_SERIAL_MAX);
      const filter = random.between(0n, 7n);
      let bits = 0x30n;
      bits = (bits << 3n) | filter;
      bits = (bits << 3n) | BigInt(partition);
      bits = (bits << BigInt(companyPrefixBits)) | companyPrefix;
      bits = (bits << BigInt(referenceBits)) | itemReference;
      bits = (bits << 38n) | serial;
      const hex = bits.toString(16).toUpperCase().padStart(24, '0');

      const theirs = epcTds.valueOf(hex) as InstanceType<typeof epcTds.Sgtin96>;
      const ours = decoded(hex);
      expect(theirs.getType()).toBe('SGTIN-96');
      expect(ours.uri).toBe(theirs.toTagURI());
      expect(ours.filter).toBe(theirs.getFilter());
      expect(ours.companyPrefix).toBe(companyPrefix.toString().padStart(companyPrefixDigits, '0'));
      expect(BigInt(ours.companyPrefix!)).toBe(BigInt(theirs.getCompanyPrefix()));
      expect(ours.sku).toBe(String(theirs.getItemReference()));
      expect(ours.serial).toBe(String(theirs.getSerial()));

      // epc-tds encodes item references up to the digit count (10^(13 − prefix digits) − 1) only.
      if (itemReference >= 1n && itemReference < 10n ** BigInt(13 - companyPrefixDigits)) {
        const built = new epcTds.Sgtin96()
          .setFilter(Number(filter))
          .setPartition(partition)
          .setCompanyPrefix(Number(companyPrefix))
          .setItemReference(Number(itemReference))
          .setSerial(Number(serial));
        const mine = encodeEpc('SGTIN96', itemReference, serial, {
          companyPrefix: ours.companyPrefix!,
          filter: Number(filter),
        });
        expect(mine).toBe(built.toHexString().toUpperCase());
      }
    }
  });

  it('GIAI-96: the same fields and tag URI', () => {
    for (let i = 0; i < RUNS; i++) {
      const partition = random.int(0, 6);
      const { companyPrefixDigits, referenceBits } = GIAI96_PARTITIONS[partition]!;
      const companyPrefix = random
        .between(0n, 10n ** BigInt(companyPrefixDigits) - 1n)
        .toString()
        .padStart(companyPrefixDigits, '0');
      const reference = random.between(0n, (1n << BigInt(referenceBits)) - 1n);
      const filter = random.int(0, 7);
      const hex = encodeGiai96(companyPrefix, reference, filter);
      const theirs = epcTds.valueOf(hex) as InstanceType<typeof epcTds.Giai96>;
      expect(theirs.getType()).toBe('GIAI-96');
      expect(decoded(hex).uri).toBe(theirs.toTagURI());
      expect(theirs.getAssetReference()).toBe(reference);
      expect(theirs.getFilter()).toBe(filter);
    }
  });

  it('reads the GS1 example the same way', () => {
    const theirs = epcTds.valueOf('3074257BF7194E4000001A85');
    expect(theirs.toTagURI()).toBe('urn:epc:tag:sgtin-96:3.0614141.812345.6789');
    expect(decoded('3074257BF7194E4000001A85').uri).toBe(theirs.toTagURI());
  });
});
