import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { groupKeys } from './list-groups';
import { userKeys } from './list-users';

/** DELETE /accounts/users/{id}/ → 204. */
export function deleteUser(id: number): Promise<void> {
  return api.delete(apiPath(API_ROUTES.userDelete.url, { id }));
}

export function useDeleteUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUser,
    // The user leaves their groups with the account: the member counts change.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}
