import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  InventoryCountRowSchema,
  pagedSchema,
  type InventoryCountRow,
  type Paged,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { refetchEvery } from '../../../components/list-controls';
import { queryKeys } from '../../../lib/query-keys';

export interface LocationItemCountParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
  /** The product's SKU. */
  product: string;
  /** A location whose subtree the rows are limited to. */
  location?: string;
}

/** The query of the list and of its export: current counts, rows of at least one item. */
export function locationItemCountQuery(params: Partial<LocationItemCountParams>) {
  return { type: 'current', count_min: 1, ...params };
}

const PageSchema = pagedSchema(InventoryCountRowSchema);

/** GET /tag-data/location/itemcount/?type=current&product=… → a product's items by location. */
export function listLocationItemCounts(
  params: LocationItemCountParams,
  signal?: AbortSignal,
): Promise<Paged<InventoryCountRow>> {
  return api.get(API_ROUTES.locationItemCount.url, {
    query: locationItemCountQuery(params),
    schema: PageSchema,
    signal,
  });
}

export const locationItemCountsQueryOptions = (params: LocationItemCountParams, pollMs = 0) =>
  queryOptions({
    queryKey: queryKeys.inventory.byLocation(params),
    queryFn: ({ signal }) => listLocationItemCounts(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery(pollMs),
  });

export function useLocationItemCounts(params: LocationItemCountParams, pollMs = 0) {
  return useQuery(locationItemCountsQueryOptions(params, pollMs));
}
