import { eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens } from '../../db/schema/index.js';
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

export async function revokeRefreshFamily(tenant: TenantScope, familyId: string) {
  await tenant.update(
    refreshTokens,
    { revokedAt: new Date() },
    eq(refreshTokens.familyId, familyId),
    isNull(refreshTokens.revokedAt),
  );
}

/** Revokes every refresh token of the user: every session, but the one named in `except`. */
export async function revokeUserRefreshTokens(tenant: TenantScope, userId: number, except?: string) {
  await tenant.update(
    refreshTokens,
    { revokedAt: new Date() },
    eq(refreshTokens.userId, userId),
    isNull(refreshTokens.revokedAt),
    ...(except ? [ne(refreshTokens.familyId, except)] : []),
  );
}

/** Housekeeping across customers: drop tokens that expired, or were used or revoked, a day ago. */
export async function purgeOldRefreshTokens(db: Db) {
  const dayAgo = new Date(Date.now() - 24 * 3600 * 1000);
  await db
    .delete(refreshTokens)
    .where(
      or(lt(refreshTokens.expiresAt, dayAgo), lt(refreshTokens.usedAt, dayAgo), lt(refreshTokens.revokedAt, dayAgo)),
    );
}
