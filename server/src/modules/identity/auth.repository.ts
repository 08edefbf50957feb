import { eq, isNull, ne, sql } from 'drizzle-orm';
import { refreshTokens, users } from '../../db/schema/index.js';

import type { TenantScope } from '../../db/tenant.js';

export async function insertRefreshToken(
  tenant: TenantScope,
  values: { id: string; userId: number; familyId: string; expiresAt: Date },
) {
  await tenant.insert(refreshTokens, values);
}

/**
 * Marks a refresh token used, atomically: true only for the one caller that used a live token.
 * A token already used (or revoked) returns false, and the caller revokes its family.
 */
export async function consumeRefreshToken(tenant: TenantScope, id: string): Promise<'ok' | 'reused' | 'unknown'> {
  const now = new Date();
  const updated = await tenant
    .update(
      refreshTokens,
      { usedAt: now },
      eq(refreshTokens.id, id),
      isNull(refreshTokens.usedAt),
      isNull(refreshTokens.revokedAt),
    )
    .returning({ id: refreshTokens.id });
  if (updated.length === 1) return 'ok';
  const exists = await tenant.count(refreshTokens, eq(refreshTokens.id, id));
  return exists ? 'reused' : 'unknown';
}

/**
 * SECURITY: raises the user's session version, so that every access token already issued to them
 * is refused on its next request, in every process (the request's user lookup compares it). A
 * session that goes on gets a token of the new version from its next refresh.
 */
async function raiseSessionVersion(tenant: TenantScope, userId: number) {
  await tenant.db
    .update(users)
    .set({ sessionVersion: sql`${users.sessionVersion} + 1` })
    .where(tenant.where(users, eq(users.id, userId)));
}

/**
 * Ends one session (a refresh token family, e.g. one whose token was used twice). The version is
 * the user's, so all their access tokens are refused: the sessions that go on refresh theirs once.
 */
export async function endSession(tenant: TenantScope, userId: number, familyId: string) {
  await tenant.update(
    refreshTokens,
    { revokedAt: new Date() },
    eq(refreshTokens.familyId, familyId),
    isNull(refreshTokens.revokedAt),
  );
  await raiseSessionVersion(tenant, userId);
}

/**
 * Ends every session of the user, but the one named in `except`: their refresh tokens are revoked
 * and their access tokens refused at once. The session kept refreshes its access token once.
 */
export async function endUserSessions(tenant: TenantScope, userId: number, except?: string) {
  await tenant.update(
    refreshTokens,
    { revokedAt: new Date() },
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    ...(except ? [ne(refreshTokens.familyId, except)] : []),
  );
  await raiseSessionVersion(tenant, userId);
}
