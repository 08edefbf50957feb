import { eq } from 'drizzle-orm';
import { EXTENSIONS, type Customer, type Extension, type InstanceSubscription } from '@tagtrack/contract';
import { customers } from '../../db/schema/index.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';

async function findOwnCustomer(ctx: ServiceContext) {
  // The customers table is the tenant itself: its row is the actor's customer_id.
  const [row] = await ctx.tenant.db.select().from(customers).where(eq(customers.id, ctx.tenant.customerId));
  if (!row) throw notFound();
  return row;
}

export async function getSubscription(ctx: ServiceContext, onPremise: boolean): Promise<InstanceSubscription> {
  const row = await findOwnCustomer(ctx);
  return {
    extension: row.extensions.filter((e): e is Extension => (EXTENSIONS as readonly string[]).includes(e)),
    on_premise: onPremise,
    limits: { leaf_locations: row.leafLocationLimit },
  };
}

export async function getCustomer(ctx: ServiceContext): Promise<Customer> {
  const row = await findOwnCustomer(ctx);
  return { id: row.id, name: row.name, logo: row.logo };
}
