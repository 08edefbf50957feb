import { cacheSlot } from '../../lib/app-caches.js';
/**
 * The distinct products counted over each subtree of a customer's location tree, kept between
 * calls while they still hold. Counting them needs every (location, product) pair held (50,000 at
 * a million items), while whether they changed is told by a few rows: each location's tally of
 * changes to the products it holds (location_status_counts.product_changes, raised by the settle
 * at commit whenever a product's count there crosses 0) and the tree's shape. The key is both, as
 * read in the same call; the products are read after the key, so what is kept is never older
 * than its key says. Tallies only grow, and only the commit that changes the counts raises them,
 * so a key never comes back with other products behind it.
 */
export class SubtreeProductsCache {
  private readonly entries = new Map<number, { key: string; products: Map<string, number> }>();

  constructor(private readonly capacity = 64) {}

  /** The products counted under this key, or undefined when the key moved on (or was never seen). */
  get(customerId: number, key: string): Map<string, number> | undefined {
    const entry = this.entries.get(customerId);
    if (!entry || entry.key !== key) return undefined;
    // The most recently used customer goes last; the first is the one to drop.
    this.entries.delete(customerId);
    this.entries.set(customerId, entry);
    return entry.products;
  }

  set(customerId: number, key: string, products: Map<string, number>): void {
    this.entries.delete(customerId);
    this.entries.set(customerId, { key, products });
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as number;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The key of a tree's product counts: its shape and each location's tally of changes. */
export function subtreeProductsKey(
  rows: readonly { uuid: string; parentUuid: string | null }[],
  productChanges: ReadonlyMap<string, string>,
): string {
  return rows
    .map((r) => `${r.uuid}<${r.parentUuid ?? ''}:${productChanges.get(r.uuid) ?? '0'}`)
    .sort()
    .join(',');
}

/** The app's product counts of the location tree (AppCaches). */
export const SUBTREE_PRODUCTS = cacheSlot('subtree products', () => new SubtreeProductsCache());
