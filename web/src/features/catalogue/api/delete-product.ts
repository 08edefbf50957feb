import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, queryKeys } from '../../../lib/query-keys';

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
      queryClient.removeQueries({ queryKey: queryKeys.products.detail(sku) });
      // Its items went with it: what shows items and counts refreshes as after an item change.
      return Promise.all([invalidateAfter(queryClient, 'products'), invalidateAfter(queryClient, 'items')]);
    },
  });
}
