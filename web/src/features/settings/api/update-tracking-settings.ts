import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  API_ROUTES,
  TrackingSettingsSchema,
  type TrackingSettings,
  type TrackingSettingsUpdate,
} from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** PATCH /configuration/tracking-settings/ {lost_after_minutes} (administrators). */
export function updateTrackingSettings(changes: TrackingSettingsUpdate): Promise<TrackingSettings> {
  return api.patch(API_ROUTES.trackingSettingsUpdate.url, changes, { schema: TrackingSettingsSchema });
}

export function useUpdateTrackingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTrackingSettings,
    onSuccess: (settings) => queryClient.setQueryData(queryKeys.trackingSettings.all, settings),
  });
}
