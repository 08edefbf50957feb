import { matchesLocationFilter, type Location } from '@tagtrack/contract';
import type { ItemCounts } from './location-counts.repository.js';
import type { LocationRow } from './locations.repository.js';

export interface TreeInputs {
  rows: Pick<LocationRow, 'uuid' | 'parentUuid' | 'name' | 'active' | 'metadata' | 'special'>[];
  counts: Map<string, ItemCounts & { productIds: Set<string> }>;
  files: Map<string, { images: number; floorPlan: boolean }>;
}

/**
 * Builds the nested tree: roots in name order (special roots last), each node with its children
 * and item/product counts aggregated over its subtree (products counted once across the subtree).
 */
export function buildTree({ rows, counts, files }: TreeInputs): Location[] {
  const nodes = new Map<string, Location & { productIds: Set<string> }>();
  for (const row of rows) {
    const own = counts.get(row.uuid);
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
      items: own?.items ?? 0,
      products: 0,
      children: [],
      productIds: new Set(own?.productIds ?? []),
    });
  }
  const roots: (Location & { productIds: Set<string> })[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent ? nodes.get(node.parent) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const byName = (a: Location, b: Location) =>
    Number(a.special !== null) - Number(b.special !== null) ||
    a.name.localeCompare(b.name) ||
    a.uuid.localeCompare(b.uuid);
  const finish = (node: Location & { productIds: Set<string> }): Location => {
    const children = (node.children as (Location & { productIds: Set<string> })[]).sort(byName).map((child) => {
      const done = finish(child);
      node.items += done.items;
      for (const id of (child as { productIds: Set<string> }).productIds) node.productIds.add(id);
      return done;
    });
    node.products = node.productIds.size;
    const { productIds: _ids, ...rest } = node;
    return { ...rest, children };
  };
  // productIds of children are read after finish() of each child, so keep them on the originals.
  return roots.sort(byName).map(finish);
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
