import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, UserAdminSchema, type UserAdmin, type UserCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /accounts/users/ → 201 the new user. */
export function createUser(input: UserCreate): Promise<UserAdmin> {
  return api.post(API_ROUTES.userCreate.url, input, { schema: UserAdminSchema });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () => invalidateAfter(queryClient, 'users'),
  });
}
