import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, apiPath, type Location } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** GET /configuration/location/{uuid}/disable/ (a state change on GET, as the spec's call list has it). */
export function disableLocation(uuid: string): Promise<Location> {
  return api.get(apiPath(API_ROUTES.locationDisable.url, { id: uuid }), { schema: LocationSchema });
}

export function useDisableLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableLocation,
    onSuccess: () => invalidateAfter(queryClient, 'locations'),
  });
}
