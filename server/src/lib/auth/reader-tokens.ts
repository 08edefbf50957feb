import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { FastifyBaseLogger } from 'fastify';
import type { ReaderFamily, ReaderState } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { tokenNotValid } from '../errors.js';
import { bearerToken } from './bearer.js';
import type { AppCaches } from '../app-caches.js';

const ISSUER = 'tagtrack';
/** SECURITY: user tokens carry no audience and typ 'access'; reader tokens this audience and typ 'reader'. */
const READER_AUDIENCE = 'tagtrack-reader';
export const READER_TOKEN_TTL_SECONDS = 3600;

export interface ReaderClaims {
  readerId: number;
  customerId: number;
  /** Fingerprint of the secret the token was issued for: re-initialisation invalidates older tokens. */
  secretVersion: string;
}

/** The reader a reader-facing request acts as. */
export interface ReaderPrincipal {
  id: number;
  customerId: number;
  uuid: string;
  serial: string;
  kind: string;
  family: ReaderFamily;
  state: ReaderState;
}

/** What a reader-facing service gets: the reader, its customer's scope, and a logger. */
export interface ReaderContext {
  reader: ReaderPrincipal;
  tenant: TenantScope;
  log: FastifyBaseLogger;
}

/** A fresh reader secret: 24 random bytes, base64url. */
export function newReaderSecret(): string {
  return randomBytes(24).toString('base64url');
}

/** A short fingerprint of a stored secret hash (never of the secret itself). */
export function secretVersion(secretHash: string | null): string {
  return createHash('sha256')
    .update(secretHash ?? '')
    .digest('base64url')
    .slice(0, 16);
}

/**
 * Signs and verifies reader tokens (HS256, the instance's JWT secret). They differ from user
 * tokens in audience and type, so neither is ever accepted in place of the other.
 */
export class ReaderTokenSigner {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly ttlSeconds: number = READER_TOKEN_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: ReaderClaims): Promise<string> {
    return new SignJWT({ cid: claims.customerId, typ: 'reader', sv: claims.secretVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.readerId))
      .setIssuer(ISSUER)
      .setAudience(READER_AUDIENCE)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  async verify(token: string): Promise<ReaderClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        audience: READER_AUDIENCE,
        algorithms: ['HS256'],
        // A token without an expiry would never expire: refused.
        requiredClaims: ['exp'],
      });
      const readerId = Number(payload.sub);
      const customerId = Number(payload.cid);
      if (payload.typ !== 'reader' || typeof payload.sv !== 'string') return null;
      if (!Number.isSafeInteger(readerId) || !Number.isSafeInteger(customerId)) return null;
      return { readerId, customerId, secretVersion: payload.sv };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}

/** SECURITY: the claims of a valid reader token in a bearer header, or null. The reader itself is still to be confirmed. */
export async function verifyReaderHeader(signer: ReaderTokenSigner, header: string): Promise<ReaderClaims | null> {
  const token = bearerToken(header);
  return token ? signer.verify(token) : null;
}

/** A readers row as a principal is made of it, with the secret it checks (as a query or a JSON object answers them). */
export type ReaderRow = ReaderPrincipal & { secretHash: string | null };

/**
 * SECURITY: the principal of a token's reader row, or null when the reader is gone or no longer
 * holds the secret the token was issued for.
 */
export function confirmReader(row: ReaderRow | null | undefined, claims: ReaderClaims): ReaderPrincipal | null {
  if (!row || secretVersion(row.secretHash) !== claims.secretVersion) return null;
  return {
    id: Number(row.id),
    customerId: Number(row.customerId),
    uuid: row.uuid,
    serial: row.serial,
    kind: row.kind,
    family: row.family,
    state: row.state,
  };
}

/** The answer to a reader token that is not valid (or whose reader is gone or was initialised again). */
export const readerTokenRefused = () => tokenNotValid('reader-api');

/**
 * What the read ingest runs as: a verified reader token, whose reader the batch's first
 * statement confirms (ingestReads), the customer's scope and a logger.
 */
export interface IngestContext {
  claims: ReaderClaims;
  tenant: TenantScope;
  log: FastifyBaseLogger;
  caches: AppCaches;
  /** Over MQTT: the serial the topic names, which must be the reader's. */
  serial?: string;
}
