import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ProductFullCountSchema, pagedSchema, type Paged, type ProductFullCount } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { refetchEvery } from '../../../components/list-controls';
import { queryKeys } from '../../../lib/query-keys';

export interface ProductCountParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
  category?: number;
  noncategorized?: 'true';
  /** Comma-separated SKUs. */
  product?: string;
}

/** The product counts call and its export take the same filters: products holding items present. */
export function productCountQuery(params: Partial<ProductCountParams>) {
  return { inventory: 'true', ...params };
}

const PageSchema = pagedSchema(ProductFullCountSchema);

/** GET /tag-data/product/fullcount/serialized/?inventory=true → one row per product with its count. */
export function listProductCounts(params: ProductCountParams, signal?: AbortSignal): Promise<Paged<ProductFullCount>> {
  return api.get(API_ROUTES.productFullCount.url, { query: productCountQuery(params), schema: PageSchema, signal });
}

export const productCountsQueryOptions = (params: ProductCountParams, pollMs = 0) =>
  queryOptions({
    queryKey: queryKeys.inventory.products(params),
    queryFn: ({ signal }) => listProductCounts(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: refetchEvery(pollMs),
  });

export function useProductCounts(params: ProductCountParams, pollMs = 0) {
  return useQuery(productCountsQueryOptions(params, pollMs));
}
