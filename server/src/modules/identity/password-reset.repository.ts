import { asc, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { passwordResetRequests, users } from '../../db/schema/index.js';

import type { TenantScope } from '../../db/tenant.js';

import type { UserRow } from './users.repository.js';

/** Holds the user's row until the transaction ends, so two requests at once cannot both send a link. */
export async function lockUserForReset(tenant: TenantScope, userId: number): Promise<void> {
  await tenant.select(users, eq(users.id, userId)).for('update');
}

/** When the user's newest link was made, if any. */
export async function findLatestResetLinkTime(tenant: TenantScope, userId: number): Promise<Date | undefined> {
  const [row] = await tenant
    .select(passwordResetRequests, eq(passwordResetRequests.userId, userId))
    .orderBy(desc(passwordResetRequests.createdAt))
    .limit(1);
  return (row as typeof passwordResetRequests.$inferSelect | undefined)?.createdAt;
}

/** Ends the user's unused links (they expire now); `keepHash` spares the link just used. */
export async function endResetLinks(tenant: TenantScope, userId: number, now: Date, keepHash?: string) {
  await tenant.update(
    passwordResetRequests,
    { expiresAt: now },
    eq(passwordResetRequests.userId, userId),
    isNull(passwordResetRequests.usedAt),
    gt(passwordResetRequests.expiresAt, now),
    ...(keepHash ? [ne(passwordResetRequests.tokenHash, keepHash)] : []),
  );
}

export async function insertResetLink(
  tenant: TenantScope,
  values: { userId: number; tokenHash: string; expiresAt: Date; createdAt: Date },
): Promise<void> {
  await tenant.insert(passwordResetRequests, values);
}

const usable = (tokenHash: string, now: Date) => [
  eq(passwordResetRequests.tokenHash, tokenHash),
  isNull(passwordResetRequests.usedAt),
  gt(passwordResetRequests.expiresAt, now),
];

/** Marks a usable link of the tenant used, atomically: only one caller gets its row back. */
export async function consumeResetLink(
  tenant: TenantScope,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number } | undefined> {
  const [row] = await tenant
    .update(passwordResetRequests, { usedAt: now }, ...usable(tokenHash, now))
    .returning({ userId: passwordResetRequests.userId });
  return row;
}

/** The customer's active administrators, oldest first. */
export async function findAdministrators(tenant: TenantScope): Promise<UserRow[]> {
  const rows = await tenant
    .select(users, eq(users.role, 'administrator'), eq(users.isActive, true))
    .orderBy(asc(users.id));
  return rows as UserRow[];
}
