import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /accounts/management-groups/{id}/ → 204: the users stay, their membership goes. */
export function deleteGroup(id: number): Promise<void> {
  return api.delete(apiPath(API_ROUTES.groupDelete.url, { id }));
}

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => invalidateAfter(queryClient, 'groups'),
  });
}
