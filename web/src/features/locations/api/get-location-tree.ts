import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, LocationSchema, type Location } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { useLocalizeLocationTree } from '../../../shared/locations/special-location-names';
import { queryKeys } from '../../../lib/query-keys';

export interface LocationTreeParams {
  /** Nodes whose name or uuid contains it, with their ancestors. */
  search?: string;
  /** Leave out the special roots Removed and Unassigned (role=concrete). */
  concrete?: boolean;
}

const LocationTreeSchema = z.array(LocationSchema);

/** GET /configuration/location/: the roots, each with its whole subtree nested. */
export function getLocationTree(params: LocationTreeParams = {}, signal?: AbortSignal): Promise<Location[]> {
  return api.get(API_ROUTES.locationList.url, {
    query: { search: params.search, role: params.concrete ? 'concrete' : undefined },
    schema: LocationTreeSchema,
    signal,
  });
}

export const locationTreeQueryOptions = (params: LocationTreeParams = {}) =>
  queryOptions({
    queryKey: queryKeys.locations.tree(params),
    queryFn: ({ signal }) => getLocationTree(params, signal),
    // A new search keeps the previous tree on screen until its answer arrives.
    placeholderData: keepPreviousData,
  });

/** The tree, its system roots named in the interface language. */
export function useLocationTree(params: LocationTreeParams = {}) {
  return useQuery({ ...locationTreeQueryOptions(params), select: useLocalizeLocationTree() });
}
