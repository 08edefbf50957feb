import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, apiPath, type LocationFile } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { useObjectUrl } from '../../../lib/use-object-url';
import { queryKeys } from '../../../lib/query-keys';

/**
 * GET /configuration/location/{uuid}/files/{pk}/get_file/: the image's bytes. The call needs the
 * bearer token, so an <img src> cannot load it: it comes through the API client as a Blob.
 */
export function getLocationFile(uuid: string, pk: number, signal?: AbortSignal): Promise<Blob> {
  return api.get<Blob>(apiPath(API_ROUTES.locationFileGet.url, { id: uuid, pk }), { responseType: 'blob', signal });
}

export const locationFileQueryOptions = (uuid: string, file: Pick<LocationFile, 'pk' | 'updated'>) =>
  queryOptions({
    queryKey: queryKeys.locations.fileContent(uuid, file),
    queryFn: ({ signal }) => getLocationFile(uuid, file.pk, signal),
    // A replaced file has a new update time, hence a new key: the bytes under one key never change.
    staleTime: Infinity,
  });

/** The file's bytes and an object URL for them (revoked when no component shows them any more). */
export function useLocationFileUrl(uuid: string, file: Pick<LocationFile, 'pk' | 'updated'> | null | undefined) {
  const query = useQuery({
    ...locationFileQueryOptions(uuid, file ?? { pk: 0, updated: '' }),
    enabled: Boolean(file),
  });
  const url = useObjectUrl(file ? query.data : null);
  return { url, blob: query.data, isPending: Boolean(file) && query.isPending, error: query.error };
}
