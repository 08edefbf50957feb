import {
  GROUP_ORDERING,
  pageWindow,
  singleOrdering,
  type GroupMembers,
  type ManagementGroup,
  type ManagementGroupListQuery,
  type ManagementGroupWrite,
  type Paged,
  MESSAGE_KEYS as M,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import type { TenantScope } from '../../db/tenant.js';
import {
  deleteGroup,
  deleteMembers,
  findGroup,
  findGroupPage,
  findMemberIds,
  findTenantUserIds,
  groupNameTaken,
  insertGroup,
  insertMembers,
  updateGroup,
  type GroupRow,
} from './management-groups.repository.js';

function present(row: GroupRow, members: number[]): ManagementGroup {
  return { id: row.id, group_name: row.groupName, user_count: members.length, users: members };
}

async function presentOne(tenant: TenantScope, row: GroupRow): Promise<ManagementGroup> {
  return present(row, (await findMemberIds(tenant, [row.id])).get(row.id) ?? []);
}

async function requireGroup(tenant: TenantScope, id: number): Promise<GroupRow> {
  // SECURITY: the tenant scope makes another customer's group a NotFound.
  const row = await findGroup(tenant, id);
  if (!row) throw notFound();
  return row;
}

/** GET /accounts/management-groups/ (default order: group name). */
export async function listGroups(
  ctx: ServiceContext,
  query: ManagementGroupListQuery,
): Promise<Paged<ManagementGroup>> {
  const order = singleOrdering(query.ordering, GROUP_ORDERING, 'group_name');
  const { count, rows } = await findGroupPage(ctx.tenant, {
    search: query.search || undefined,
    field: order.field,
    descending: order.descending,
    ...pageWindow(query),
  });
  const members = await findMemberIds(
    ctx.tenant,
    rows.map((r) => r.id),
  );
  return { count, results: rows.map((r) => present(r, members.get(r.id) ?? [])) };
}

/** GET /accounts/management-groups/{id}/ */
export async function getGroup(ctx: ServiceContext, id: number): Promise<ManagementGroup> {
  return presentOne(ctx.tenant, await requireGroup(ctx.tenant, id));
}

/** POST /accounts/management-groups/ */
export async function createGroup(ctx: ServiceContext, input: ManagementGroupWrite): Promise<ManagementGroup> {
  if (await groupNameTaken(ctx.tenant, input.group_name)) throw validationError({ group_name: [M.fieldMustBeUnique] });
  const row = await insertGroup(ctx.tenant, input.group_name);
  ctx.log.info({ groupId: row.id, by: ctx.actor.id }, 'group created');
  return present(row, []);
}

/** PUT /accounts/management-groups/{id}/ */
export async function updateGroupById(
  ctx: ServiceContext,
  id: number,
  input: ManagementGroupWrite,
): Promise<ManagementGroup> {
  await requireGroup(ctx.tenant, id);
  if (await groupNameTaken(ctx.tenant, input.group_name, id)) {
    throw validationError({ group_name: [M.fieldMustBeUnique] });
  }
  const row = await updateGroup(ctx.tenant, id, input.group_name);
  if (!row) throw notFound();
  ctx.log.info({ groupId: id, by: ctx.actor.id }, 'group updated');
  return presentOne(ctx.tenant, row);
}

/** DELETE /accounts/management-groups/{id}/: the memberships go with it, the users stay. */
export async function deleteGroupById(ctx: ServiceContext, id: number): Promise<void> {
  await requireGroup(ctx.tenant, id);
  await deleteGroup(ctx.tenant, id);
  ctx.log.info({ groupId: id, by: ctx.actor.id }, 'group deleted');
}

/**
 * POST …/{group_id}/add_users/ and …/remove_users/.
 * SECURITY: every id must name a user of the actor's customer, else nothing changes.
 */
export async function changeGroupMembers(
  ctx: ServiceContext,
  id: number,
  input: GroupMembers,
  change: 'add' | 'remove',
): Promise<ManagementGroup> {
  const userIds = [...new Set(input.users)];
  return ctx.tenant.transaction(async (tenant) => {
    const group = await requireGroup(tenant, id);
    const known = await findTenantUserIds(tenant, userIds);
    if (userIds.some((u) => !known.has(u))) throw validationError({ users: [M.invalidValue] });
    if (change === 'add') await insertMembers(tenant, id, userIds);
    else await deleteMembers(tenant, id, userIds);
    ctx.log.info({ groupId: id, by: ctx.actor.id, change, users: userIds.length }, 'group members changed');
    return presentOne(tenant, group);
  });
}
