import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ProductSchema, pagedSchema, type Paged, type Product } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ProductListParams {
  page?: number;
  page_size?: number;
  /** Field with a leading minus for descending: sku, name, product_code, category__name. */
  ordering?: string;
  /** Matches sku, name and product code (case-insensitive). */
  search?: string;
  /** -1 all, 0 none, or a category id (with its subcategories). */
  category?: number;
  has_category?: boolean;
  /** Only sensor products (metadata=sensor_product=true). */
  sensorOnly?: boolean;
  /** Leaves out one SKU; pickers pass Unassigned. */
  exclude_product?: string;
}

const ProductPageSchema = pagedSchema(ProductSchema);

/** GET /master-data/product/ → {count, results}. */
export function listProducts(params: ProductListParams = {}, signal?: AbortSignal): Promise<Paged<Product>> {
  return api.get(API_ROUTES.productList.url, {
    query: {
      page: params.page,
      page_size: params.page_size,
      ordering: params.ordering,
      search: params.search,
      category: params.category,
      has_category: params.has_category === undefined ? undefined : String(params.has_category),
      metadata: params.sensorOnly ? 'sensor_product=true' : undefined,
      exclude_product: params.exclude_product,
    },
    schema: ProductPageSchema,
    signal,
  });
}

export const productListQueryOptions = (params: ProductListParams = {}) =>
  queryOptions({
    queryKey: queryKeys.products.list(params),
    queryFn: ({ signal }) => listProducts(params, signal),
    // A new page, sort or search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useProducts(params: ProductListParams = {}) {
  return useQuery(productListQueryOptions(params));
}
