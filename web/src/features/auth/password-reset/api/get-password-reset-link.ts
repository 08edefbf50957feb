import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, PasswordResetLinkSchema, apiPath, type PasswordResetLink } from '@tagtrack/contract';
import { api } from '../../../../lib/api';
import { queryKeys } from '../../../../lib/query-keys';

/** GET /accounts/forgot-password/{id}/: the link's account while it can be used; 404 when it cannot. */
export function getPasswordResetLink(id: string, signal?: AbortSignal): Promise<PasswordResetLink> {
  return api.get(apiPath(API_ROUTES.forgotPasswordCheck.url, { id }), { schema: PasswordResetLinkSchema, signal });
}

export const passwordResetLinkQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.passwordReset.link(id),
    queryFn: ({ signal }) => getPasswordResetLink(id, signal),
    // A link is used once: what was checked a moment ago may be gone now.
    staleTime: 0,
  });

export function usePasswordResetLink(id: string) {
  return useQuery(passwordResetLinkQueryOptions(id));
}
