import { and, asc, desc, eq, exists, ilike, inArray, ne, notExists, or, type SQL } from 'drizzle-orm';
import { managementGroups, userManagementGroups, users } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import type { UserRow } from './users.repository.js';
import { insertedRow } from '../../db/sql-rows.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_COLUMNS = {
  username: users.username,
  first_name: users.firstName,
  last_name: users.lastName,
  email: users.email,
  id: users.id,
} as const;

export interface UserPageQuery {
  roles: string[];
  search?: string;
  /** Leave out the user named admin (only admin sees that account listed). */
  hideAdmin: boolean;
  /** Only the members of this management group. */
  group?: number;
  /** Only the users who are not members of this management group. */
  notGroup?: number;
  field: keyof typeof ORDER_COLUMNS;
  descending: boolean;
  limit: number;
  offset: number;
}

/**
 * SECURITY: the membership rows of the listed user in one group, read within the tenant: another
 * customer's group has no members here (and excludes nobody).
 */
function membership(tenant: TenantScope, groupId: number) {
  return tenant.db
    .select({ one: userManagementGroups.userId })
    .from(userManagementGroups)
    .where(
      tenant.where(
        userManagementGroups,
        eq(userManagementGroups.groupId, groupId),
        eq(userManagementGroups.userId, users.id),
      ),
    );
}

export async function findUserPage(
  tenant: TenantScope,
  query: UserPageQuery,
): Promise<{ count: number; rows: UserRow[] }> {
  const conditions: (SQL | undefined)[] = [inArray(users.role, query.roles)];
  if (query.hideAdmin) conditions.push(ne(users.username, 'admin'));
  if (query.group !== undefined) conditions.push(exists(membership(tenant, query.group)));
  if (query.notGroup !== undefined) conditions.push(notExists(membership(tenant, query.notGroup)));
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(
      or(
        ilike(users.username, pattern),
        ilike(users.firstName, pattern),
        ilike(users.lastName, pattern),
        ilike(users.email, pattern),
      ),
    );
  }
  const column = ORDER_COLUMNS[query.field];
  const [count, rows] = await Promise.all([
    tenant.count(users, ...conditions),
    tenant
      .select(users, ...conditions)
      .orderBy(query.descending ? desc(column) : asc(column), asc(users.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count, rows: rows as UserRow[] };
}

/** Group names per user, for a page of users. */
export async function findGroupNamesByUser(tenant: TenantScope, userIds: number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await tenant.db
    .select({ userId: userManagementGroups.userId, name: managementGroups.groupName })
    .from(userManagementGroups)
    .innerJoin(
      managementGroups,
      and(
        eq(managementGroups.customerId, userManagementGroups.customerId),
        eq(managementGroups.id, userManagementGroups.groupId),
      ),
    )
    .where(tenant.where(userManagementGroups, inArray(userManagementGroups.userId, userIds)))
    .orderBy(managementGroups.groupName);
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.name]);
  return byUser;
}

/**
 * How many administrators the customer has, their rows locked (in id order) until the transaction
 * ends: two administrators demoting or deleting each other at once then decide one after the other,
 * and the second sees the first's change, so the customer always keeps one. Call inside a transaction.
 */
export async function lockAdministrators(tenant: TenantScope): Promise<number> {
  const rows = await tenant.db
    .select({ id: users.id })
    .from(users)
    .where(tenant.where(users, eq(users.role, 'administrator')))
    .orderBy(users.id)
    .for('update');
  return rows.length;
}

export async function insertTenantUser(
  tenant: TenantScope,
  values: Omit<typeof users.$inferInsert, 'customerId' | 'id' | 'createdAt' | 'updatedAt' | 'passwordChangedAt'>,
): Promise<UserRow> {
  const row = insertedRow(await tenant.insert(users, values).returning());
  return row as UserRow;
}

export async function deleteUser(tenant: TenantScope, id: number): Promise<void> {
  await tenant.delete(users, eq(users.id, id));
}
