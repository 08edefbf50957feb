import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, pagedSchema, ReaderKindSchema, type Paged, type ReaderKind } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

const KindPageSchema = pagedSchema(ReaderKindSchema);

/** GET /configuration/reader-kind/ → {count, results: [{id, name, disabled, ui_configuration}]}. */
export function listReaderKinds(signal?: AbortSignal): Promise<Paged<ReaderKind>> {
  return api.get(API_ROUTES.readerKindList.url, { schema: KindPageSchema, signal });
}

export const readerKindsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.readerKinds.all,
    queryFn: ({ signal }) => listReaderKinds(signal),
    staleTime: 60_000,
  });

export function useReaderKinds() {
  return useQuery(readerKindsQueryOptions());
}
