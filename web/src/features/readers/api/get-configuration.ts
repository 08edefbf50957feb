import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ReaderConfigurationSchema, apiPath, type ReaderConfiguration } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/reader-configuration/{id}/: one configuration with its conf_data. */
export function getConfiguration(id: number, signal?: AbortSignal): Promise<ReaderConfiguration> {
  return api.get(apiPath(API_ROUTES.configurationGet.url, { id }), { schema: ReaderConfigurationSchema, signal });
}

export const configurationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.readerConfigurations.detail(id),
    queryFn: ({ signal }) => getConfiguration(id, signal),
  });

export function useConfiguration(id: number, options: { enabled?: boolean } = {}) {
  return useQuery({ ...configurationQueryOptions(id), enabled: options.enabled ?? true });
}
