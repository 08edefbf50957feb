import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ItemSchema, pagedSchema, type Item, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import type { ItemQueryParams } from '../model/item-filters';
import { queryKeys } from '../../../lib/query-keys';

const ItemPageSchema = pagedSchema(ItemSchema);

/** GET /tag-data/tag/ with the tracking filters. */
export function listTrackedItems(params: ItemQueryParams, signal?: AbortSignal): Promise<Paged<Item>> {
  return api.get(API_ROUTES.itemList.url, { query: { ...params }, schema: ItemPageSchema, signal });
}

export const trackedItemsQueryOptions = (params: ItemQueryParams) =>
  queryOptions({
    queryKey: queryKeys.items.tracking(params),
    queryFn: ({ signal }) => listTrackedItems(params, signal),
    placeholderData: keepPreviousData,
  });

/** The list, refreshed every `refetchInterval` ms while polling is on. */
export function useTrackedItems(params: ItemQueryParams, refetchInterval: number | false = false) {
  return useQuery({ ...trackedItemsQueryOptions(params), refetchInterval });
}
