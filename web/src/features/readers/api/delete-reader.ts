import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /configuration/reader/{uuid}/ → 204. */
export function deleteReader(uuid: string): Promise<void> {
  return api.delete(apiPath(API_ROUTES.readerDelete.url, { uuid }));
}

export function useDeleteReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteReader,
    // The configurations' reader counts change with it.
    onSuccess: () => invalidateAfter(queryClient, 'readerConfigurations'),
  });
}
