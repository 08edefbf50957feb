import { and, asc, desc, eq, ilike, inArray, ne } from 'drizzle-orm';
import { managementGroups, userManagementGroups, users } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertedRow } from '../../db/sql-rows.js';

export type GroupRow = typeof managementGroups.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_COLUMNS = { group_name: managementGroups.groupName, id: managementGroups.id } as const;

export interface GroupPageQuery {
  search?: string;
  field: keyof typeof ORDER_COLUMNS;
  descending: boolean;
  limit: number;
  offset: number;
}

export async function findGroupPage(
  tenant: TenantScope,
  query: GroupPageQuery,
): Promise<{ count: number; rows: GroupRow[] }> {
  const search = query.search ? ilike(managementGroups.groupName, `%${escapeLike(query.search)}%`) : undefined;
  const column = ORDER_COLUMNS[query.field];
  const [count, rows] = await Promise.all([
    tenant.count(managementGroups, search),
    tenant
      .select(managementGroups, search)
      .orderBy(query.descending ? desc(column) : asc(column), asc(managementGroups.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count, rows: rows as GroupRow[] };
}

export async function findGroup(tenant: TenantScope, id: number): Promise<GroupRow | undefined> {
  const [row] = await tenant.select(managementGroups, eq(managementGroups.id, id));
  return row as GroupRow | undefined;
}

/** Whether another group of the customer already has this name (names are unique per customer). */
export async function groupNameTaken(tenant: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  const others = exceptId === undefined ? undefined : ne(managementGroups.id, exceptId);
  return (await tenant.count(managementGroups, eq(managementGroups.groupName, name), others)) > 0;
}

/** Member ids per group, for a page of groups. */
export async function findMemberIds(tenant: TenantScope, groupIds: number[]): Promise<Map<number, number[]>> {
  const byGroup = new Map<number, number[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await tenant.db
    .select({ groupId: userManagementGroups.groupId, userId: userManagementGroups.userId })
    .from(userManagementGroups)
    .where(tenant.where(userManagementGroups, inArray(userManagementGroups.groupId, groupIds)))
    .orderBy(userManagementGroups.userId);
  for (const r of rows) byGroup.set(r.groupId, [...(byGroup.get(r.groupId) ?? []), r.userId]);
  return byGroup;
}

/** The ids among `userIds` that are users of the tenant. */
export async function findTenantUserIds(tenant: TenantScope, userIds: number[]): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await tenant.db
    .select({ id: users.id })
    .from(users)
    .where(tenant.where(users, inArray(users.id, userIds)));
  return new Set(rows.map((r) => r.id));
}

export async function insertGroup(tenant: TenantScope, groupName: string): Promise<GroupRow> {
  const row = insertedRow(await tenant.insert(managementGroups, { groupName }).returning());
  return row as GroupRow;
}

export async function updateGroup(tenant: TenantScope, id: number, groupName: string): Promise<GroupRow | undefined> {
  const [row] = await tenant.update(managementGroups, { groupName }, eq(managementGroups.id, id)).returning();
  return row as GroupRow | undefined;
}

export async function deleteGroup(tenant: TenantScope, id: number): Promise<void> {
  await tenant.delete(managementGroups, eq(managementGroups.id, id));
}

/** Adds members; one already in the group stays as it is. */
export async function insertMembers(tenant: TenantScope, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tenant
    .insertMany(
      userManagementGroups,
      userIds.map((userId) => ({ groupId, userId })),
    )
    .onConflictDoNothing();
}

export async function deleteMembers(tenant: TenantScope, groupId: number, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await tenant.delete(
    userManagementGroups,
    and(eq(userManagementGroups.groupId, groupId), inArray(userManagementGroups.userId, userIds))!,
  );
}
