import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { API_ROUTES, ManagementGroupSchema, pagedSchema, type ManagementGroup, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';

export interface GroupListParams {
  page: number;
  page_size: number;
  /** group_name or id; a leading minus for descending. */
  ordering: string;
  /** Matches the group name (case-insensitive). */
  search?: string;
}

/** Which users of a group a dialog lists: its members, or everyone else (to assign). */
export type GroupMembership = 'members' | 'others';

/** Query keys of the management groups: every group mutation invalidates `all`. */
export const groupKeys = {
  all: ['management-groups'] as const,
  lists: () => [...groupKeys.all, 'list'] as const,
  list: (params: GroupListParams) => [...groupKeys.lists(), params] as const,
  users: (groupId: number, membership: GroupMembership, params: object) =>
    [...groupKeys.all, 'users', groupId, membership, params] as const,
};

/** The user lists show each user's group names: a change of groups or members refreshes them too. */
export const USER_KEY_PREFIX = ['users'] as const;

/** After a group changed: its lists and dialogs, and the user lists. */
export function invalidateGroupsAndUsers(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: groupKeys.all }),
    queryClient.invalidateQueries({ queryKey: USER_KEY_PREFIX }),
  ]);
}

const GroupPageSchema = pagedSchema(ManagementGroupSchema);

/** GET /accounts/management-groups/?page&page_size&ordering&search → {count, results}. */
export function listGroups(params: GroupListParams, signal?: AbortSignal): Promise<Paged<ManagementGroup>> {
  return api.get(API_ROUTES.groupList.url, { query: { ...params }, schema: GroupPageSchema, signal });
}

export const groupListQueryOptions = (params: GroupListParams) =>
  queryOptions({
    queryKey: groupKeys.list(params),
    queryFn: ({ signal }) => listGroups(params, signal),
    // A new page, sort or search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useGroups(params: GroupListParams) {
  return useQuery(groupListQueryOptions(params));
}
