import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, OutboxMessageSchema, pagedSchema, type OutboxMessage, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import type { ListQueryParams } from '../../../components/paged-table';
import { queryKeys } from '../../../lib/query-keys';

const OutboxPageSchema = pagedSchema(OutboxMessageSchema);

/** GET /accounts/outbox/?page&page_size&ordering&search (administrator): the mail the server sent or kept. */
export function listOutbox(params: ListQueryParams, signal?: AbortSignal): Promise<Paged<OutboxMessage>> {
  return api.get(API_ROUTES.outboxList.url, { query: { ...params }, schema: OutboxPageSchema, signal });
}

export const outboxListQueryOptions = (params: ListQueryParams) =>
  queryOptions({
    queryKey: queryKeys.outbox.list(params),
    queryFn: ({ signal }) => listOutbox(params, signal),
    placeholderData: keepPreviousData,
  });

export function useOutbox(params: ListQueryParams) {
  return useQuery(outboxListQueryOptions(params));
}
