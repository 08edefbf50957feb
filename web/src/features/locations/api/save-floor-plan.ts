import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, FloorPlanSchema, apiPath, type FloorPlan, type FloorPlanInput } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/**
 * PUT /configuration/location/{uuid}/floor_plan/: replaces the shapes. Refused without a plan image,
 * and for a shape bound to a location outside this one's subtree.
 */
export function saveFloorPlan({ uuid, input }: { uuid: string; input: FloorPlanInput }): Promise<FloorPlan> {
  return api.put(apiPath(API_ROUTES.floorPlanReplace.url, { id: uuid }), input, { schema: FloorPlanSchema });
}

export function useSaveFloorPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveFloorPlan,
    onSuccess: (plan, { uuid }) => queryClient.setQueryData(queryKeys.locations.floorPlan(uuid), plan),
  });
}
