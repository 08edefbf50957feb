import { randomUUID } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';

const ISSUER = 'tagtrack';

interface TokenClaims {
  userId: number;
  customerId: number;
}

export interface AccessClaims extends TokenClaims {
  /** The session (refresh token family) the access token was issued in, when it was. */
  familyId?: string;
  /**
   * The user's session version when the token was issued (users.session_version; 0 in tokens that
   * carry none): a token of an older version is refused.
   */
  sessionVersion: number;
}

export interface RefreshClaims extends TokenClaims {
  tokenId: string;
  familyId: string;
}

/** Signs and verifies access and refresh tokens (HS256). */
export class TokenSigner {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    readonly accessTtlSeconds: number,
    readonly refreshTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  access(claims: AccessClaims): Promise<string> {
    return new SignJWT({
      cid: claims.customerId,
      typ: 'access',
      sv: claims.sessionVersion,
      ...(claims.familyId ? { fam: claims.familyId } : {}),
    })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(randomUUID())
      .setExpirationTime(`${this.accessTtlSeconds}s`)
      .sign(this.key);
  }

  refresh(claims: RefreshClaims): Promise<string> {
    return new SignJWT({ cid: claims.customerId, fam: claims.familyId, typ: 'refresh' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setJti(claims.tokenId)
      .setExpirationTime(`${this.refreshTtlSeconds}s`)
      .sign(this.key);
  }

  /** The claims of a valid token of the given kind, or null for anything else (expired, forged, other kind). */
  async verify(token: string, kind: 'access'): Promise<AccessClaims | null>;
  async verify(token: string, kind: 'refresh'): Promise<RefreshClaims | null>;
  async verify(token: string, kind: 'access' | 'refresh'): Promise<AccessClaims | RefreshClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        // A token without an expiry would never expire: refused.
        requiredClaims: ['exp'],
      });
      const userId = Number(payload.sub);
      const customerId = Number(payload.cid);
      if (payload.typ !== kind || !Number.isSafeInteger(userId) || !Number.isSafeInteger(customerId)) return null;
      if (kind === 'access') {
        const sessionVersion = payload.sv ?? 0;
        if (typeof sessionVersion !== 'number' || !Number.isSafeInteger(sessionVersion)) return null;
        return typeof payload.fam === 'string'
          ? { userId, customerId, sessionVersion, familyId: payload.fam }
          : { userId, customerId, sessionVersion };
      }
      if (typeof payload.jti !== 'string' || typeof payload.fam !== 'string') return null;
      return { userId, customerId, tokenId: payload.jti, familyId: payload.fam };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
