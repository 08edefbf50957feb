import { useQuery } from '@tanstack/react-query';
import { API_ROUTES, LocationSchema, apiPath } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/location/{uuid}/: the name, when the page was opened without it. */
export async function getLocationName(uuid: string, signal?: AbortSignal): Promise<string> {
  const location = await api.get(apiPath(API_ROUTES.locationGet.url, { id: uuid }), { schema: LocationSchema, signal });
  return location.name;
}

export function useLocationName(uuid: string, known: string | undefined) {
  return useQuery({
    queryKey: queryKeys.inventory.locationName(uuid),
    queryFn: ({ signal }) => getLocationName(uuid, signal),
    enabled: !known && Boolean(uuid),
  });
}
