import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ManagementGroupSchema, apiPath, type ManagementGroup } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /accounts/management-groups/{id}/remove_users/ {users: [ids]} → the group with its members. */
export function removeGroupUsers({ groupId, users }: { groupId: number; users: number[] }): Promise<ManagementGroup> {
  return api.post(
    apiPath(API_ROUTES.groupRemoveUsers.url, { id: groupId }),
    { users },
    { schema: ManagementGroupSchema },
  );
}

export function useRemoveGroupUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeGroupUsers,
    onSuccess: () => invalidateAfter(queryClient, 'groups'),
  });
}
