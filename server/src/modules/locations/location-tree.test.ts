import { describe, expect, it } from 'vitest';
import { buildTree, filterTree, findNode, flattenWithPaths, subtreeProducts, subtreeUuids } from './location-tree.js';

const u = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number, parent: number | null, name: string, special: 'removed' | 'unassigned' | null = null) => ({
  uuid: u(n),
  parentUuid: parent === null ? null : u(parent),
  name,
  active: true,
  metadata: {},
  special,
});

const rows = [
  row(1, null, 'Oslo site'),
  row(2, 1, 'Warehouse B'),
  row(3, 1, 'Warehouse A'),
  row(4, 3, 'Dock 1'),
  row(5, null, 'Removed', 'removed'),
  row(6, null, 'Bergen site'),
];

describe('buildTree', () => {
  it('nests children in name order, special roots last, and sums counts over the subtree', () => {
    const held = new Map([
      [u(4), new Set(['p1', 'p2'])],
      [u(2), new Set(['p2'])],
    ]);
    const items = new Map([
      [u(4), 3],
      [u(2), 2],
    ]);
    const files = new Map([[u(1), { images: 2, floorPlan: true }]]);
    const tree = buildTree({ rows, items, products: subtreeProducts(rows, held), files });
    expect(tree.map((n) => n.name)).toEqual(['Bergen site', 'Oslo site', 'Removed']);
    const oslo = tree[1]!;
    expect(oslo.children.map((n) => n.name)).toEqual(['Warehouse A', 'Warehouse B']);
    expect(oslo.items).toBe(5);
    expect(oslo.products).toBe(2);
    expect(oslo.image_count).toBe(2);
    expect(oslo.has_floor_plan).toBe(true);
    expect(findNode(tree, u(3))?.items).toBe(3);
    expect(findNode(tree, u(3))?.products).toBe(2);
    expect(findNode(tree, u(2))?.products).toBe(1);
    expect(tree[0]).toMatchObject({ items: 0, products: 0 });
  });
});

describe('subtreeProducts', () => {
  it('counts each product once over a subtree, its own and its descendants’', () => {
    const held = new Map([
      [u(1), new Set(['p9'])],
      [u(4), new Set(['p1', 'p2'])],
      [u(3), new Set(['p2', 'p3'])],
      [u(2), new Set(['p1'])],
      [u(6), new Set(['p1'])],
    ]);
    expect(Object.fromEntries(subtreeProducts(rows, held))).toEqual({
      [u(1)]: 4,
      [u(2)]: 1,
      [u(3)]: 3,
      [u(4)]: 2,
      [u(5)]: 0,
      [u(6)]: 1,
    });
    // The sets given are left as they were.
    expect(held.get(u(4))).toEqual(new Set(['p1', 'p2']));
    expect(held.get(u(3))).toEqual(new Set(['p2', 'p3']));
  });
});

describe('filterTree', () => {
  it('keeps matches with their ancestors, by name or uuid, case-insensitively', () => {
    const tree = buildTree({ rows, items: new Map(), products: new Map(), files: new Map() });
    const filtered = filterTree(tree, 'dock');
    expect(flattenWithPaths(filtered).map((p) => p.path)).toEqual([
      'Oslo site',
      'Oslo site > Warehouse A',
      'Oslo site > Warehouse A > Dock 1',
    ]);
    expect(filterTree(tree, u(6).toUpperCase()).map((n) => n.name)).toEqual(['Bergen site']);
  });

  it('lists a subtree with its root first', () => {
    const tree = buildTree({ rows, items: new Map(), products: new Map(), files: new Map() });
    expect(subtreeUuids(findNode(tree, u(1))!)).toEqual([u(1), u(3), u(4), u(2)]);
  });
});
