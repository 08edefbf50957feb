import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ItemSchema, pagedSchema, type Item, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { refetchEvery } from '../../../components/list-controls';
import { queryKeys } from '../../../lib/query-keys';

export interface TagListParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
  /** The product's SKU. */
  product: string;
  /** A location whose subtree holds the items. */
  location?: string;
}

const PageSchema = pagedSchema(ItemSchema);

/** GET /tag-data/tag/?product=… → the items of one product (Check Tags). */
export function listTags(params: TagListParams, signal?: AbortSignal): Promise<Paged<Item>> {
  return api.get(API_ROUTES.itemList.url, { query: { ...params }, schema: PageSchema, signal });
}

export const tagsQueryOptions = (params: TagListParams, pollMs = 0) =>
  queryOptions({
    queryKey: queryKeys.inventory.tags(params),
    queryFn: ({ signal }) => listTags(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery(pollMs),
  });

export function useTags(params: TagListParams, pollMs = 0) {
  return useQuery(tagsQueryOptions(params, pollMs));
}
