import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGE_KEYS as M, can, isRole, type Extension } from '@tagtrack/contract';
import type { Database } from '../db/client.js';
import type { AppCaches } from '../lib/app-caches.js';
import type { CustomerAccess } from '../db/tenant.js';
import { TenantScope } from '../db/tenant.js';
import type { Actor, ServiceContext } from '../lib/context.js';
import { AppError, notAuthenticated, permissionDenied, tokenNotValid } from '../lib/errors.js';
import type { TokenSigner } from '../lib/auth/tokens.js';
import { bearerToken } from '../lib/auth/bearer.js';
import {
  readerTokenRefused,
  verifyReaderHeader,
  type IngestContext,
  type ReaderClaims,
  type ReaderContext,
  type ReaderPrincipal,
  type ReaderTokenSigner,
} from '../lib/auth/reader-tokens.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
    /** The service context of a signed-in request; throws NotAuthenticated for anonymous ones. */
    ctx(): ServiceContext;
    /** The reader of a reader-facing request (access 'reader'). */
    reader: ReaderPrincipal | null;
    /** The reader context of a reader-facing request; throws NotAuthenticated elsewhere. */
    readerCtx(): ReaderContext;
    /** A verified reader token whose reader the route's handler confirms (readerConfirmedBy: 'handler'). */
    readerClaims: ReaderClaims | null;
    /** The context of such a route; throws NotAuthenticated elsewhere. */
    ingestCtx(): IngestContext;
  }
}

/** A user as the auth plugin checks them on each request: their role, state, session version and customer's extensions. */
export interface ActorRecord {
  id: number;
  customerId: number;
  username: string;
  role: string;
  isActive: boolean;
  sessionVersion: number;
  extensions: readonly string[];
}

/**
 * The lookups the plugin needs, handed in by the app (plugins import no module). Each runs as the
 * token's customer, so its policies hold the lookup to that customer's rows.
 */
export interface AuthLookups {
  /** The user an access token names, or undefined. */
  actor(access: CustomerAccess, customerId: number, userId: number): Promise<ActorRecord | undefined>;
  /** The reader a reader token names, confirmed (null when gone or initialised again). */
  reader(access: CustomerAccess, claims: ReaderClaims): Promise<ReaderPrincipal | null>;
}

/** What each extension's absence is called when a route of it is refused. */
const EXTENSION_MISSING: Record<Extension, string> = { sensor: M.sensorExtensionMissing };

async function loadActor(
  db: CustomerAccess,
  lookups: AuthLookups,
  signer: TokenSigner,
  header: string | undefined,
): Promise<(Actor & { extensions: readonly string[] }) | null | 'invalid'> {
  if (!header) return null;
  const token = bearerToken(header);
  if (!token) return 'invalid';
  const claims = await signer.verify(token, 'access');
  if (!claims) return 'invalid';
  const row = await lookups.actor(db, claims.customerId, claims.userId);
  if (!row || !row.isActive || !isRole(row.role)) return 'invalid';
  // SECURITY: a token issued before the user's sessions were ended (a new password, a demotion, a
  // refresh token used twice) is refused at once. The version is read in the same statement as the
  // role, on every request, so every process sees a change at the next request with no cache.
  if (row.sessionVersion !== claims.sessionVersion) return 'invalid';
  return {
    id: row.id,
    customerId: row.customerId,
    username: row.username,
    role: row.role,
    ...(claims.familyId ? { session: claims.familyId } : {}),
    extensions: row.extensions,
  };
}

/**
 * SECURITY: authenticates every request from its bearer token and enforces the route's access
 * from the contract table before any handler runs. Roles and the session version are read from the
 * database on each request, so a changed role, a deactivated user or ended sessions take effect at once.
 */
export function registerAuth(
  app: FastifyInstance,
  options: {
    db: CustomerAccess & Pick<Database, 'forRequest'>;
    signer: TokenSigner;
    readerSigner: ReaderTokenSigner;
    lookups: AuthLookups;
    /** The app's caches, which every service context carries. */
    caches: AppCaches;
  },
) {
  const { db, signer, readerSigner, lookups, caches } = options;
  // A request's statements run under the statement timeout (STATEMENT_TIMEOUT_MS), but those of a
  // route declared long work (exports, rebuilds: `endpoint(route, { longWork: true })`).
  const bounded: CustomerAccess = { forCustomer: (customerId) => db.forRequest(customerId) };
  const access = (request: FastifyRequest): CustomerAccess => (request.routeOptions.config?.longWork ? db : bounded);
  app.decorateRequest('actor', null);
  app.decorateRequest('reader', null);
  app.decorateRequest('readerClaims', null);
  app.decorateRequest('ingestCtx', function (this: FastifyRequest): IngestContext {
    if (!this.readerClaims) throw notAuthenticated();
    const claims = this.readerClaims;
    return { claims, tenant: new TenantScope(access(this), claims.customerId), log: this.log, caches };
  });
  app.decorateRequest('readerCtx', function (this: FastifyRequest): ReaderContext {
    if (!this.reader) throw notAuthenticated();
    return { reader: this.reader, tenant: new TenantScope(access(this), this.reader.customerId), log: this.log };
  });
  app.decorateRequest('ctx', function (this: FastifyRequest): ServiceContext {
    if (!this.actor) throw notAuthenticated();
    return {
      actor: this.actor,
      tenant: new TenantScope(access(this), this.actor.customerId),
      log: this.log,
      caches,
    };
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access) return; // not an API route: the not-found handler answers
    // SECURITY: reader routes take a reader's own token, never a user's (and user routes never a
    // reader's: its type is not 'access', so loadActor refuses it).
    if (access === 'reader') {
      const header = request.headers.authorization;
      if (!header) throw notAuthenticated();
      const claims = await verifyReaderHeader(readerSigner, header);
      if (!claims) throw readerTokenRefused();
      // The route's first statement confirms the reader (ingestReads): one round trip less a batch.
      if (request.routeOptions.config.readerConfirmedBy === 'handler') {
        request.readerClaims = claims;
        return;
      }
      const reader = await lookups.reader(db, claims);
      if (!reader) throw readerTokenRefused();
      request.reader = reader;
      return;
    }
    const actor = await loadActor(db, lookups, signer, request.headers.authorization);
    if (actor === 'invalid') {
      if (access === 'public') return;
      throw tokenNotValid('api');
    }
    if (actor) {
      const { extensions: _extensions, ...rest } = actor;
      request.actor = rest;
    }
    if (access === 'public') return;
    if (!actor) {
      throw new AppError('NotAuthenticated', M.notAuthenticated, {
        headers: { 'www-authenticate': 'Bearer realm="api"' },
      });
    }
    if (access !== 'authenticated' && !can(actor.role, access)) throw permissionDenied();
    // SECURITY: an extension's routes answer only customers that have it.
    const extension = request.routeOptions.config.extension;
    if (extension && !actor.extensions.includes(extension)) throw permissionDenied(EXTENSION_MISSING[extension]);
  });
}
