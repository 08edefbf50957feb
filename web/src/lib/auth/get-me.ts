import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type CurrentUser } from '@tagtrack/contract';
import { api } from '../api';
import { useIsSignedIn } from '../client-store';
import { queryKeys } from '../query-keys';

/** GET /accounts/users/me/; `token` lets sign-in read the user before the tokens are stored. */
export function getMe(token?: string): Promise<CurrentUser> {
  const schema = async () => (await import('../session-schemas')).CurrentUserSchema;
  return api.get(API_ROUTES.me.url, { schema, ...(token ? { token } : {}) });
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.me.all, queryFn: () => getMe(), staleTime: 60_000 });

export function useMe() {
  const signedIn = useIsSignedIn();
  return useQuery({ ...meQueryOptions(), enabled: signedIn });
}
