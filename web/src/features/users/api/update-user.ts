import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, UserAdminSchema, apiPath, type UserAdmin, type UserUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { meKeys } from '../../../lib/auth/get-me';
import { groupKeys } from './list-groups';
import { userKeys } from './list-users';

/** PUT /accounts/users/{id}/: everything but the username. */
export function updateUser({ id, changes }: { id: number; changes: UserUpdate }): Promise<UserAdmin> {
  return api.put(apiPath(API_ROUTES.userUpdate.url, { id }), changes, { schema: UserAdminSchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // An administrator may edit their own account: the signed-in user's data is refreshed too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
        queryClient.invalidateQueries({ queryKey: meKeys.all }),
      ]),
  });
}
