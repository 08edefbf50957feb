import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, LocationSchema, type Location } from '@tagtrack/contract';
import { api } from '../../../lib/api';

const LocationTreeSchema = z.array(LocationSchema);

/**
 * GET /configuration/location/: the tree for a template row's location. A feature does not import
 * another, so the readers area asks for it itself under the locations area's key for the whole
 * tree: the cache is shared and every location change refreshes it.
 */
export function getReaderLocationTree(signal?: AbortSignal): Promise<Location[]> {
  return api.get(API_ROUTES.locationList.url, { schema: LocationTreeSchema, signal });
}

export const readerLocationTreeQueryOptions = () =>
  queryOptions({
    queryKey: ['locations', 'tree', {}] as const,
    queryFn: ({ signal }) => getReaderLocationTree(signal),
  });

export function useReaderLocationTree() {
  return useQuery(readerLocationTreeQueryOptions());
}
