import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, ProductSchema, apiPath, type Product } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /master-data/product/{sku}/: what the inventory details dialog shows. */
export function getInventoryProduct(sku: string, signal?: AbortSignal): Promise<Product> {
  return api.get(apiPath(API_ROUTES.productGet.url, { sku }), { schema: ProductSchema, signal });
}

export function useInventoryProduct(sku: string | undefined) {
  return useQuery({
    queryKey: queryKeys.inventory.product(sku ?? ''),
    queryFn: ({ signal }) => getInventoryProduct(sku ?? '', signal),
    enabled: Boolean(sku),
  });
}
