import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, LocationSchema, type Location } from '@tagtrack/contract';
import { api } from '../../../lib/api';

const LocationTreeSchema = z.array(LocationSchema);

/**
 * GET /configuration/location/: the whole tree for the configuration's location picker. A feature
 * does not import another, so it is asked for here under the locations area's key for the whole
 * tree: the cache is shared and every location change refreshes it.
 */
export function getConfigurationLocationTree(signal?: AbortSignal): Promise<Location[]> {
  return api.get(API_ROUTES.locationList.url, { schema: LocationTreeSchema, signal });
}

export const configurationLocationTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['locations', 'tree', {}] as const,
    queryFn: ({ signal }) => getConfigurationLocationTree(signal),
  });

export function useConfigurationLocationTree() {
  return useQuery(configurationLocationTreeQueryOptions());
}
