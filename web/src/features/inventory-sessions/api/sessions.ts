import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  InventorySessionFullSchema,
  InventorySessionSchema,
  OpenSessionLocationsSchema,
  apiPath,
  pagedSchema,
  type ApiRoute,
  type InventorySession,
  type InventorySessionAction,
  type InventorySessionFull,
  type InventorySessionStatus,
  type Paged,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, queryKeys } from '../../../lib/query-keys';

export interface SessionListParams {
  page: number;
  page_size: number;
  ordering: string;
  status: readonly InventorySessionStatus[];
}

const SessionPageSchema = pagedSchema(InventorySessionSchema);

/** GET /process-data/inventory/sessions/?status=pending,triage */
export function listSessions(params: SessionListParams, signal?: AbortSignal): Promise<Paged<InventorySession>> {
  const { status, ...rest } = params;
  return api.get(API_ROUTES.inventorySessionList.url, {
    query: { ...rest, ...(status.length > 0 ? { status: status.join(',') } : {}) },
    schema: SessionPageSchema,
    signal,
  });
}

export function useSessions(params: SessionListParams, refetchInterval: number | false = false) {
  return useQuery(
    queryOptions({
      queryKey: queryKeys.sessions.list(params),
      queryFn: ({ signal }) => listSessions(params, signal),
      placeholderData: keepPreviousData,
      refetchInterval,
    }),
  );
}

/** GET /process-data/inventory/sessions/locations/: the locations other sessions hold. */
export function useOpenSessionLocations(enabled = true) {
  return useQuery({
    queryKey: queryKeys.sessions.openLocations(),
    queryFn: ({ signal }) =>
      api.get(API_ROUTES.inventorySessionLocations.url, { schema: OpenSessionLocationsSchema, signal }),
    select: (data) => data.locations,
    enabled,
  });
}

/** GET /process-data/inventory/sessions/{id or hash}/full/ */
export function getSessionFull(idOrHash: string | number, signal?: AbortSignal): Promise<InventorySessionFull> {
  return api.get(apiPath(API_ROUTES.inventorySessionFull.url, { id: idOrHash }), {
    schema: InventorySessionFullSchema,
    signal,
  });
}

export function useSessionFull(idOrHash: string, refetchInterval: (data?: InventorySessionFull) => number | false) {
  return useQuery({
    queryKey: queryKeys.sessions.full(idOrHash),
    queryFn: ({ signal }) => getSessionFull(idOrHash, signal),
    refetchInterval: (query) => refetchInterval(query.state.data),
  });
}

/** POST /process-data/inventory/sessions/ → 201 the pending session. */
export function useCreateSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (locations: string[]) =>
      api.post(API_ROUTES.inventorySessionCreate.url, { locations }, { schema: InventorySessionSchema }),
    onSuccess: () => invalidateAfter(queryClient, 'sessions'),
  });
}

const ACTION_ROUTES: Record<InventorySessionAction, ApiRoute> = {
  triage: API_ROUTES.inventorySessionTriage,
  confirm: API_ROUTES.inventorySessionConfirm,
  reopen: API_ROUTES.inventorySessionReopen,
  abandon: API_ROUTES.inventorySessionAbandon,
};

/** POST /process-data/inventory/sessions/{id}/<action>/ → the session in its new status. */
export function useSessionTransition() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: InventorySessionAction }) =>
      api.post(apiPath(ACTION_ROUTES[action].url, { id }), undefined, { schema: InventorySessionSchema }),
    // Confirming moves and marks items: what shows items refreshes too, and nothing else.
    onSuccess: (_session, { action }) =>
      invalidateAfter(queryClient, action === 'confirm' ? 'sessionConfirmed' : 'sessions'),
  });
}
