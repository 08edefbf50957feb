import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, FloorPlanSchema, apiPath, type FloorPlan } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/location/{uuid}/floor_plan/: the plan image (or null) and the shapes drawn on it. */
export function getFloorPlan(uuid: string, signal?: AbortSignal): Promise<FloorPlan> {
  return api.get(apiPath(API_ROUTES.floorPlanGet.url, { id: uuid }), { schema: FloorPlanSchema, signal });
}

export const floorPlanQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: queryKeys.locations.floorPlan(uuid), queryFn: ({ signal }) => getFloorPlan(uuid, signal) });

export function useFloorPlan(uuid: string) {
  return useQuery(floorPlanQueryOptions(uuid));
}
