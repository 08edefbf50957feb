import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

/** The customer's tracking settings (the customers table is the tenants themselves: its own row). */
export async function findTrackingSettings(tenant: TenantScope): Promise<{ lost_after_minutes: number } | undefined> {
  const [row] = await tenant.db
    .select({ lost_after_minutes: customers.lostAfterMinutes })
    .from(customers)
    .where(eq(customers.id, tenant.customerId));
  return row;
}

export async function updateLostAfterMinutes(
  tenant: TenantScope,
  minutes: number,
): Promise<{ lost_after_minutes: number } | undefined> {
  const [row] = await tenant.db
    .update(customers)
    .set({ lostAfterMinutes: minutes })
    .where(eq(customers.id, tenant.customerId))
    .returning({ lost_after_minutes: customers.lostAfterMinutes });
  return row;
}
