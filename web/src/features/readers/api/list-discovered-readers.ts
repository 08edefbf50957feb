import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, DiscoveredReaderSchema, type DiscoveredReader } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The answer may come paged or as a plain list. */
const DiscoveredAnswerSchema = z.union([
  z.array(DiscoveredReaderSchema),
  z.object({ results: z.array(DiscoveredReaderSchema) }).transform((page) => page.results),
]);

/** GET /configuration/reader-autodiscovered/?search (on-premise): readers that announced themselves unregistered. */
export function listDiscoveredReaders(search: string, signal?: AbortSignal): Promise<DiscoveredReader[]> {
  return api.get(API_ROUTES.readerAutodiscovered.url, {
    query: search ? { search } : {},
    schema: DiscoveredAnswerSchema,
    signal,
  });
}

export const discoveredReadersQueryOptions = (search: string) =>
  queryOptions({
    queryKey: queryKeys.readers.discovered(search),
    queryFn: ({ signal }) => listDiscoveredReaders(search, signal),
  });

export function useDiscoveredReaders(search: string, enabled = true) {
  return useQuery({ ...discoveredReadersQueryOptions(search), enabled });
}
