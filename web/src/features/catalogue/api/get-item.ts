import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ItemSchema, apiPath, type Item } from '@tagtrack/contract';
import { api } from '../../../lib/api';

/** Query keys of items: every item mutation invalidates `all`. */
export const itemKeys = {
  all: ['items'] as const,
  lists: () => [...itemKeys.all, 'list'] as const,
  details: () => [...itemKeys.all, 'detail'] as const,
  detail: (id: number) => [...itemKeys.details(), id] as const,
};

/** GET /tag-data/tag/{id}/: one item with its product, category fields and attribute values. */
export function getItem(id: number, signal?: AbortSignal): Promise<Item> {
  return api.get(apiPath(API_ROUTES.itemGet.url, { id }), { schema: ItemSchema, signal });
}

export const itemQueryOptions = (id: number) =>
  queryOptions({ queryKey: itemKeys.detail(id), queryFn: ({ signal }) => getItem(id, signal) });

export function useItem(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...itemQueryOptions(id), enabled: options.enabled ?? true });
}
