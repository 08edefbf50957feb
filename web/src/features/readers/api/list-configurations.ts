import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API_ROUTES,
  pagedSchema,
  ReaderConfigurationSchema,
  type Paged,
  type ReaderConfiguration,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ConfigurationListParams {
  page: number;
  page_size: number;
  ordering?: string;
  search?: string;
  /** true: templates and handheld configurations are listed too. */
  show_handhelds_and_templates?: boolean;
  reader_type?: string;
}

const ConfigurationPageSchema = pagedSchema(ReaderConfigurationSchema);

/** GET /configuration/reader-configuration/ → {count, results}. */
export function listConfigurations(
  params: ConfigurationListParams,
  signal?: AbortSignal,
): Promise<Paged<ReaderConfiguration>> {
  const { show_handhelds_and_templates, ...rest } = params;
  return api.get(API_ROUTES.configurationList.url, {
    query: { ...rest, ...(show_handhelds_and_templates ? { show_handhelds_and_templates: 'true' } : {}) },
    schema: ConfigurationPageSchema,
    signal,
  });
}

export const configurationListQueryOptions = (params: ConfigurationListParams) =>
  queryOptions({
    queryKey: queryKeys.readerConfigurations.list(params),
    queryFn: ({ signal }) => listConfigurations(params, signal),
    placeholderData: keepPreviousData,
  });

export function useConfigurations(params: ConfigurationListParams) {
  return useQuery(configurationListQueryOptions(params));
}
