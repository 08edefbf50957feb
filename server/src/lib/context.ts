import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@tagtrack/contract';
import type { PrivilegedDb } from '../db/client.js';
import type { TenantScope } from '../db/tenant.js';

/** The signed-in user a request acts as. */
export interface Actor {
  id: number;
  customerId: number;
  username: string;
  role: Role;
  /** The session the request's access token belongs to (its refresh token family), when known. */
  session?: string;
}

/** What a service gets: the actor, their tenant scope, and a logger. */
export interface ServiceContext {
  actor: Actor;
  tenant: TenantScope;
  log: FastifyBaseLogger;
}

/** Services that legitimately work across tenants (sign-in, customer creation) get the raw database. */
export interface SystemContext {
  db: PrivilegedDb;
  log: FastifyBaseLogger;
}
