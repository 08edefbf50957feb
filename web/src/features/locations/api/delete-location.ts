import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API_ROUTES, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { invalidateAfter, keyStartsWith, queryKeys } from '../../../lib/query-keys';

/** DELETE /configuration/location/{uuid}/ (refused for roots, locations with children or items). */
export function deleteLocation(uuid: string): Promise<void> {
  return api.delete(apiPath(API_ROUTES.locationDelete.url, { id: uuid }));
}

export function useDeleteLocation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteLocation,
    // Everything about locations is refreshed but the count checks: the open delete dialog's check
    // of the location just deleted would only fail now.
    onSuccess: () =>
      invalidateAfter(queryClient, 'locations', (query) => keyStartsWith(query, queryKeys.locations.countsAll())),
  });
}
