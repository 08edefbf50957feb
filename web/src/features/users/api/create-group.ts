import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ManagementGroupSchema, type ManagementGroup, type ManagementGroupWrite } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /accounts/management-groups/ {group_name} → 201 with the new group (no users yet). */
export function createGroup(input: ManagementGroupWrite): Promise<ManagementGroup> {
  return api.post(API_ROUTES.groupCreate.url, input, { schema: ManagementGroupSchema });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    // A new group has no members yet: no user shows it, the user lists stay as they are.
    onSuccess: () => invalidateAfter(queryClient, 'groups'),
  });
}
