import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@tagtrack/contract';
import type { CustomerAccess, TenantScope } from '../db/tenant.js';
import type { AppCaches } from './app-caches.js';

/** The signed-in user a request acts as. */
export interface Actor {
  id: number;
  customerId: number;
  username: string;
  role: Role;
  /** The session the request's access token belongs to (its refresh token family), when known. */
  session?: string;
}

/** What a service gets: the actor, their tenant scope, a logger, and the app's caches. */
export interface ServiceContext {
  actor: Actor;
  tenant: TenantScope;
  log: FastifyBaseLogger;
  caches: AppCaches;
}

/** What code that reads a cache needs of a context (a service's or the read ingest's): a scope and the caches. */
export type CachedScope = Pick<ServiceContext, 'tenant' | 'caches'>;

/**
 * What a signed-out request's service gets (sign-in, a reset link, a reader's own sign-in): a way
 * to act as the customer it finds (through system/'s directory) and a logger. It never reads
 * across customers itself.
 */
export interface PublicContext {
  access: CustomerAccess;
  log: FastifyBaseLogger;
}
