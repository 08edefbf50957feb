import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, queryKeys } from '../../../lib/query-keys';

/** DELETE /tag-data/tag/{id}/: marks the item removed (restorable; its history is kept). */
export function deleteItem(id: number): Promise<void> {
  return api.delete(apiPath(API_ROUTES.itemDelete.url, { id }));
}

export function useDeleteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteItem,
    // The deleted item's own detail would only show a removed item now: drop it, refresh the rest.
    onSuccess: (_data, id) => {
      queryClient.removeQueries({ queryKey: queryKeys.items.detail(id) });
      return invalidateAfter(queryClient, 'items');
    },
  });
}
