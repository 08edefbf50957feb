import { and, asc, desc, eq, gt, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { passwordResetRequests, users } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import type { UserRow } from './users.repository.js';

/** At most this many accounts get a link for one request (an e-mail address shared across customers). */
const MAX_MATCHES = 50;

/**
 * A reset request arrives without a customer, like a sign-in: active users are looked up
 * instance-wide. `username` matches a username or an e-mail address, `email` only an e-mail address.
 */
export async function findUsersForReset(db: Db, match: { username?: string; email?: string }): Promise<UserRow[]> {
  const conditions: SQL[] = [];
  if (match.username) {
    conditions.push(sql`lower(${users.username}) = lower(${match.username})`);
    conditions.push(sql`lower(${users.email}) = lower(${match.username})`);
  }
  if (match.email) conditions.push(sql`lower(${users.email}) = lower(${match.email})`);
  if (conditions.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(and(eq(users.isActive, true), or(...conditions)))
    .orderBy(asc(users.id))
    .limit(MAX_MATCHES);
}

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

const usable = (tokenHash: string, now: Date) =>
  and(
    eq(passwordResetRequests.tokenHash, tokenHash),
    isNull(passwordResetRequests.usedAt),
    gt(passwordResetRequests.expiresAt, now),
  );

/**
 * SECURITY: a link is looked up by the hash of its secret id alone, instance-wide (it arrives
 * without a customer); the customer and user come from the stored row, never from the request.
 */
export async function findUsableResetLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ customerId: number; userId: number; username: string; expiresAt: Date } | undefined> {
  const [row] = await db
    .select({
      customerId: passwordResetRequests.customerId,
      userId: passwordResetRequests.userId,
      username: users.username,
      expiresAt: passwordResetRequests.expiresAt,
    })
    .from(passwordResetRequests)
    .innerJoin(
      users,
      and(eq(users.customerId, passwordResetRequests.customerId), eq(users.id, passwordResetRequests.userId)),
    )
    .where(and(usable(tokenHash, now), eq(users.isActive, true)))
    .limit(1);
  return row;
}

/** Marks a usable link used, atomically: only one caller gets its row back. */
export async function consumeResetLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ customerId: number; userId: number } | undefined> {
  const [row] = await db
    .update(passwordResetRequests)
    .set({ usedAt: now })
    .where(usable(tokenHash, now))
    .returning({ customerId: passwordResetRequests.customerId, userId: passwordResetRequests.userId });
  return row;
}

/** The customer's active administrators, oldest first. */
export async function findAdministrators(tenant: TenantScope): Promise<UserRow[]> {
  const rows = await tenant
    .select(users, eq(users.role, 'administrator'), eq(users.isActive, true))
    .orderBy(asc(users.id));
  return rows as UserRow[];
}

/** Housekeeping across customers: links that expired (or were used) over a day ago. */
export async function purgeOldResetLinks(db: Db, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 24 * 3600 * 1000);
  await db
    .delete(passwordResetRequests)
    .where(or(lt(passwordResetRequests.expiresAt, dayAgo), lt(passwordResetRequests.usedAt, dayAgo)));
}
