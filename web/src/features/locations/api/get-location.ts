import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, apiPath, type Location } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/location/{uuid}/: one location with its counts and its whole subtree. */
export function getLocation(uuid: string, signal?: AbortSignal): Promise<Location> {
  return api.get(apiPath(API_ROUTES.locationGet.url, { id: uuid }), { schema: LocationSchema, signal });
}

export const locationQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: queryKeys.locations.detail(uuid), queryFn: ({ signal }) => getLocation(uuid, signal) });

export function useLocationDetail(uuid: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...locationQueryOptions(uuid), enabled: options.enabled ?? true });
}
