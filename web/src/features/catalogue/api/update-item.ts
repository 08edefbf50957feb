import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ItemSchema, apiPath, type Item, type ItemUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, keyStartsWith, queryKeys } from '../../../lib/query-keys';

/** PATCH /tag-data/tag/{id}/ {product__sku?, metadata?, location?, status?, attributes?}. */
export function updateItem({ id, changes }: { id: number; changes: ItemUpdate }): Promise<Item> {
  return api.patch(apiPath(API_ROUTES.itemUpdate.url, { id }), changes, { schema: ItemSchema });
}

export function useUpdateItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateItem,
    onSuccess: (item) => {
      queryClient.setQueryData(queryKeys.items.detail(item.id), item);
      // A move changes the counts of two locations: the tree and inventory refresh with the lists.
      return invalidateAfter(queryClient, 'items', (query) => keyStartsWith(query, queryKeys.items.detail(item.id)));
    },
  });
}
