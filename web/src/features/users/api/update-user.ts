import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, UserAdminSchema, apiPath, type UserAdmin, type UserUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PUT /accounts/users/{id}/: everything but the username. */
export function updateUser({ id, changes }: { id: number; changes: UserUpdate }): Promise<UserAdmin> {
  return api.put(apiPath(API_ROUTES.userUpdate.url, { id }), changes, { schema: UserAdminSchema });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // An administrator may edit their own account: the signed-in user's data is refreshed too.
    onSuccess: () => invalidateAfter(queryClient, 'users'),
  });
}
