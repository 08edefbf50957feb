import { eq } from 'drizzle-orm';
import type { TrackingSettings, TrackingSettingsUpdate } from '@tagtrack/contract';
import { customers } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';

/** GET /configuration/tracking-settings/: the actor's customer's settings. */
export async function getTrackingSettings(ctx: ServiceContext): Promise<TrackingSettings> {
  // SECURITY: the customers table is the tenants themselves: only the actor's own row.
  const [row] = await ctx.tenant.db
    .select({ lost_after_minutes: customers.lostAfterMinutes })
    .from(customers)
    .where(eq(customers.id, ctx.tenant.customerId));
  if (!row) throw notFound();
  return row;
}

/** PATCH /configuration/tracking-settings/ (settings:manage). */
export async function updateTrackingSettings(
  ctx: ServiceContext,
  input: TrackingSettingsUpdate,
): Promise<TrackingSettings> {
  const [row] = await ctx.tenant.db
    .update(customers)
    .set({ lostAfterMinutes: input.lost_after_minutes })
    .where(eq(customers.id, ctx.tenant.customerId))
    .returning({ lost_after_minutes: customers.lostAfterMinutes });
  if (!row) throw notFound();
  ctx.log.info({ customerId: ctx.tenant.customerId, ...row }, 'tracking settings changed');
  return row;
}
