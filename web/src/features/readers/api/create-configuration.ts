import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  ReaderConfigurationSchema,
  type ReaderConfiguration,
  type ReaderConfigurationWrite,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /configuration/reader-configuration/: the server fills conf_data.Rfid[].RfidFilter. */
export function createConfiguration(body: ReaderConfigurationWrite): Promise<ReaderConfiguration> {
  return api.post(API_ROUTES.configurationCreate.url, body, { schema: ReaderConfigurationSchema });
}

export function useCreateConfiguration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createConfiguration,
    onSuccess: () => invalidateAfter(queryClient, 'readerConfigurations'),
  });
}
