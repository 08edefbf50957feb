import type { FastifyBaseLogger } from 'fastify';
import type { Role } from '@tagtrack/contract';
import type { PrivilegedDb } from '../db/client.js';
import type { TenantScope } from '../db/tenant.js';
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

/** Services that legitimately work across tenants (sign-in, customer creation) get the raw database. */
export interface SystemContext {
  db: PrivilegedDb;
  log: FastifyBaseLogger;
}
