import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';

const ResetAnswerSchema = z.object({ detail: z.string() }).partial();

/** POST /accounts/users/{id}/reset_password/ (cloud): the user is e-mailed a link to set a new password. */
export function resetUserPassword(id: number): Promise<{ detail?: string }> {
  return api.post(apiPath(API_ROUTES.userResetPassword.url, { id }), undefined, { schema: ResetAnswerSchema });
}

export function useResetUserPassword() {
  return useMutation({ mutationFn: resetUserPassword });
}
