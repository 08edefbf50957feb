import { and, eq, sql } from 'drizzle-orm';
import { customers, managementGroups, userManagementGroups, users } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertedRow, sqlRow } from '../../db/sql-rows.js';

export type UserRow = typeof users.$inferSelect;

/**
 * SECURITY: whether any customer has this username (usernames sign in without naming a
 * customer). The database function looks across customers and answers only yes or no.
 */
export async function usernameTaken(tenant: TenantScope, username: string): Promise<boolean> {
  const row = await sqlRow<{ taken: boolean }>(tenant.db, sql`select tagtrack_username_taken(${username}) as taken`);
  return row?.taken === true;
}

/** The fields a request's actor is made of, for the token's user. */
export async function findActorRow(tenant: TenantScope, userId: number) {
  const [row] = await tenant.db
    .select({
      id: users.id,
      customerId: users.customerId,
      username: users.username,
      role: users.role,
      isActive: users.isActive,
      sessionVersion: users.sessionVersion,
      /** The customer's extensions (the API areas it may call). */
      extensions: customers.extensions,
    })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(and(eq(users.customerId, tenant.customerId), eq(users.id, userId)));
  return row;
}

export async function findUser(tenant: TenantScope, id: number): Promise<UserRow | undefined> {
  const [row] = await tenant.select(users, eq(users.id, id)).limit(1);
  return row as UserRow | undefined;
}

export async function findUserGroupNames(tenant: TenantScope, userId: number): Promise<string[]> {
  const rows = await tenant.db
    .select({ name: managementGroups.groupName })
    .from(userManagementGroups)
    .innerJoin(
      managementGroups,
      and(
        eq(managementGroups.customerId, userManagementGroups.customerId),
        eq(managementGroups.id, userManagementGroups.groupId),
      ),
    )
    .where(tenant.where(userManagementGroups, eq(userManagementGroups.userId, userId)))
    .orderBy(managementGroups.groupName);
  return rows.map((r) => r.name);
}

export async function updateUser(tenant: TenantScope, id: number, set: Partial<typeof users.$inferInsert>) {
  const [row] = await tenant.update(users, { ...set, updatedAt: new Date() }, eq(users.id, id)).returning();
  return row as UserRow | undefined;
}

export async function insertUser(
  tenant: TenantScope,
  values: Omit<typeof users.$inferInsert, 'id' | 'customerId' | 'createdAt' | 'updatedAt' | 'passwordChangedAt'>,
): Promise<UserRow> {
  return insertedRow(await tenant.insert(users, values).returning()) as UserRow;
}
