import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, SetupTimeSchema, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /configuration/reader/{uuid}/reset_setup_time/ → {uuid, setup_mode_read}: setup mode runs 30 minutes more. */
export function resetSetupTime(uuid: string) {
  return api.post(apiPath(API_ROUTES.readerResetSetupTime.url, { uuid }), undefined, { schema: SetupTimeSchema });
}

export function useResetSetupTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetSetupTime,
    onSuccess: () => invalidateAfter(queryClient, 'readers'),
  });
}
