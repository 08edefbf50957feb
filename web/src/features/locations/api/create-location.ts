import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, type Location, type LocationCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { locationKeys } from './get-location-tree';

/** POST /configuration/location/ {parent, name, metadata}. */
export function createLocation(input: LocationCreate): Promise<Location> {
  return api.post(API_ROUTES.locationCreate.url, input, { schema: LocationSchema });
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
