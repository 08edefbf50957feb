import {
  DEFAULT_LANGUAGE,
  isRole,
  pageWindow,
  singleOrdering,
  ROLES,
  USER_ORDERING,
  userDeleteRefusal,
  type Paged,
  type UserAdmin,
  type UserCreate,
  type UserListQuery,
  type UserUpdate,
  MESSAGE_KEYS as M,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/auth/passwords.js';
import { endUserSessions } from './auth.repository.js';
import { generatePassword } from '../../lib/auth/passwords.js';
import {
  lockAdministrators,
  deleteUser,
  findGroupNamesByUser,
  findUserPage,
  insertTenantUser,
} from './user-admin.repository.js';
import { findUser, findUserGroupNames, updateUser, usernameTaken, type UserRow } from './users.repository.js';
import { presentUser } from './user-presenter.js';

/** The deployment variant: on-premise users have passwords set here, cloud users have e-mail. */
export interface UserAdminOptions {
  onPremise: boolean;
}

/** GET /accounts/users/ */
export async function listUsers(ctx: ServiceContext, query: UserListQuery): Promise<Paged<UserAdmin>> {
  const order = singleOrdering(query.ordering, USER_ORDERING, 'username');
  const { count, rows } = await findUserPage(ctx.tenant, {
    roles: query.role.length > 0 ? query.role : [...ROLES],
    search: query.search || undefined,
    // The account named admin is shown only to admin itself (02 §6).
    hideAdmin: ctx.actor.username !== 'admin',
    group: query.group,
    notGroup: query.not_group,
    field: order.field,
    descending: order.descending,
    ...pageWindow(query),
  });
  const groups = await findGroupNamesByUser(
    ctx.tenant,
    rows.map((r) => r.id),
  );
  return { count, results: rows.map((r) => presentUser(r, groups.get(r.id) ?? [])) };
}

async function requireUser(ctx: ServiceContext, id: number): Promise<UserRow> {
  // SECURITY: the tenant scope makes another customer's user a NotFound.
  const row = await findUser(ctx.tenant, id);
  if (!row || !isRole(row.role)) throw notFound();
  return row;
}

/** GET /accounts/users/{id}/ */
export async function getUser(ctx: ServiceContext, id: number): Promise<UserAdmin> {
  const row = await requireUser(ctx, id);
  return presentUser(row, await findUserGroupNames(ctx.tenant, row.id));
}

/** POST /accounts/users/ */
export async function createUser(
  ctx: ServiceContext,
  input: UserCreate,
  options: UserAdminOptions,
): Promise<UserAdmin> {
  const detail: Record<string, string[]> = {};
  if (!options.onPremise && !input.email) detail.email = [M.requiredEmailField];
  if (options.onPremise && !input.password) detail.password = [M.requiredPasswordFieldNew];
  // Usernames sign in without naming a customer, so they are unique across all customers.
  if (await usernameTaken(ctx.tenant, input.username)) detail.username = [M.fieldMustBeUnique];
  if (Object.keys(detail).length > 0) throw validationError(detail);
  const row = await insertTenantUser(ctx.tenant, {
    username: input.username,
    // A cloud user without a password sets one through the reset link.
    passwordHash: await hashPassword(input.password ?? generatePassword()),
    firstName: input.first_name ?? '',
    lastName: input.last_name ?? '',
    email: input.email ?? '',
    phoneNumber: input.phone_number ?? '',
    language: input.language ?? DEFAULT_LANGUAGE,
    role: input.roles[0]!,
  });
  ctx.log.info({ userId: row.id, by: ctx.actor.id }, 'user created');
  return presentUser(row, []);
}

/** PUT /accounts/users/{id}/: the username never changes; demoting the last administrator is refused. */
export async function updateUserById(
  ctx: ServiceContext,
  id: number,
  input: UserUpdate,
  options: UserAdminOptions,
): Promise<UserAdmin> {
  if (!options.onPremise && input.email === '') throw validationError({ email: [M.requiredEmailField] });
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const { row, revoke } = await ctx.tenant.transaction(async (tenant) => {
    const target = await findUser(tenant, id);
    if (!target || !isRole(target.role)) throw notFound();
    const role = input.roles?.[0] ?? target.role;
    const demoted = target.role === 'administrator' && role !== 'administrator';
    if (demoted && (await lockAdministrators(tenant)) <= 1) {
      throw validationError({ roles: [M.lastAdministrator] });
    }
    const updated = await updateUser(tenant, id, {
      firstName: input.first_name,
      lastName: input.last_name,
      email: input.email,
      phoneNumber: input.phone_number,
      language: input.language,
      role,
      ...(passwordHash ? { passwordHash, passwordChangedAt: new Date() } : {}),
    });
    if (!updated) throw notFound();
    // SECURITY: a demoted user, or one whose password an administrator replaced, signs in again.
    const revoke = demoted || (passwordHash !== undefined && id !== ctx.actor.id);
    if (revoke) await endUserSessions(tenant, id);
    return { row: updated, revoke };
  });
  ctx.log.info({ userId: id, by: ctx.actor.id, revoked: revoke }, 'user updated');
  return presentUser(row, await findUserGroupNames(ctx.tenant, id));
}

/** DELETE /accounts/users/{id}/: never one's own account, never the last administrator. */
export async function deleteUserById(ctx: ServiceContext, id: number): Promise<void> {
  await ctx.tenant.transaction(async (tenant) => {
    const target = await findUser(tenant, id);
    if (!target || !isRole(target.role)) throw notFound();
    const own = target.id === ctx.actor.id;
    // Locked only when it matters: deleting an administrator decides against the others' deletes.
    const administrators = !own && target.role === 'administrator' ? await lockAdministrators(tenant) : null;
    const refusal = userDeleteRefusal({ id: target.id, role: target.role }, ctx.actor.id, administrators);
    if (refusal) throw validationError([M[refusal]]);
    // Revoked before the row goes, so a refresh racing the delete cannot mint new tokens.
    await endUserSessions(tenant, id);
    await deleteUser(tenant, id);
  });
  ctx.log.info({ userId: id, by: ctx.actor.id }, 'user deleted');
}
