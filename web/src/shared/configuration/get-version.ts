import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, type Version } from '@tagtrack/contract';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * GET /configuration/version/ (public): the backend version shown in the side panel footer, and the
 * on-premise flag that decides a signed-out visitor's password reset route.
 */
export function getVersion(): Promise<Version> {
  const schema = async () => (await import('../../lib/session-schemas')).VersionSchema;
  return api.get(API_ROUTES.version.url, { schema });
}

export const versionQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.configuration.version(), queryFn: getVersion, staleTime: Infinity });

export function useBackendVersion() {
  return useQuery(versionQueryOptions());
}
