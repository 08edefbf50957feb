import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, type ItemBulkUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

const CountSchema = z.object({ count: z.number().int() });

/** PATCH /tag-data/tag/: the same change for many items, all or nothing. */
export function bulkUpdateItems(changes: ItemBulkUpdate): Promise<{ count: number }> {
  return api.patch(API_ROUTES.itemBulkUpdate.url, changes, { schema: CountSchema });
}

/** DELETE /tag-data/tag/ {ids}: marks the items removed (restorable). */
export function bulkDeleteItems(ids: number[]): Promise<void> {
  return api.delete(API_ROUTES.itemBulkDelete.url, { body: { ids } });
}

/** POST /tag-data/tag/restore/ {ids}: brings removed items back where they were. */
export function restoreItems(ids: number[]): Promise<{ count: number }> {
  return api.post(API_ROUTES.itemRestore.url, { ids }, { schema: CountSchema });
}

/** Every bulk change refreshes the item lists, their history and the product counts. */
function useItemsMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => invalidateAfter(queryClient, 'items'),
  });
}

export const useBulkUpdateItems = () => useItemsMutation(bulkUpdateItems);
export const useBulkDeleteItems = () => useItemsMutation(bulkDeleteItems);
export const useRestoreItems = () => useItemsMutation(restoreItems);
