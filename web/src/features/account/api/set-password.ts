import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, apiPath, type SetPassword } from '@tagtrack/contract';
import { api } from '../../../lib/api';

const SetPasswordAnswerSchema = z.object({ detail: z.string() }).partial();

/** POST /accounts/users/{id}/set_password/: a user changes their own password (old one required). */
export function setPassword({ userId, ...body }: SetPassword & { userId: number }) {
  return api.post(apiPath(API_ROUTES.setPassword.url, { id: userId }), body, { schema: SetPasswordAnswerSchema });
}

export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
