import { randomUUID } from 'node:crypto';
import { MESSAGE_KEYS as M, isRole, type Login, type TokenPair } from '@tagtrack/contract';
import { TenantScope, type CustomerAccess } from '../../db/tenant.js';
import type { PublicContext } from '../../lib/context.js';
import { AppError, authenticationFailed, throttled } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/auth/passwords.js';
import { findUser, type UserRow } from './users.repository.js';
import { consumeRefreshToken, endSession, insertRefreshToken } from './auth.repository.js';
import type { LoginThrottle } from '../../lib/auth/login-throttle.js';
import type { TokenSigner } from '../../lib/auth/tokens.js';

/** The cross-customer lookup sign-in needs (system/'s directory): usernames are unique across customers. */
export interface SignInDirectory {
  /** The user with this username (compared without regard to case), in any customer. */
  userByUsername(username: string): Promise<UserRow | undefined>;
}

export interface AuthDeps {
  signer: TokenSigner;
  throttle: LoginThrottle;
  directory: SignInDirectory;
}

/** The user a pair is issued to, as its row holds them. */
interface TokenUser {
  id: number;
  customerId: number;
  sessionVersion: number;
}

async function issuePair(
  customers: CustomerAccess,
  deps: AuthDeps,
  user: TokenUser,
  familyId: string = randomUUID(),
): Promise<TokenPair> {
  const { id: userId, customerId, sessionVersion } = user;
  const tokenId = randomUUID();
  const tenant = new TenantScope(customers, customerId);
  await insertRefreshToken(tenant, {
    id: tokenId,
    userId,
    familyId,
    expiresAt: new Date(Date.now() + deps.signer.refreshTtlSeconds * 1000),
  });
  const [access, refresh] = await Promise.all([
    deps.signer.access({ userId, customerId, familyId, sessionVersion }),
    deps.signer.refresh({ userId, customerId, tokenId, familyId }),
  ]);
  return { access, refresh };
}

/** POST /api/token/: a username and password for a token pair, throttled per account and address. */
export async function login(sys: PublicContext, deps: AuthDeps, input: Login, address: string): Promise<TokenPair> {
  const wait = deps.throttle.retryAfter(input.username, address);
  if (wait > 0) throw throttled(wait);
  const user = await deps.directory.userByUsername(input.username);
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid || !user.isActive || !isRole(user.role)) {
    deps.throttle.recordFailure(input.username, address);
    sys.log.warn({ username: input.username, address }, 'failed sign-in');
    throw authenticationFailed();
  }
  deps.throttle.recordSuccess(input.username, address);
  sys.log.info({ userId: user.id, customerId: user.customerId }, 'signed in');
  return issuePair(sys.access, deps, user);
}

/**
 * POST /api/token/refresh/: a refresh token for a new pair. Each refresh token works once; a
 * reused one is refused and ends its session (it may have been stolen): every token of its family
 * is revoked and the user's access tokens are refused (the other sessions refresh theirs).
 */
export async function refresh(sys: PublicContext, deps: AuthDeps, token: string): Promise<TokenPair> {
  const invalid = () => new AppError('AuthenticationFailed', M.invalidToken);
  const claims = await deps.signer.verify(token, 'refresh');
  if (!claims) throw invalid();
  const tenant = new TenantScope(sys.access, claims.customerId);
  const outcome = await consumeRefreshToken(tenant, claims.tokenId);
  if (outcome === 'reused') {
    await endSession(tenant, claims.userId, claims.familyId);
    sys.log.warn({ userId: claims.userId, familyId: claims.familyId }, 'refresh token reused: session ended');
  }
  if (outcome !== 'ok') throw invalid();
  const user = await findUser(tenant, claims.userId);
  if (!user || !user.isActive) throw invalid();
  return issuePair(sys.access, deps, user, claims.familyId);
}
