import { matchesLocationFilter, type Location } from '@tagtrack/contract';

/** Fast look-ups over a nested location tree. */
export interface LocationIndex {
  byUuid: ReadonlyMap<string, Location>;
  /** The parent's uuid, null for a root, undefined for an unknown uuid (the shape `wouldCreateCycle` walks). */
  parentOf: (uuid: string) => string | null | undefined;
}

export function indexLocations(roots: readonly Location[]): LocationIndex {
  const byUuid = new Map<string, Location>();
  const walk = (nodes: readonly Location[]) => {
    for (const node of nodes) {
      byUuid.set(node.uuid, node);
      walk(node.children);
    }
  };
  walk(roots);
  return { byUuid, parentOf: (uuid) => byUuid.get(uuid)?.parent };
}

/**
 * The tree cut down to the nodes matching `filter` (name or uuid, case-insensitive), each with its
 * ancestors, so the path to a match stays visible, and its whole subtree, so a matching building
 * still offers its rooms. An empty filter keeps the tree as it is.
 */
export function filterLocationTree(roots: readonly Location[], filter: string): Location[] {
  if (filter.trim() === '') return [...roots];
  const walk = (node: Location): Location | null => {
    if (matchesLocationFilter(node, filter)) return node;
    const children = node.children.map(walk).filter((child): child is Location => child !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return roots.map(walk).filter((node): node is Location => node !== null);
}

/** The nodes from the root down to `uuid` (empty when it is not in the tree). */
export function locationPath(uuid: string, index: LocationIndex): Location[] {
  const path: Location[] = [];
  const seen = new Set<string>();
  let current = index.byUuid.get(uuid);
  while (current && !seen.has(current.uuid)) {
    seen.add(current.uuid);
    path.unshift(current);
    current = current.parent ? index.byUuid.get(current.parent) : undefined;
  }
  return path;
}

/** The path as the console writes it: names joined with ' > ' (spec 03 §2, location path tooltip). */
export function locationPathText(uuid: string, index: LocationIndex): string {
  return locationPath(uuid, index)
    .map((node) => node.name)
    .join(' > ');
}

/** The uuids of every node that has children (for "expand all"). */
export function parentUuids(roots: readonly Location[]): string[] {
  return roots.flatMap((node) => (node.children.length > 0 ? [node.uuid, ...parentUuids(node.children)] : []));
}

/** The uuids of the ancestors of the given nodes (to open the tree on a selection). */
export function ancestorUuids(uuids: readonly string[], index: LocationIndex): string[] {
  const out = new Set<string>();
  for (const uuid of uuids) {
    for (const node of locationPath(uuid, index).slice(0, -1)) out.add(node.uuid);
  }
  return [...out];
}
