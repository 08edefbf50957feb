import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, apiPath, type Location } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** GET /configuration/location/{uuid}/activate/ (a state change on GET, as the spec's call list has it). */
export function activateLocation(uuid: string): Promise<Location> {
  return api.get(apiPath(API_ROUTES.locationActivate.url, { id: uuid }), { schema: LocationSchema });
}

export function useActivateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activateLocation,
    onSuccess: () => invalidateAfter(queryClient, 'locations'),
  });
}
