import { eq } from 'drizzle-orm';
import { customers } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

export type CustomerRow = typeof customers.$inferSelect;

/** The tenant's own customer row (the customers table is the tenants themselves). */
export async function findOwnCustomer(tenant: TenantScope): Promise<CustomerRow | undefined> {
  const [row] = await tenant.db.select().from(customers).where(eq(customers.id, tenant.customerId));
  return row;
}
