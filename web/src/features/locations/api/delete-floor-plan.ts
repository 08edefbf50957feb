import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** DELETE /configuration/location/{uuid}/floor_plan/: the plan image and all its shapes (spec 03 §4). */
export function deleteFloorPlan(uuid: string): Promise<void> {
  return api.delete(apiPath(API_ROUTES.floorPlanDelete.url, { id: uuid }));
}

export function useDeleteFloorPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFloorPlan,
    onSuccess: () => invalidateAfter(queryClient, 'locationFiles'),
  });
}
