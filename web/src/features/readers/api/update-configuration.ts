import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  ReaderConfigurationSchema,
  apiPath,
  type ReaderConfiguration,
  type ReaderConfigurationWrite,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PUT /configuration/reader-configuration/{id}/: the whole configuration. */
export function updateConfiguration({
  id,
  body,
}: {
  id: number;
  body: ReaderConfigurationWrite;
}): Promise<ReaderConfiguration> {
  return api.put(apiPath(API_ROUTES.configurationUpdate.url, { id }), body, { schema: ReaderConfigurationSchema });
}

export function useUpdateConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConfiguration,
    // A changed configuration moves its readers back to 'assigned': the reader lists change too.
    onSuccess: () => invalidateAfter(queryClient, 'readerConfigurations'),
  });
}
