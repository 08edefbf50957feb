import { describe, expect, it } from 'vitest';
import { SubtreeProductsCache, subtreeProductsKey } from './subtree-products-cache.js';

const counted = (n: number) => new Map([['a', n]]);

describe('SubtreeProductsCache', () => {
  it('answers what was kept under the same key only', () => {
    const cache = new SubtreeProductsCache();
    expect(cache.get(1, 'k1')).toBeUndefined();
    cache.set(1, 'k1', counted(3));
    expect(cache.get(1, 'k1')).toEqual(counted(3));
    expect(cache.get(1, 'k2')).toBeUndefined();
    expect(cache.get(2, 'k1')).toBeUndefined();
    cache.set(1, 'k2', counted(4));
    expect(cache.get(1, 'k1')).toBeUndefined();
    expect(cache.get(1, 'k2')).toEqual(counted(4));
  });

  it('keeps the customers used last, up to its capacity', () => {
    const cache = new SubtreeProductsCache(2);
    cache.set(1, 'k', counted(1));
    cache.set(2, 'k', counted(2));
    expect(cache.get(1, 'k')).toEqual(counted(1));
    cache.set(3, 'k', counted(3));
    expect(cache.size).toBe(2);
    expect(cache.get(2, 'k')).toBeUndefined();
    expect(cache.get(1, 'k')).toEqual(counted(1));
    expect(cache.get(3, 'k')).toEqual(counted(3));
  });
});

describe('subtreeProductsKey', () => {
  const rows = [
    { uuid: 'b', parentUuid: 'a' },
    { uuid: 'a', parentUuid: null },
  ];
  it('changes with a location’s tally of product changes and with the tree’s shape, not with row order', () => {
    const key = subtreeProductsKey(rows, new Map([['b', '3']]));
    expect(subtreeProductsKey([...rows].reverse(), new Map([['b', '3']]))).toBe(key);
    expect(subtreeProductsKey(rows, new Map([['b', '4']]))).not.toBe(key);
    expect(
      subtreeProductsKey(
        rows,
        new Map([
          ['b', '3'],
          ['a', '1'],
        ]),
      ),
    ).not.toBe(key);
    expect(subtreeProductsKey([{ uuid: 'b', parentUuid: null }, rows[1]!], new Map([['b', '3']]))).not.toBe(key);
    expect(subtreeProductsKey([...rows, { uuid: 'c', parentUuid: 'a' }], new Map([['b', '3']]))).not.toBe(key);
  });
});
