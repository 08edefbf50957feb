import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, TrackingSettingsSchema, type TrackingSettings } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** GET /configuration/tracking-settings/: when unseen items are marked lost. */
export function getTrackingSettings(): Promise<TrackingSettings> {
  return api.get(API_ROUTES.trackingSettingsGet.url, { schema: TrackingSettingsSchema });
}

export const trackingSettingsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.trackingSettings.all, queryFn: getTrackingSettings });

export function useTrackingSettings() {
  return useQuery(trackingSettingsQueryOptions());
}
