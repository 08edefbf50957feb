import { useMutation } from '@tanstack/react-query';
import { API_ROUTES, DetailSchema, type Detail, type ForgotPassword } from '@tagtrack/contract';
import { api } from '../../../../lib/api';

/**
 * POST /accounts/forgot-password/: asks for a reset link for a username or an e-mail address.
 * The answer is the same whether or not an account matched.
 */
export function requestPasswordReset(request: ForgotPassword): Promise<Detail> {
  return api.post(API_ROUTES.forgotPassword.url, request, { schema: DetailSchema });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
