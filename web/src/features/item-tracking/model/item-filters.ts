import { ITEM_STATUSES, type ItemStatus } from '@tagtrack/contract';
import {
  CATEGORY_CHOICE_PARAM,
  categoryParams,
  type CategoryChoice,
} from '../../../shared/catalogue/product-multi-select';
import {
  urlFilter,
  type FilterCodecs,
  type ListQueryParams,
  type ListStateOptions,
} from '../../../components/paged-table';

/** Item list defaults (01 §9): 20 rows (10, 20, 50, 100), newest status update first. */
export const ITEM_LIST_DEFAULTS = { pageSize: 20, ordering: '-latest_status_update' } as const;

/**
 * The item table's filters besides search, page and ordering, named as their URL parameters (and
 * the API's): `/?location=<uuid>&status=in` is the list of what is in a location, as the location
 * tree and the floor plan link to it.
 */
export interface ItemFilters {
  /** Locations whose subtrees hold the items; empty: everywhere. */
  location: string[];
  status: ItemStatus[];
  /** Product SKUs; empty: every product. */
  product: string[];
  category: CategoryChoice;
  /** Asset Management only: the removed items instead of the present ones. */
  removed: boolean;
}

export const NO_FILTERS: ItemFilters = { location: [], status: [], product: [], category: '', removed: false };

/** How each filter reads from and writes to the URL. */
export const ITEM_FILTER_PARAMS: FilterCodecs<ItemFilters> = {
  location: urlFilter.list(),
  status: urlFilter.list(ITEM_STATUSES),
  product: urlFilter.list(),
  category: CATEGORY_CHOICE_PARAM,
  removed: urlFilter.flag(),
};

/** The columns the item list sorts by. */
export const ITEM_SORT_FIELDS = [
  'code',
  'metadata__name',
  'product__name',
  'status',
  'location',
  'latest_status_update',
];

/** The item list's state: its defaults, sortable columns and filters in the URL. */
export const ITEM_LIST_OPTIONS: ListStateOptions<ItemFilters> = {
  ...ITEM_LIST_DEFAULTS,
  sortFields: ITEM_SORT_FIELDS,
  filters: ITEM_FILTER_PARAMS,
};

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

/** The list's query for the filters and the list state; `management` lets the removed switch count. */
export function itemQueryParams(filters: ItemFilters, list: ListQueryParams, management = false): ItemQueryParams {
  return {
    ...list,
    ...(filters.location.length > 0 ? { location: filters.location.join(',') } : {}),
    ...(filters.status.length > 0 ? { status: filters.status.join(',') } : {}),
    ...(filters.product.length > 0 ? { product: filters.product.join(',') } : {}),
    ...(management && filters.removed ? { removed: 'true' as const } : {}),
    ...categoryParams(filters.category),
  };
}

/** The export's query: the list's filters and ordering without its page. */
export function exportParams({ page: _page, page_size: _size, ...rest }: ItemQueryParams) {
  return rest;
}

/** Whether any filter differs from none (the reset button's concern). */
export function hasFilters(filters: ItemFilters): boolean {
  return filters.location.length + filters.status.length + filters.product.length > 0 || filters.category !== '';
}
