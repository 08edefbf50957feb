import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, LocationSchema, type Location } from '@tagtrack/contract';
import { api } from '../../lib/api';
import { useLocalizeLocationTree } from './special-location-names';
import { queryKeys } from '../../lib/query-keys';

const LocationTreeSchema = z.array(LocationSchema);

/**
 * GET /configuration/location/: the whole tree, for the location pickers of other areas (items,
 * reader configurations, reader rows). It shares the locations area's cache key for the whole
 * tree (queryKeys.locations.tree({})), so every location change refreshes it.
 */
export function getWholeLocationTree(signal?: AbortSignal): Promise<Location[]> {
  return api.get(API_ROUTES.locationList.url, { schema: LocationTreeSchema, signal });
}

export const wholeLocationTreeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.locations.tree(),
    queryFn: ({ signal }) => getWholeLocationTree(signal),
  });

/** The whole tree, its system roots named in the interface language. */
export function useWholeLocationTree() {
  return useQuery({ ...wholeLocationTreeQueryOptions(), select: useLocalizeLocationTree() });
}
