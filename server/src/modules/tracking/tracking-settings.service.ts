import type { TrackingSettings, TrackingSettingsUpdate } from '@tagtrack/contract';
import { findTrackingSettings, updateLostAfterMinutes } from './tracking-settings.repository.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';

/** GET /configuration/tracking-settings/: the actor's customer's settings. */
export async function getTrackingSettings(ctx: ServiceContext): Promise<TrackingSettings> {
  const row = await findTrackingSettings(ctx.tenant);
  if (!row) throw notFound();
  return row;
}

/** PATCH /configuration/tracking-settings/ (settings:manage). */
export async function updateTrackingSettings(
  ctx: ServiceContext,
  input: TrackingSettingsUpdate,
): Promise<TrackingSettings> {
  const row = await updateLostAfterMinutes(ctx.tenant, input.lost_after_minutes);
  if (!row) throw notFound();
  ctx.log.info({ customerId: ctx.tenant.customerId, ...row }, 'tracking settings changed');
  return row;
}
