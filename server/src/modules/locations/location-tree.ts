import { matchesLocationFilter, type Location } from '@tagtrack/contract';
import type { LocationRow } from './locations.repository.js';

type TreeRow = Pick<LocationRow, 'uuid' | 'parentUuid' | 'name' | 'active' | 'metadata' | 'special'>;

export interface TreeInputs {
  rows: TreeRow[];
  /** Items held directly at each location. */
  items: Map<string, number>;
  /** Distinct products held over each location's subtree (subtreeProducts). */
  products: Map<string, number>;
  files: Map<string, { images: number; floorPlan: boolean }>;
}

/**
 * Builds the nested tree: roots in name order (special roots last), each node with its children,
 * its items summed over its subtree and the distinct products held across it.
 */
export function buildTree({ rows, items, products, files }: TreeInputs): Location[] {
  const nodes = new Map<string, Location>();
  for (const row of rows) {
    const stats = files.get(row.uuid);
    nodes.set(row.uuid, {
      uuid: row.uuid,
      name: row.name,
      parent: row.parentUuid,
      active: row.active,
      metadata: row.metadata,
      special: row.special,
      has_floor_plan: stats?.floorPlan ?? false,
      image_count: stats?.images ?? 0,
      items: items.get(row.uuid) ?? 0,
      products: products.get(row.uuid) ?? 0,
      children: [],
    });
  }
  const roots: Location[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (a: Location, b: Location) =>
    Number(a.special !== null) - Number(b.special !== null) ||
    a.name.localeCompare(b.name) ||
    a.uuid.localeCompare(b.uuid);
  const finish = (node: Location): Location => {
    node.children.sort(byName);
    for (const child of node.children) node.items += finish(child).items;
    return node;
  };
  return roots.sort(byName).map(finish);
}

/** The distinct products over each location's subtree, from those held directly at each. */
export function subtreeProducts(rows: TreeRow[], held: Map<string, Set<string>>): Map<string, number> {
  const children = new Map<string, string[]>();
  const known = new Set(rows.map((r) => r.uuid));
  const roots: string[] = [];
  for (const row of rows) {
    if (row.parentUuid === null || !known.has(row.parentUuid)) roots.push(row.uuid);
    else {
      const siblings = children.get(row.parentUuid);
      if (siblings) siblings.push(row.uuid);
      else children.set(row.parentUuid, [row.uuid]);
    }
  }
  const counts = new Map<string, number>();
  const gather = (uuid: string): Set<string> => {
    const own = held.get(uuid);
    const kids = children.get(uuid) ?? [];
    let all: Set<string>;
    if (kids.length === 0) all = own ?? new Set();
    else {
      all = new Set(own);
      for (const kid of kids) for (const id of gather(kid)) all.add(id);
    }
    counts.set(uuid, all.size);
    return all;
  };
  for (const root of roots) gather(root);
  return counts;
}

/** The nodes matching the filter, with their ancestors (so the path stays visible) and subtrees. */
export function filterTree(roots: Location[], search: string): Location[] {
  const walk = (node: Location): Location | null => {
    if (matchesLocationFilter(node, search)) return node;
    const children = node.children.map(walk).filter((c): c is Location => c !== null);
    return children.length > 0 ? { ...node, children } : null;
  };
  return roots.map(walk).filter((n): n is Location => n !== null);
}

export function findNode(roots: Location[], uuid: string): Location | undefined {
  for (const root of roots) {
    if (root.uuid === uuid) return root;
    const found = findNode(root.children, uuid);
    if (found) return found;
  }
  return undefined;
}

/** All uuids of a subtree, the node first. */
export function subtreeUuids(node: Location): string[] {
  return [node.uuid, ...node.children.flatMap(subtreeUuids)];
}

/** Path names from the root, for the CSV and tooltips (' > ' separated). */
export function flattenWithPaths(roots: Location[], prefix: string[] = []): { node: Location; path: string }[] {
  return roots.flatMap((node) => {
    const names = [...prefix, node.name];
    return [{ node, path: names.join(' > ') }, ...flattenWithPaths(node.children, names)];
  });
}
