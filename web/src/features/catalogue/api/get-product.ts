import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ProductSchema, apiPath, type Product } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /master-data/product/{sku}/ (the SKU URL-encoded). */
export function getProduct(sku: string, signal?: AbortSignal): Promise<Product> {
  return api.get(apiPath(API_ROUTES.productGet.url, { sku }), { schema: ProductSchema, signal });
}

/** GET /master-data/product/id/{id}. */
export function getProductById(id: number, signal?: AbortSignal): Promise<Product> {
  return api.get(apiPath(API_ROUTES.productGetById.url, { id }), { schema: ProductSchema, signal });
}

export const productQueryOptions = (sku: string) =>
  queryOptions({ queryKey: queryKeys.products.detail(sku), queryFn: ({ signal }) => getProduct(sku, signal) });

export const productByIdQueryOptions = (id: number) =>
  queryOptions({ queryKey: queryKeys.products.byId(id), queryFn: ({ signal }) => getProductById(id, signal) });

export function useProduct(sku: string | undefined) {
  return useQuery({ ...productQueryOptions(sku ?? ''), enabled: Boolean(sku) });
}

export function useProductById(id: number | null | undefined) {
  return useQuery({ ...productByIdQueryOptions(id ?? 0), enabled: id !== null && id !== undefined });
}
