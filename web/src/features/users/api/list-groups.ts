import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ManagementGroupSchema, pagedSchema, type ManagementGroup, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

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

const GroupPageSchema = pagedSchema(ManagementGroupSchema);

/** GET /accounts/management-groups/?page&page_size&ordering&search → {count, results}. */
export function listGroups(params: GroupListParams, signal?: AbortSignal): Promise<Paged<ManagementGroup>> {
  return api.get(API_ROUTES.groupList.url, { query: { ...params }, schema: GroupPageSchema, signal });
}

export const groupListQueryOptions = (params: GroupListParams) =>
  queryOptions({
    queryKey: queryKeys.groups.list(params),
    queryFn: ({ signal }) => listGroups(params, signal),
    // A new page, sort or search keeps the previous rows on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

export function useGroups(params: GroupListParams) {
  return useQuery(groupListQueryOptions(params));
}
