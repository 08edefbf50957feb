import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, CategorySchema, apiPath, type Category, type CategoryUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PATCH /tag-data/category/{id}/: fields with an id are updated, without one added, missing ones removed. */
export function updateCategory({ id, changes }: { id: number; changes: CategoryUpdate }): Promise<Category> {
  return api.patch(apiPath(API_ROUTES.categoryUpdate.url, { id }), changes, { schema: CategorySchema });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => invalidateAfter(queryClient, 'categories'),
  });
}
