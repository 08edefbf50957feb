import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ROLES, UserAdminSchema, pagedSchema, type Paged, type UserAdmin } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface UserListParams {
  page: number;
  page_size: number;
  /** username, first_name, last_name, email or id; a leading minus for descending. */
  ordering: string;
  /** Matches username, names and e-mail (case-insensitive). */
  search?: string;
}

const UserPageSchema = pagedSchema(UserAdminSchema);

/** GET /accounts/users/ → {count, results}, always filtered to the four console roles (02 §3 User). */
export function listUsers(params: UserListParams, signal?: AbortSignal): Promise<Paged<UserAdmin>> {
  return api.get(API_ROUTES.userList.url, {
    query: { role: ROLES.join(','), ...params },
    schema: UserPageSchema,
    signal,
  });
}

export const userListQueryOptions = (params: UserListParams) =>
  queryOptions({
    queryKey: queryKeys.users.list(params),
    queryFn: ({ signal }) => listUsers(params, signal),
    // A new page, sort or search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useUsers(params: UserListParams) {
  return useQuery(userListQueryOptions(params));
}
