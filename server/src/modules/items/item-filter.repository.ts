import { eq, ilike, inArray, isNull, not, or, sql, type SQL } from 'drizzle-orm';
import type { ItemStatus } from '@tagtrack/contract';
import { categories, items, itemSearch, products } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { locationSubtree } from '../../db/location-subtree.js';

/** The item list's filters (and its export's and count's), as the service reads them from the query. */
export interface ItemFilter {
  search?: string;
  /** Locations whose subtrees hold the items. */
  locations?: string[];
  productSkus?: string[];
  excludeSkus?: string[];
  statuses?: ItemStatus[];
  removed: boolean;
  /** A category id: items of products in it or its subcategories. */
  category?: number;
  noncategorized?: boolean;
}

/**
 * The products a filter names, looked up first (a few rows of the products table), so the items
 * query names them and the planner finds their items through an index.
 */
export interface FilterProducts {
  /** The products the product conditions (SKUs, excluded SKUs, category, uncategorised) admit; undefined without such conditions. */
  admitted: number[] | undefined;
  /** With a search: the products whose SKU or name holds it (their items match too). */
  matching: number[] | undefined;
  /**
   * With a search: the items whose EPC or name holds it, when there are at most
   * SEARCH_MATCHES_LISTED of them (else undefined, and the items query searches item_search
   * itself). Found once, the list's page and its total look these items up by id rather than
   * each searching the trigram index and rechecking its candidates.
   */
  matchingItems: number[] | undefined;
}

/**
 * How many items a search may match and still be listed by id. Up to this many, looking each up
 * by its key costs less than walking the list's order and testing every item against the
 * matches; past it the search is broad (a few characters) and the walk soon finds a page.
 */
export const SEARCH_MATCHES_LISTED = 10_000;

/** The search as an ILIKE pattern: part of the text, its wildcards taken literally. */
const searchPattern = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function productsOf(tenant: TenantScope, filter: ItemFilter): Promise<FilterProducts> {
  const [admitted, matching, matchingItems] = await Promise.all([
    admittedProducts(tenant, filter),
    filter.search
      ? tenant.db
          .select({ id: products.id })
          .from(products)
          .where(
            tenant.where(
              products,
              or(ilike(products.sku, searchPattern(filter.search)), ilike(products.name, searchPattern(filter.search))),
            ),
          )
          .then((rows) => rows.map((r) => r.id))
      : undefined,
    filter.search ? itemsMatching(tenant, filter.search) : undefined,
  ]);
  return { admitted, matching, matchingItems };
}

/** The items whose EPC or name holds the search, or undefined past SEARCH_MATCHES_LISTED of them. */
async function itemsMatching(tenant: TenantScope, search: string): Promise<number[] | undefined> {
  const pattern = searchPattern(search);
  const rows = await tenant.db
    .select({ id: itemSearch.itemId })
    .from(itemSearch)
    .where(tenant.where(itemSearch, or(ilike(itemSearch.code, pattern), ilike(itemSearch.name, pattern))))
    .limit(SEARCH_MATCHES_LISTED + 1);
  return rows.length > SEARCH_MATCHES_LISTED ? undefined : rows.map((r) => r.id);
}

async function admittedProducts(tenant: TenantScope, filter: ItemFilter): Promise<number[] | undefined> {
  const where: (SQL | undefined)[] = [];
  if (filter.productSkus) where.push(inArray(products.sku, filter.productSkus));
  if (filter.excludeSkus && filter.excludeSkus.length > 0) where.push(not(inArray(products.sku, filter.excludeSkus)));
  if (filter.category !== undefined) {
    where.push(
      inArray(
        products.categoryId,
        tenant.db
          .select({ id: categories.id })
          .from(categories)
          .where(
            tenant.where(categories, or(eq(categories.id, filter.category), eq(categories.parentId, filter.category))),
          ),
      ),
    );
  }
  if (filter.noncategorized) where.push(isNull(products.categoryId));
  if (where.length === 0) return undefined;
  const rows = await tenant.db
    .select({ id: products.id })
    .from(products)
    .where(tenant.where(products, ...where));
  return rows.map((r) => r.id);
}

/** The condition that the product id column is among the admitted products. */
export function productCondition(productId: SQL, ids: number[] | undefined): SQL[] {
  if (ids === undefined) return [];
  if (ids.length === 0) return [sql`false`];
  return [
    sql`${productId} in (${sql.join(
      ids.map((id) => sql`${id}::bigint`),
      sql`, `,
    )})`,
  ];
}

/** The conditions on items a filter makes, with its products looked up by productsOf. */
export function filterConditions(
  tenant: TenantScope,
  filter: ItemFilter,
  filterProducts: FilterProducts,
): (SQL | undefined)[] {
  const conditions: (SQL | undefined)[] = [eq(items.removed, filter.removed)];
  if (filter.search) {
    // The EPC or the item's name holds the search (item_search's trigram index), or its product's SKU or name does.
    if (filterProducts.matchingItems) {
      conditions.push(
        or(
          sql`${items.id} = any(${sql.param(filterProducts.matchingItems)}::bigint[])`,
          ...productCondition(sql`${items.productId}`, filterProducts.matching),
        ),
      );
    } else if (filterProducts.matching?.length) {
      // Beside the products' condition, each item's own search row is looked up by its key: an
      // IN (subquery) under an OR cannot be a semi-join, and past work_mem Postgres would run
      // the whole search again for every item.
      const pattern = searchPattern(filter.search);
      conditions.push(
        or(
          sql`exists (select 1 from ${itemSearch} s where s.customer_id = ${tenant.customerId}
            and s.item_id = ${items.id} and (s.code ilike ${pattern} or s.name ilike ${pattern}))`,
          ...productCondition(sql`${items.productId}`, filterProducts.matching),
        ),
      );
    } else {
      const pattern = searchPattern(filter.search);
      conditions.push(
        sql`${items.id} in (select s.item_id from ${itemSearch} s where s.customer_id = ${tenant.customerId}
          and (s.code ilike ${pattern} or s.name ilike ${pattern}))`,
      );
    }
  }
  if (filter.locations) {
    conditions.push(
      filter.locations.length === 0
        ? sql`false`
        : sql`${items.locationUuid} in ${locationSubtree(tenant, filter.locations)}`,
    );
  }
  if (filter.statuses) conditions.push(inArray(items.status, filter.statuses));
  return [...conditions, ...productCondition(sql`${items.productId}`, filterProducts.admitted)];
}
