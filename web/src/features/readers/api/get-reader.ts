import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ReaderSchema, apiPath, type Reader } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/reader/{uuid}/ */
export function getReader(uuid: string, signal?: AbortSignal): Promise<Reader> {
  return api.get(apiPath(API_ROUTES.readerGet.url, { uuid }), { schema: ReaderSchema, signal });
}

export const readerQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: queryKeys.readers.detail(uuid), queryFn: ({ signal }) => getReader(uuid, signal) });

export function useReader(uuid: string) {
  return useQuery(readerQueryOptions(uuid));
}
