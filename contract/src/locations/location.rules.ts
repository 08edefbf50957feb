/** Pure rules of the location tree (spec 03 §2, §4, §5), shared by the server and the console. */

export interface LocationFacts {
  parent: string | null;
  special: 'removed' | 'unassigned' | null;
  childCount: number;
  items: number;
}

export type DeleteRefusal = 'special' | 'root' | 'children' | 'items';

/** Why a location cannot be deleted, or null when it can. */
export function deleteRefusal(loc: LocationFacts): DeleteRefusal | null {
  if (loc.special) return 'special';
  if (loc.parent === null) return 'root';
  if (loc.childCount > 0) return 'children';
  if (loc.items > 0) return 'items';
  return null;
}

/** Activate/deactivate applies only to a location without children (and never to the special roots). */
export function canToggleActive(loc: Pick<LocationFacts, 'childCount' | 'special'>): boolean {
  return loc.special === null && loc.childCount === 0;
}

/**
 * Whether making `newParent` the parent of `id` would make a cycle: the new parent is the
 * location itself or one of its descendants. `parentOf` walks up from a location.
 */
export function wouldCreateCycle(
  id: string,
  newParent: string | null,
  parentOf: (uuid: string) => string | null | undefined,
): boolean {
  let current: string | null | undefined = newParent;
  const seen = new Set<string>();
  while (current) {
    if (current === id) return true;
    if (seen.has(current)) return true; // a cycle already: refuse to add to it
    seen.add(current);
    current = parentOf(current);
  }
  return false;
}

/**
 * Whether a new location under `parent` needs a leaf the subscription has no room for. A child
 * under an existing leaf replaces that leaf (the count stays); a new root or a child of a node that
 * already has children adds one.
 */
export function addsLeaf(parentChildCount: number | null): boolean {
  return parentChildCount === null || parentChildCount > 0;
}

export function leafLimitReached(remaining: number | null, parentChildCount: number | null): boolean {
  return remaining !== null && remaining <= 0 && addsLeaf(parentChildCount);
}

/** In the tree picker only active leaves can be chosen. */
export function isSelectableInPicker(node: { active: boolean; children: readonly unknown[] }): boolean {
  return node.active && node.children.length === 0;
}

/** The tree filter: case-insensitive, on name or uuid. */
export function matchesLocationFilter(node: { name: string; uuid: string }, filter: string): boolean {
  const needle = filter.trim().toLowerCase();
  return needle === '' || node.name.toLowerCase().includes(needle) || node.uuid.toLowerCase().includes(needle);
}

/** Display name: at most `max` characters, then an ellipsis. */
export function truncateName(name: string, max: number): string {
  return name.length > max ? `${name.slice(0, max)}…` : name;
}
