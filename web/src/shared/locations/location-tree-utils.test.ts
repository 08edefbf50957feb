import { describe, expect, it } from 'vitest';
import { loc } from '../../test/location-fixtures';
import {
  ancestorUuids,
  filterLocationTree,
  indexLocations,
  locationPathText,
  parentUuids,
} from './location-tree-utils';

const names = (nodes: { name: string; children: unknown[] }[]): unknown[] =>
  nodes.map((n) => (n.children.length ? [n.name, names(n.children as never)] : n.name));

function sampleTree() {
  const shelf = loc('Shelf A1', { uuid: '00000000-0000-4000-8000-0000000000a1' });
  const cold = loc('Cold Room', {}, [loc('Rack 7')]);
  const hall = loc('Hall 1', {}, [shelf, loc('Shelf B2')]);
  return [loc('Main Warehouse', {}, [hall, cold]), loc('Office'), loc('Removed', { special: 'removed' })];
}

describe('filterLocationTree', () => {
  it('keeps the tree as it is for an empty or blank filter', () => {
    const tree = sampleTree();
    expect(filterLocationTree(tree, '')).toEqual(tree);
    expect(filterLocationTree(tree, '   ')).toEqual(tree);
  });

  it('keeps the ancestors of a match and drops the branches without one', () => {
    expect(names(filterLocationTree(sampleTree(), 'shelf a'))).toEqual([
      ['Main Warehouse', [['Hall 1', ['Shelf A1']]]],
    ]);
  });

  it('is case-insensitive and matches several branches', () => {
    expect(names(filterLocationTree(sampleTree(), 'RACK'))).toEqual([['Main Warehouse', [['Cold Room', ['Rack 7']]]]]);
    expect(names(filterLocationTree(sampleTree(), 'o'))).toEqual([
      [
        'Main Warehouse',
        [
          ['Hall 1', ['Shelf A1', 'Shelf B2']],
          ['Cold Room', ['Rack 7']],
        ],
      ],
      'Office',
      'Removed',
    ]);
  });

  it('matches a uuid, in part', () => {
    expect(names(filterLocationTree(sampleTree(), '0000000000A1'))).toEqual([
      ['Main Warehouse', [['Hall 1', ['Shelf A1']]]],
    ]);
  });

  it('keeps the whole subtree of a matching node', () => {
    expect(names(filterLocationTree(sampleTree(), 'hall'))).toEqual([
      ['Main Warehouse', [['Hall 1', ['Shelf A1', 'Shelf B2']]]],
    ]);
  });

  it('answers nothing when nothing matches, and leaves the input untouched', () => {
    const tree = sampleTree();
    const copy = structuredClone(tree);
    expect(filterLocationTree(tree, 'basement')).toEqual([]);
    filterLocationTree(tree, 'shelf');
    expect(tree).toEqual(copy);
  });
});

describe('tree index and paths', () => {
  it('walks up to the root with parentOf, and writes paths with " > "', () => {
    const tree = sampleTree();
    const index = indexLocations(tree);
    const shelf = '00000000-0000-4000-8000-0000000000a1';
    const hall = index.byUuid.get(shelf)?.parent;
    expect(index.byUuid.get(hall ?? '')?.name).toBe('Hall 1');
    expect(index.parentOf(tree[0]!.uuid)).toBeNull();
    expect(index.parentOf('unknown')).toBeUndefined();
    expect(locationPathText(shelf, index)).toBe('Main Warehouse > Hall 1 > Shelf A1');
    expect(ancestorUuids([shelf], index)).toEqual([tree[0]!.uuid, hall]);
  });

  it('lists every node with children', () => {
    const tree = sampleTree();
    const index = indexLocations(tree);
    expect(parentUuids(tree).map((uuid) => index.byUuid.get(uuid)?.name)).toEqual([
      'Main Warehouse',
      'Hall 1',
      'Cold Room',
    ]);
  });
});
