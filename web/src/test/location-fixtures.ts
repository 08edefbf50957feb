import type { Location } from '@tagtrack/contract';

let counter = 0;

/** A valid v4 uuid from a counter, readable in failures. */
export function testUuid(n = ++counter): string {
  return `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
}

/**
 * A location node for tests; `children` get their `parent` set. Counts default to 0, the node to
 * active, ordinary (not special), without floor plan or images.
 */
export function loc(name: string, overrides: Partial<Location> = {}, children: Location[] = []): Location {
  const uuid = overrides.uuid ?? testUuid();
  return {
    uuid,
    name,
    parent: null,
    active: true,
    metadata: {},
    special: null,
    has_floor_plan: false,
    image_count: 0,
    items: 0,
    products: 0,
    ...overrides,
    children: children.map((child) => ({ ...child, parent: uuid })),
  };
}
