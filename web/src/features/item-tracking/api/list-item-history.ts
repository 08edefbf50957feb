import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ItemHistorySchema, pagedSchema, type ItemHistory, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ItemHistoryParams {
  /** The item's EPC. */
  tag: string;
  page: number;
  page_size: number;
  ordering: string;
}

const HistoryPageSchema = pagedSchema(ItemHistorySchema);

/** GET /tag-data/tag/history/?tag=EPC */
export function listItemHistory(params: ItemHistoryParams, signal?: AbortSignal): Promise<Paged<ItemHistory>> {
  return api.get(API_ROUTES.itemHistoryList.url, { query: { ...params }, schema: HistoryPageSchema, signal });
}

export const itemHistoryQueryOptions = (params: ItemHistoryParams) =>
  queryOptions({
    queryKey: queryKeys.items.historyList(params),
    queryFn: ({ signal }) => listItemHistory(params, signal),
    placeholderData: keepPreviousData,
  });

export function useItemHistory(params: ItemHistoryParams, refetchInterval: number | false = false) {
  return useQuery({ ...itemHistoryQueryOptions(params), refetchInterval });
}
