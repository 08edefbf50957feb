import { describe, expect, it } from 'vitest';
import type { Location } from '@tagtrack/contract';
import { descendantOptions } from './location-options';

let n = 0;
function loc(name: string, children: Location[] = [], items = 0): Location {
  n += 1;
  return {
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name,
    parent: null,
    active: true,
    metadata: {},
    special: null,
    has_floor_plan: false,
    image_count: 0,
    items,
    products: 0,
    children,
  };
}

describe('descendantOptions', () => {
  it('lists every descendant depth first with its path below the plan’s location', () => {
    const site = loc('Site', [loc('Hall A', [loc('Shelf 1', [], 4), loc('Shelf 2')], 7), loc('Dock', [], 2)]);
    expect(descendantOptions(site).map((o) => [o.name, o.path, o.items])).toEqual([
      ['Hall A', 'Hall A', 7],
      ['Shelf 1', 'Hall A > Shelf 1', 4],
      ['Shelf 2', 'Hall A > Shelf 2', 0],
      ['Dock', 'Dock', 2],
    ]);
  });

  it('is empty for a leaf', () => {
    expect(descendantOptions(loc('Leaf'))).toEqual([]);
  });
});
