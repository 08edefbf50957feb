import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, UserAdminSchema, type UserAdmin, type UserCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { groupKeys } from './list-groups';
import { userKeys } from './list-users';

/** POST /accounts/users/ → 201 the new user. */
export function createUser(input: UserCreate): Promise<UserAdmin> {
  return api.post(API_ROUTES.userCreate.url, input, { schema: UserAdminSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.all }),
        queryClient.invalidateQueries({ queryKey: groupKeys.all }),
      ]),
  });
}
