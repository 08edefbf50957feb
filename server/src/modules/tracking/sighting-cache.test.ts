import { describe, expect, it } from 'vitest';
import { SightingCache } from './sighting-cache.js';
import type { StoredItem } from './tracking.repository.js';

const T0 = Date.UTC(2026, 0, 1, 8);
const item = (code: string, minute: number, change: Partial<StoredItem> = {}): StoredItem => ({
  id: code.length,
  code,
  removed: false,
  locationUuid: 'door',
  status: 'in',
  latestStatusUpdate: new Date(T0),
  lastSeenAt: new Date(T0 + minute * 60_000),
  ...change,
});

/** A cache on a clock the test moves. */
function cacheAt(maxItems = 10, ttlMs = 60_000) {
  const clock = { now: 0 };
  return { cache: new SightingCache(maxItems, ttlMs, () => clock.now), clock };
}

describe('SightingCache', () => {
  it('remembers nothing before it knows the customer’s epoch', () => {
    const { cache } = cacheAt();
    cache.remember(1, 0, [item('A', 0)]);
    expect(cache.lookup(1, ['A']).size).toBe(0);
    expect(cache.confirmEpoch(1, 0)).toBe(false);
    cache.remember(1, 0, [item('A', 0)]);
    expect(cache.lookup(1, ['A']).get('A')).toEqual(item('A', 0));
    expect(cache.confirmEpoch(1, 0)).toBe(true);
  });

  it('forgets a customer’s items when its epoch moves on, and only that customer’s', () => {
    const { cache } = cacheAt();
    cache.confirmEpoch(1, 3);
    cache.confirmEpoch(2, 3);
    cache.remember(1, 3, [item('A', 0)]);
    cache.remember(2, 3, [item('A', 0)]);
    expect(cache.confirmEpoch(1, 4)).toBe(false);
    expect(cache.lookup(1, ['A']).size).toBe(0);
    expect(cache.lookup(2, ['A']).size).toBe(1);
    // What a batch read under the old epoch is not remembered; an older epoch seen late changes nothing.
    cache.remember(1, 3, [item('A', 1)]);
    expect(cache.lookup(1, ['A']).size).toBe(0);
    expect(cache.confirmEpoch(1, 3)).toBe(false);
    expect(cache.epochOf(1)).toBe(4);
  });

  it('trusts an entry for the grain from when it was last read or written, then forgets it', () => {
    const { cache, clock } = cacheAt(10, 60_000);
    cache.confirmEpoch(1, 0);
    cache.remember(1, 0, [item('A', 0)]);
    clock.now = 60_000;
    expect(cache.lookup(1, ['A']).size).toBe(1);
    clock.now = 60_001;
    expect(cache.lookup(1, ['A']).size).toBe(0);
    cache.remember(1, 0, [item('B', 0)]);
    expect(cache.size).toBe(1);
  });

  it('never replaces a later state with an earlier one', () => {
    const { cache } = cacheAt();
    cache.confirmEpoch(1, 0);
    const moved = item('A', 5, { locationUuid: 'dock', latestStatusUpdate: new Date(T0 + 5 * 60_000) });
    cache.remember(1, 0, [moved]);
    cache.remember(1, 0, [item('A', 2)]);
    expect(cache.lookup(1, ['A']).get('A')).toEqual(moved);
    const seen = { ...moved, lastSeenAt: new Date(T0 + 9 * 60_000) };
    cache.remember(1, 0, [seen]);
    expect(cache.lookup(1, ['A']).get('A')).toEqual(seen);
  });

  it('keeps at most its limit, dropping the longest unconfirmed first; a limit of 0 keeps nothing', () => {
    const { cache } = cacheAt(2);
    cache.confirmEpoch(1, 0);
    cache.remember(1, 0, [item('A', 0), item('BB', 0)]);
    cache.remember(1, 0, [item('A', 1)]);
    cache.remember(1, 0, [item('CCC', 0)]);
    expect([...cache.lookup(1, ['A', 'BB', 'CCC']).keys()]).toEqual(['A', 'CCC']);

    const off = cacheAt(0).cache;
    off.confirmEpoch(1, 0);
    off.remember(1, 0, [item('A', 0)]);
    expect(off.size).toBe(0);
    expect(off.lookup(1, ['A']).size).toBe(0);
  });
});
