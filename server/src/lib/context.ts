import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@tagtrack/contract';
import type { CustomerAccess, TenantScope } from '../db/tenant.js';

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

/**
 * What a signed-out request's service gets (sign-in, a reset link, a reader's own sign-in): a way
 * to act as the customer it finds (through system/'s directory) and a logger. It never reads
 * across customers itself.
 */
export interface PublicContext {
  access: CustomerAccess;
  log: FastifyBaseLogger;
}
