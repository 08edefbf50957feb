import { ITEM_STATUSES, type ItemStatus } from '@tagtrack/contract';
import { categoryParams, type CategoryChoice } from '../../../components/product-multi-select';
import type { ListQueryParams } from '../../../components/paged-table';

/** Item list defaults (01 §9): 20 rows (10, 20, 50, 100), newest status update first. */
export const ITEM_LIST_DEFAULTS = { pageSize: 20, ordering: '-latest_status_update' } as const;

/** The item table's filters besides search, page and ordering. */
export interface ItemFilters {
  /** Locations whose subtrees hold the items; empty: everywhere. */
  locations: string[];
  statuses: ItemStatus[];
  /** Product SKUs; empty: every product. */
  products: string[];
  category: CategoryChoice;
}

export const NO_FILTERS: ItemFilters = { locations: [], statuses: [], products: [], category: '' };

/**
 * The filters a page opens with: the location tree's "show items" sends
 * `{ locationName, locationId, status: ['in'] }` as navigation state; anything else is ignored.
 */
export function filtersFromNavigation(state: unknown): ItemFilters {
  if (typeof state !== 'object' || state === null) return NO_FILTERS;
  const { locationId, status } = state as { locationId?: unknown; status?: unknown };
  return {
    ...NO_FILTERS,
    locations: typeof locationId === 'string' && locationId ? [locationId] : [],
    statuses: Array.isArray(status)
      ? status.filter((s): s is ItemStatus => (ITEM_STATUSES as readonly string[]).includes(s as string))
      : [],
  };
}

/** The query of GET /tag-data/tag/ (and, without page and page_size, of its CSV export). */
export interface ItemQueryParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
  location?: string;
  status?: string;
  product?: string;
  removed?: 'true';
  category?: number;
  noncategorized?: 'true';
}

/** The list's query for the filters, the list state and whether removed items are shown. */
export function itemQueryParams(filters: ItemFilters, list: ListQueryParams, removed = false): ItemQueryParams {
  return {
    ...list,
    ...(filters.locations.length > 0 ? { location: filters.locations.join(',') } : {}),
    ...(filters.statuses.length > 0 ? { status: filters.statuses.join(',') } : {}),
    ...(filters.products.length > 0 ? { product: filters.products.join(',') } : {}),
    ...(removed ? { removed: 'true' as const } : {}),
    ...categoryParams(filters.category),
  };
}

/** The export's query: the list's filters and ordering without its page. */
export function exportParams({ page: _page, page_size: _size, ...rest }: ItemQueryParams) {
  return rest;
}

/** Whether any filter differs from none (the reset button's concern). */
export function hasFilters(filters: ItemFilters): boolean {
  return filters.locations.length + filters.statuses.length + filters.products.length > 0 || filters.category !== '';
}
