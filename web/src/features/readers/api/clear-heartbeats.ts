import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /configuration/reader/{uuid}/heartbeat/clear_heartbeats/ */
export function clearHeartbeats(uuid: string): Promise<void> {
  return api.delete(apiPath(API_ROUTES.readerClearHeartbeats.url, { uuid }));
}

export function useClearHeartbeats() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: clearHeartbeats,
    onSuccess: () => invalidateAfter(queryClient, 'readers'),
  });
}
