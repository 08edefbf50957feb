import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, type ConfigRow } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/**
 * POST /configuration/reader-template-assignment/: each row's template becomes a configuration of
 * its own at the row's location, added to the reader's configurations.
 */
export function assignTemplates(input: { reader_uuid: string; config_data: ConfigRow[] }): Promise<unknown> {
  return api.post(API_ROUTES.readerTemplateAssignment.url, input);
}

export function useAssignTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignTemplates,
    // New configurations appear in the configuration list.
    onSuccess: () => invalidateAfter(queryClient, 'readerConfigurations'),
  });
}
