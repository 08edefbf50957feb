import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ObservationRuleSchema, pagedSchema, type ObservationRule, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The query of the event list (03 §7): paged, ordered by modified, name or created, searched by name. */
export interface EventListParams {
  page: number;
  page_size: number;
  /** modified, name or created; a leading minus for descending (default -modified). */
  ordering: string;
  search?: string;
}

const EventPageSchema = pagedSchema(ObservationRuleSchema);

/** GET /sensor-data/observation/rule/ → {count, results}: the customer's sensor monitoring events. */
export function listEvents(params: EventListParams, signal?: AbortSignal): Promise<Paged<ObservationRule>> {
  return api.get(API_ROUTES.observationRuleList.url, { query: { ...params }, schema: EventPageSchema, signal });
}

export const eventListQueryOptions = (params: EventListParams) =>
  queryOptions({
    queryKey: queryKeys.events.list(params),
    queryFn: ({ signal }) => listEvents(params, signal),
    placeholderData: keepPreviousData,
  });

export function useEvents(params: EventListParams) {
  return useQuery(eventListQueryOptions(params));
}
