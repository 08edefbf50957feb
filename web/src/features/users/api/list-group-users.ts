import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ROLES, UserAdminSchema, pagedSchema, type Paged, type UserAdmin } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { type GroupMembership } from './list-groups';
import { queryKeys } from '../../../lib/query-keys';

export interface GroupUserListParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
}

const UserPageSchema = pagedSchema(UserAdminSchema);

/**
 * GET /accounts/users/?group=<id> (its members) or ?not_group=<id> (the users to assign), of the
 * four console roles. The server leaves out the user named admin unless admin asks.
 */
export function listGroupUsers(
  groupId: number,
  membership: GroupMembership,
  params: GroupUserListParams,
  signal?: AbortSignal,
): Promise<Paged<UserAdmin>> {
  return api.get(API_ROUTES.userList.url, {
    query: {
      role: ROLES.join(','),
      ...(membership === 'members' ? { group: groupId } : { not_group: groupId }),
      ...params,
    },
    schema: UserPageSchema,
    signal,
  });
}

export const groupUserListQueryOptions = (groupId: number, membership: GroupMembership, params: GroupUserListParams) =>
  queryOptions({
    queryKey: queryKeys.groups.users(groupId, membership, params),
    queryFn: ({ signal }) => listGroupUsers(groupId, membership, params, signal),
    placeholderData: keepPreviousData,
  });

export function useGroupUsers(groupId: number, membership: GroupMembership, params: GroupUserListParams) {
  return useQuery(groupUserListQueryOptions(groupId, membership, params));
}
