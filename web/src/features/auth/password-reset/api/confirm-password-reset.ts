import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, DetailSchema, apiPath, type Detail } from '@tagtrack/contract';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

/** POST /accounts/forgot-password/{id}/: sets the new password through the link and uses the link up. */
export function confirmPasswordReset({ id, password }: { id: string; password: string }): Promise<Detail> {
  return api.post(apiPath(API_ROUTES.forgotPasswordConfirm.url, { id }), { password }, { schema: DetailSchema });
}

export function useConfirmPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmPasswordReset,
    onSuccess: (_detail, { id }) => queryClient.removeQueries({ queryKey: queryKeys.passwordReset.link(id) }),
  });
}
