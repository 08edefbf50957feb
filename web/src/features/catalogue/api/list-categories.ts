import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  CATEGORY_PAGE_SIZE_MAX,
  CategorySchema,
  pagedSchema,
  type Category,
  type Paged,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface CategoryListParams {
  /** Top-level categories only, each with its subcategories nested (count counts top-level ones). */
  onlyRoot?: boolean;
  /** Only categories with at least one product that has items not removed. */
  inventory?: boolean;
  page?: number;
  pageSize?: number;
  /** 'name' or '-name'. */
  ordering?: string;
  search?: string;
}

const CategoryPageSchema = pagedSchema(CategorySchema);

/** GET /tag-data/category/?only_root&page&page_size&ordering&search */
export function listCategories(params: CategoryListParams = {}, signal?: AbortSignal): Promise<Paged<Category>> {
  return api.get(API_ROUTES.categoryList.url, {
    query: {
      only_root: params.onlyRoot ? 'true' : undefined,
      inventory: params.inventory ? 'true' : undefined,
      page: params.page,
      page_size: params.pageSize,
      ordering: params.ordering,
      search: params.search || undefined,
    },
    schema: CategoryPageSchema,
    signal,
  });
}

export const categoryListQueryOptions = (params: CategoryListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.categories.list(params),
    queryFn: ({ signal }) => listCategories(params, signal),
    // A new page or search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useCategories(params: CategoryListParams = {}) {
  return useQuery(categoryListQueryOptions(params));
}

/** Every top-level category with its subcategories (pickers: parent, product and item category). */
export function useCategoryTree(options: { inventory?: boolean } = {}) {
  return useCategories({ onlyRoot: true, pageSize: CATEGORY_PAGE_SIZE_MAX, ordering: 'name', ...options });
}
