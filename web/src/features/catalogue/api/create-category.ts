import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, CategorySchema, type Category, type CategoryCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /tag-data/category/ {name, description, parent, encoding, fields}. */
export function createCategory(input: CategoryCreate): Promise<Category> {
  return api.post(API_ROUTES.categoryCreate.url, input, { schema: CategorySchema });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => invalidateAfter(queryClient, 'categories'),
  });
}
