import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, ObservationSchema, pagedSchema, type Observation, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface NotificationListParams {
  page: number;
  page_size: number;
}

const ObservationPageSchema = pagedSchema(ObservationSchema);

/** GET /sensor-data/observation/observation/ → {count, results}: the alerts raised, newest first. */
export function listNotifications(params: NotificationListParams, signal?: AbortSignal): Promise<Paged<Observation>> {
  return api.get(API_ROUTES.observationList.url, { query: { ...params }, schema: ObservationPageSchema, signal });
}

export const notificationListQueryOptions = (params: NotificationListParams) =>
  queryOptions({
    queryKey: queryKeys.events.notifications(params),
    queryFn: ({ signal }) => listNotifications(params, signal),
    placeholderData: keepPreviousData,
  });

/** The Latest Active Events page, refreshed every `refetchInterval` (the view's polling choice). */
export function useNotifications(params: NotificationListParams, refetchInterval: number | false = false) {
  return useQuery({ ...notificationListQueryOptions(params), refetchInterval });
}
