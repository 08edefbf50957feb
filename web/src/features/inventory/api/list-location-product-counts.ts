import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  InventoryCountRowSchema,
  apiPath,
  pagedSchema,
  UNASSIGNED_SKU,
  type InventoryCountRow,
  type Paged,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { refetchEvery } from '../../../components/list-controls';
import { queryKeys } from '../../../lib/query-keys';

export interface LocationProductCountParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
}

/** The list and its export leave the Unassigned product out (01 §7). */
export const LOCATION_PRODUCTCOUNT_FILTER = { exclude_product: UNASSIGNED_SKU } as const;

export const locationProductCountUrl = (uuid: string) =>
  apiPath(API_ROUTES.locationProductCount.url, { locationId: uuid });

const PageSchema = pagedSchema(InventoryCountRowSchema);

/** GET /tag-data/v2/location/productcount/{uuid}/ → per product over the location's subtree. */
export function listLocationProductCounts(
  uuid: string,
  params: LocationProductCountParams,
  signal?: AbortSignal,
): Promise<Paged<InventoryCountRow>> {
  return api.get(locationProductCountUrl(uuid), {
    query: { ...LOCATION_PRODUCTCOUNT_FILTER, ...params },
    schema: PageSchema,
    signal,
  });
}

export const locationProductCountsQueryOptions = (uuid: string, params: LocationProductCountParams, pollMs = 0) =>
  queryOptions({
    queryKey: queryKeys.inventory.location(uuid, params),
    queryFn: ({ signal }) => listLocationProductCounts(uuid, params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery(pollMs),
  });

export function useLocationProductCounts(uuid: string, params: LocationProductCountParams, pollMs = 0) {
  return useQuery(locationProductCountsQueryOptions(uuid, params, pollMs));
}
