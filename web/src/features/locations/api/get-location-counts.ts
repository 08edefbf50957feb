import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, LocationCountsSchema, apiPath, type LocationCounts } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/location/{uuid}/counts/: items and products held, checked before a delete. */
export function getLocationCounts(uuid: string, signal?: AbortSignal): Promise<LocationCounts> {
  return api.get(apiPath(API_ROUTES.locationCounts.url, { id: uuid }), { schema: LocationCountsSchema, signal });
}

export const locationCountsQueryOptions = (uuid: string) =>
  queryOptions({
    queryKey: queryKeys.locations.counts(uuid),
    queryFn: ({ signal }) => getLocationCounts(uuid, signal),
    // The check must see the counts of now, not of when the tree was loaded.
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useLocationCounts(uuid: string, enabled = true) {
  return useQuery({ ...locationCountsQueryOptions(uuid), enabled });
}
