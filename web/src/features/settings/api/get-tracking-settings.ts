import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, TrackingSettingsSchema, type TrackingSettings } from '@tagtrack/contract';
import { api } from '../../../lib/api';

export const trackingSettingsKeys = {
  all: ['tracking-settings'] as const,
};

/** GET /configuration/tracking-settings/: when unseen items are marked lost. */
export function getTrackingSettings(): Promise<TrackingSettings> {
  return api.get(API_ROUTES.trackingSettingsGet.url, { schema: TrackingSettingsSchema });
}

export const trackingSettingsQueryOptions = () =>
  queryOptions({ queryKey: trackingSettingsKeys.all, queryFn: getTrackingSettings });

export function useTrackingSettings() {
  return useQuery(trackingSettingsQueryOptions());
}
