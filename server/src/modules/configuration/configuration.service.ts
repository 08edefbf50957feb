import { EXTENSIONS, type Customer, type Extension, type InstanceSubscription } from '@tagtrack/contract';
import { findOwnCustomer } from '../identity/customers.service.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';

async function requireOwnCustomer(ctx: ServiceContext) {
  const row = await findOwnCustomer(ctx.tenant);
  if (!row) throw notFound();
  return row;
}

export async function getSubscription(ctx: ServiceContext, onPremise: boolean): Promise<InstanceSubscription> {
  const row = await requireOwnCustomer(ctx);
  return {
    extension: row.extensions.filter((e): e is Extension => (EXTENSIONS as readonly string[]).includes(e)),
    on_premise: onPremise,
    limits: { leaf_locations: row.leafLocationLimit },
  };
}

export async function getCustomer(ctx: ServiceContext): Promise<Customer> {
  const row = await requireOwnCustomer(ctx);
  return { id: row.id, name: row.name, logo: row.logo };
}
