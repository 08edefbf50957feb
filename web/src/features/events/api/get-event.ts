import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ObservationRuleSchema, apiPath, type ObservationRule } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /sensor-data/observation/rule/{id} → the event (an observation rule; ids are uuids). */
export function getEvent(id: string, signal?: AbortSignal): Promise<ObservationRule> {
  return api.get(apiPath(API_ROUTES.observationRuleGet.url, { id }), { schema: ObservationRuleSchema, signal });
}

export const eventQueryOptions = (id: string) =>
  queryOptions({
    queryKey: queryKeys.events.detail(id),
    queryFn: ({ signal }) => getEvent(id, signal),
  });

/** The event; `enabled` is false where there is none to load (a new event). */
export function useEvent(id: string, enabled = true) {
  return useQuery({ ...eventQueryOptions(id), enabled });
}
