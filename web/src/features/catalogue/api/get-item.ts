import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ItemSchema, apiPath, type Item } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tag-data/tag/{id}/: one item with its product, category fields and attribute values. */
export function getItem(id: number, signal?: AbortSignal): Promise<Item> {
  return api.get(apiPath(API_ROUTES.itemGet.url, { id }), { schema: ItemSchema, signal });
}

export const itemQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.items.detail(id), queryFn: ({ signal }) => getItem(id, signal) });

export function useItem(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...itemQueryOptions(id), enabled: options.enabled ?? true });
}
