import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  ManagementGroupSchema,
  apiPath,
  type ManagementGroup,
  type ManagementGroupWrite,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PUT /accounts/management-groups/{id}/ {group_name}: renames the group. */
export function updateGroup({ id, changes }: { id: number; changes: ManagementGroupWrite }): Promise<ManagementGroup> {
  return api.put(apiPath(API_ROUTES.groupUpdate.url, { id }), changes, { schema: ManagementGroupSchema });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => invalidateAfter(queryClient, 'groups'),
  });
}
