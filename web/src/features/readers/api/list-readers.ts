import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ReaderSchema, pagedSchema, type Paged, type Reader, type ReaderFamily } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ReaderListParams {
  page: number;
  page_size: number;
  /** serial, name, description, state, kind or last_process_list; a leading minus for descending. */
  ordering: string;
  search?: string;
  /** fx fixed, hh handheld; absent: both (the serial check). */
  reader_family?: ReaderFamily;
}

const ReaderPageSchema = pagedSchema(ReaderSchema);

/** GET /configuration/reader/ → {count, results} of one family (fx fixed, hh handheld). */
export function listReaders(params: ReaderListParams, signal?: AbortSignal): Promise<Paged<Reader>> {
  return api.get(API_ROUTES.readerList.url, { query: { ...params }, schema: ReaderPageSchema, signal });
}

export const readerListQueryOptions = (params: ReaderListParams) =>
  queryOptions({
    queryKey: queryKeys.readers.list(params),
    queryFn: ({ signal }) => listReaders(params, signal),
    placeholderData: keepPreviousData,
  });

/** A reader list; `refreshMs` polls it (the fixed list refreshes every 4 s, 02 §2). */
export function useReaders(params: ReaderListParams, refreshMs?: number) {
  return useQuery({ ...readerListQueryOptions(params), refetchInterval: refreshMs ?? false });
}
