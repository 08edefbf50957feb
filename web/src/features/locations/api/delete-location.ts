import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { locationKeys } from './get-location-tree';

/** DELETE /configuration/location/{uuid}/ (refused for roots, locations with children or items). */
export function deleteLocation(uuid: string): Promise<void> {
  return api.delete(apiPath(API_ROUTES.locationDelete.url, { id: uuid }));
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: locationKeys.all }),
  });
}
