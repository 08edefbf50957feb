import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, VersionSchema, type Version } from '@tagtrack/contract';
import { api } from '../api';

export const configurationKeys = {
  all: ['configuration'] as const,
  version: () => [...configurationKeys.all, 'version'] as const,
  customer: () => [...configurationKeys.all, 'customer'] as const,
  subscription: () => [...configurationKeys.all, 'instance-subscription'] as const,
};

/**
 * GET /configuration/version/ (public): the backend version shown in the side panel footer, and the
 * on-premise flag that decides a signed-out visitor's password reset route.
 */
export function getVersion(): Promise<Version> {
  return api.get(API_ROUTES.version.url, { schema: VersionSchema });
}

export const versionQueryOptions = () =>
  queryOptions({ queryKey: configurationKeys.version(), queryFn: getVersion, staleTime: Infinity });

export function useBackendVersion() {
  return useQuery(versionQueryOptions());
}
