import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, LeafRemainingSchema, type LeafRemaining } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/location/leaf-remaining/: how many more leaves the subscription allows (null: unlimited). */
export function getLeafRemaining(): Promise<LeafRemaining> {
  return api.get(API_ROUTES.locationLeafRemaining.url, { schema: LeafRemainingSchema });
}

export const leafRemainingQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.locations.leafRemaining(), queryFn: getLeafRemaining });

export function useLeafRemaining() {
  return useQuery(leafRemainingQueryOptions());
}
