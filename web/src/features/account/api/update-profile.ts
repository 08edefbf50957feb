import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, CurrentUserSchema, type CurrentUser, type ProfileUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /accounts/users/me/: the user's own name, contact data and language. */
export function updateProfile(changes: ProfileUpdate): Promise<CurrentUser> {
  return api.patch(API_ROUTES.updateMe.url, changes, { schema: CurrentUserSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (me) => queryClient.setQueryData(queryKeys.me.all, me),
  });
}
