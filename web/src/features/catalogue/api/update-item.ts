import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ItemSchema, apiPath, type Item, type ItemUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { itemKeys } from './get-item';
import { productKeys } from './list-products';

/** PATCH /tag-data/tag/{id}/ {product__sku?, metadata?, location?, status?, attributes?}. */
export function updateItem({ id, changes }: { id: number; changes: ItemUpdate }): Promise<Item> {
  return api.patch(apiPath(API_ROUTES.itemUpdate.url, { id }), changes, { schema: ItemSchema });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: (item) => {
      queryClient.setQueryData(itemKeys.detail(item.id), item);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: productKeys.all }),
      ]);
    },
  });
}
