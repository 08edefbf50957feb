import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, LocationFileSchema, apiPath, type LocationFile, type LocationFileType } from '@tagtrack/contract';
import { api } from '../../../lib/api';

/**
 * Keys of a location's files. Lists live under the locations area's root key (every location
 * mutation refreshes them); a file's bytes are keyed by pk and update time, so they never go stale.
 */
export const locationFileKeys = {
  root: ['locations'] as const,
  lists: (uuid: string) => ['locations', 'files', uuid] as const,
  list: (uuid: string, type?: LocationFileType) => [...locationFileKeys.lists(uuid), type ?? 'all'] as const,
  content: (uuid: string, file: Pick<LocationFile, 'pk' | 'updated'>) =>
    ['location-file-content', uuid, file.pk, file.updated] as const,
};

const LocationFileListSchema = z.array(LocationFileSchema);

/** GET /configuration/location/{uuid}/files/, optionally only one type ('other' or 'floor plan'). */
export function listLocationFiles(
  uuid: string,
  type?: LocationFileType,
  signal?: AbortSignal,
): Promise<LocationFile[]> {
  return api.get(apiPath(API_ROUTES.locationFileList.url, { id: uuid }), {
    query: { type },
    schema: LocationFileListSchema,
    signal,
  });
}

export const locationFilesQueryOptions = (uuid: string, type?: LocationFileType) =>
  queryOptions({
    queryKey: locationFileKeys.list(uuid, type),
    queryFn: ({ signal }) => listLocationFiles(uuid, type, signal),
  });

export function useLocationFiles(uuid: string, type?: LocationFileType) {
  return useQuery(locationFilesQueryOptions(uuid, type));
}
