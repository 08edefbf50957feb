import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ProductSchema, apiPath, type Product, type ProductUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PATCH /master-data/product/{sku}/ with everything but the SKU. */
export function updateProduct({ sku, changes }: { sku: string; changes: ProductUpdate }): Promise<Product> {
  return api.patch(apiPath(API_ROUTES.productUpdate.url, { sku }), changes, { schema: ProductSchema });
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    // Items show their product's name and attributes: they are refreshed too.
    onSuccess: () => invalidateAfter(queryClient, 'products'),
  });
}
