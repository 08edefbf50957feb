import { and, asc, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { discoveredReaders, passwordResetRequests, readers, users } from '../db/schema/index.js';

// SECURITY: the directory's lookups, the only reads across customers a signed-out request causes
// (a username, a reset link, a reader's serial arrive without a customer). Each answers the row
// whose customer the caller then acts as, never a list to browse.

type UserRow = typeof users.$inferSelect;
type ReaderRow = typeof readers.$inferSelect;

/** At most this many accounts get a link for one request (an e-mail address shared across customers). */
const MAX_MATCHES = 50;

/** The user with this username in any customer (usernames are unique across the instance, whatever their case). */
export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

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
    .where(
      and(
        eq(passwordResetRequests.tokenHash, tokenHash),
        isNull(passwordResetRequests.usedAt),
        gt(passwordResetRequests.expiresAt, now),
        eq(users.isActive, true),
      ),
    )
    .limit(1);
  return row;
}

/** The reader with this serial in any customer, for the reader's own sign-in. */
export async function findReaderBySerial(db: Db, serial: string): Promise<ReaderRow | undefined> {
  const [row] = await db
    .select()
    .from(readers)
    .where(eq(sql`lower(${readers.serial})`, serial.toLowerCase()));
  return row;
}

/** Records an announcement: one row per serial, the latest address, kind and version. */
export async function upsertDiscoveredReader(
  db: Db,
  values: { serial: string; kind: string; ipAddress: string; version: string },
): Promise<void> {
  const same = eq(sql`lower(${discoveredReaders.serial})`, values.serial.toLowerCase());
  const changes = { kind: values.kind, ipAddress: values.ipAddress, version: values.version, lastSeen: new Date() };
  const updated = await db.update(discoveredReaders).set(changes).where(same).returning({ id: discoveredReaders.id });
  if (updated.length > 0) return;
  await db
    .insert(discoveredReaders)
    .values({ serial: values.serial, ...changes })
    .onConflictDoNothing();
}
