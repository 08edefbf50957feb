import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, CategorySchema, apiPath, type Category } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /tag-data/category/{id}/: one category with its fields (and its subcategories if top-level). */
export function getCategory(id: number, signal?: AbortSignal): Promise<Category> {
  return api.get(apiPath(API_ROUTES.categoryGet.url, { id }), { schema: CategorySchema, signal });
}

export const categoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.categories.detail(id), queryFn: ({ signal }) => getCategory(id, signal) });

export function useCategory(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...categoryQueryOptions(id), enabled: options.enabled ?? true });
}
