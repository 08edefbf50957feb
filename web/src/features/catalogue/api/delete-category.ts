import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, keyStartsWith, queryKeys } from '../../../lib/query-keys';

/** DELETE /tag-data/category/{id}/: its subcategories go too; the products of both move to no category. */
export function deleteCategory(id: number): Promise<void> {
  return api.delete(apiPath(API_ROUTES.categoryDelete.url, { id }));
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    // The deleted category's own detail query would only fail now: refresh everything else.
    onSuccess: (_, id) =>
      invalidateAfter(queryClient, 'categories', (query) => keyStartsWith(query, queryKeys.categories.detail(id))),
  });
}
