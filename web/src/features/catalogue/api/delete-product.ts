import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { itemKeys } from './get-item';
import { productKeys } from './list-products';

/** DELETE /master-data/product/{sku}/: the product and all its items go. */
export function deleteProduct(sku: string): Promise<void> {
  return api.delete(apiPath(API_ROUTES.productDelete.url, { sku }));
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    // The deleted product's own detail would only answer 404 now: refresh everything else, and
    // the items, which went with it.
    onSuccess: (_data, sku) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(sku) });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
      ]);
    },
  });
}
