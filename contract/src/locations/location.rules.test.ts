import { describe, expect, it } from 'vitest';
import {
  addsLeaf,
  canToggleActive,
  deleteRefusal,
  isSelectableInPicker,
  leafLimitReached,
  matchesLocationFilter,
  truncateName,
  wouldCreateCycle,
} from './location.rules.js';
import { parseMetadataText } from './location.schemas.js';

describe('deleteRefusal', () => {
  it.each([
    [{ parent: null, special: 'removed', childCount: 0, items: 0 }, 'special'],
    [{ parent: null, special: null, childCount: 0, items: 0 }, 'root'],
    [{ parent: 'p', special: null, childCount: 2, items: 0 }, 'children'],
    [{ parent: 'p', special: null, childCount: 0, items: 3 }, 'items'],
    [{ parent: 'p', special: null, childCount: 0, items: 0 }, null],
  ] as const)('%j → %s', (facts, expected) => {
    expect(deleteRefusal(facts)).toBe(expected);
  });
});

describe('canToggleActive', () => {
  it.each([
    [0, null, true],
    [1, null, false],
    [0, 'unassigned', false],
  ] as const)('%i children, special %s → %s', (childCount, special, expected) => {
    expect(canToggleActive({ childCount, special })).toBe(expected);
  });
});

describe('wouldCreateCycle', () => {
  const parents: Record<string, string | null> = { a: null, b: 'a', c: 'b', d: null };
  const parentOf = (uuid: string) => parents[uuid];
  it.each([
    ['a', 'a', true],
    ['a', 'c', true],
    ['b', 'c', true],
    ['c', 'a', false],
    ['a', 'd', false],
    ['a', null, false],
  ] as const)('moving %s under %s → %s', (id, parent, expected) => {
    expect(wouldCreateCycle(id, parent, parentOf)).toBe(expected);
  });
});

describe('leaf limit', () => {
  it('adds a leaf for a new root or beside siblings, not under a leaf', () => {
    expect(addsLeaf(null)).toBe(true);
    expect(addsLeaf(2)).toBe(true);
    expect(addsLeaf(0)).toBe(false);
  });
  it.each([
    [null, null, false],
    [0, 1, true],
    [0, 0, false],
    [1, 1, false],
  ] as const)('remaining %s, parent children %s → reached %s', (remaining, childCount, expected) => {
    expect(leafLimitReached(remaining, childCount)).toBe(expected);
  });
});

describe('picker and display', () => {
  it('selects only active leaves', () => {
    expect(isSelectableInPicker({ active: true, children: [] })).toBe(true);
    expect(isSelectableInPicker({ active: false, children: [] })).toBe(false);
    expect(isSelectableInPicker({ active: true, children: [{}] })).toBe(false);
  });
  it('filters on name or uuid, case-insensitively', () => {
    const node = { name: 'Dock North', uuid: 'AB12-cd' };
    expect(matchesLocationFilter(node, 'dock')).toBe(true);
    expect(matchesLocationFilter(node, 'ab12')).toBe(true);
    expect(matchesLocationFilter(node, 'south')).toBe(false);
    expect(matchesLocationFilter(node, '  ')).toBe(true);
  });
  it('cuts names at 45 characters with an ellipsis', () => {
    expect(truncateName('x'.repeat(45), 45)).toBe('x'.repeat(45));
    expect(truncateName('x'.repeat(46), 45)).toBe(`${'x'.repeat(45)}…`);
  });
  it('parses metadata text to an object only', () => {
    expect(parseMetadataText('')).toEqual({});
    expect(parseMetadataText('{"aisle": 4}')).toEqual({ aisle: 4 });
    expect(parseMetadataText('[1]')).toBeNull();
    expect(parseMetadataText('nope')).toBeNull();
    expect(parseMetadataText('null')).toBeNull();
  });
});
