import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, pagedSchema, ReaderAppSchema, type Paged, type ReaderApp } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const AppPageSchema = pagedSchema(ReaderAppSchema);

/** GET /configuration/reader-application/most_recent/ → {count, results: [{name, version}]}. */
export function listReaderApps(signal?: AbortSignal): Promise<Paged<ReaderApp>> {
  return api.get(API_ROUTES.readerAppList.url, { schema: AppPageSchema, signal });
}

export const readerAppsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.readerApps.all,
    queryFn: ({ signal }) => listReaderApps(signal),
    staleTime: 60_000,
  });

export function useReaderApps() {
  return useQuery(readerAppsQueryOptions());
}
