import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, apiPath, type Location } from '@tagtrack/contract';
import { api } from '../../../lib/api';

/** Under the locations area's root key, so every location mutation refreshes it too. */
export const locationDetailKeys = {
  detail: (uuid: string) => ['locations', 'detail', uuid] as const,
};

/** GET /configuration/location/{uuid}/: one location with its counts and its whole subtree. */
export function getLocation(uuid: string, signal?: AbortSignal): Promise<Location> {
  return api.get(apiPath(API_ROUTES.locationGet.url, { id: uuid }), { schema: LocationSchema, signal });
}

export const locationQueryOptions = (uuid: string) =>
  queryOptions({ queryKey: locationDetailKeys.detail(uuid), queryFn: ({ signal }) => getLocation(uuid, signal) });

export function useLocationDetail(uuid: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...locationQueryOptions(uuid), enabled: options.enabled ?? true });
}
