import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, type Location, type LocationCreate } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter } from '../../../lib/query-keys';

/** POST /configuration/location/ {parent, name, metadata}. */
export function createLocation(input: LocationCreate): Promise<Location> {
  return api.post(API_ROUTES.locationCreate.url, input, { schema: LocationSchema });
}

export function useCreateLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLocation,
    onSuccess: () => invalidateAfter(queryClient, 'locations'),
  });
}
