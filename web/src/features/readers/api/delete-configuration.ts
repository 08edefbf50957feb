import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, keyStartsWith, queryKeys } from '../../../lib/query-keys';

/** DELETE /configuration/reader-configuration/{id}/: refused while readers have it assigned. */
export function deleteConfiguration(id: number): Promise<void> {
  return api.delete(apiPath(API_ROUTES.configurationDelete.url, { id }));
}

export function useDeleteConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteConfiguration,
    // The deleted configuration's own detail query would only fail now: refresh everything else.
    onSuccess: (_, id) =>
      invalidateAfter(queryClient, 'readerConfigurations', (query) =>
        keyStartsWith(query, queryKeys.readerConfigurations.detail(id)),
      ),
  });
}
