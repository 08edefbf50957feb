import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { API_ROUTES, LocationFileSchema, apiPath, type LocationFile, type LocationFileType } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

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
    queryKey: queryKeys.locations.fileList(uuid, type),
    queryFn: ({ signal }) => listLocationFiles(uuid, type, signal),
  });

export function useLocationFiles(uuid: string, type?: LocationFileType) {
  return useQuery(locationFilesQueryOptions(uuid, type));
}
