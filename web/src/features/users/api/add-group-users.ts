import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ManagementGroupSchema, apiPath, type ManagementGroup } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /accounts/management-groups/{id}/add_users/ {users: [ids]} → the group with its members. */
export function addGroupUsers({ groupId, users }: { groupId: number; users: number[] }): Promise<ManagementGroup> {
  return api.post(apiPath(API_ROUTES.groupAddUsers.url, { id: groupId }), { users }, { schema: ManagementGroupSchema });
}

export function useAddGroupUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addGroupUsers,
    onSuccess: () => invalidateAfter(queryClient, 'groups'),
  });
}
