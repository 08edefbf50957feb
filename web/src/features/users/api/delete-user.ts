import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /accounts/users/{id}/ → 204. */
export function deleteUser(id: number): Promise<void> {
  return api.delete(apiPath(API_ROUTES.userDelete.url, { id }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The user leaves their groups with the account: the member counts change.
    onSuccess: () => invalidateAfter(queryClient, 'users'),
  });
}
