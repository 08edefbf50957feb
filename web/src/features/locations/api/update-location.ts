import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, apiPath, type Location, type LocationUpdate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** PATCH /configuration/location/{uuid}/ {name?, parent?, metadata?}. */
export function updateLocation({ uuid, changes }: { uuid: string; changes: LocationUpdate }): Promise<Location> {
  return api.patch(apiPath(API_ROUTES.locationUpdate.url, { id: uuid }), changes, { schema: LocationSchema });
}

export function useUpdateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLocation,
    onSuccess: () => invalidateAfter(queryClient, 'locations'),
  });
}
