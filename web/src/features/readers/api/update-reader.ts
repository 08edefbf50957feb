import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, ReaderSchema, apiPath, type Reader, type ReaderUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PATCH /configuration/reader/{uuid}/: the update payload, or {status} to switch setup mode. */
export function updateReader({ uuid, changes }: { uuid: string; changes: ReaderUpdate }): Promise<Reader> {
  return api.patch(apiPath(API_ROUTES.readerUpdate.url, { uuid }), changes, { schema: ReaderSchema });
}

export function useUpdateReader() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateReader,
    // The setup-mode banner follows the status too: it sits under the same prefix.
    onSuccess: () => invalidateAfter(queryClient, 'readers'),
  });
}
