import { z } from 'zod';

/** The longest lost_after_minutes: a year. 0 turns lost detection off. */
export const LOST_AFTER_MINUTES_MAX = 525_600;

/** GET /configuration/tracking-settings/: the customer's item tracking settings. */
export const TrackingSettingsSchema = z.object({
  /** Minutes an item may go unseen at a location with readers before it is marked lost; 0 = never. */
  lost_after_minutes: z.number().int(),
});
export type TrackingSettings = z.infer<typeof TrackingSettingsSchema>;

/** PATCH /configuration/tracking-settings/: a whole number of minutes, 0 to a year. */
export const TrackingSettingsUpdateSchema = z.object({
  lost_after_minutes: z
    .number({ error: 'lostAfterMinutesRange' })
    .int('lostAfterMinutesRange')
    .min(0, 'lostAfterMinutesRange')
    .max(LOST_AFTER_MINUTES_MAX, 'lostAfterMinutesRange'),
});
export type TrackingSettingsUpdate = z.infer<typeof TrackingSettingsUpdateSchema>;
