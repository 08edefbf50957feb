import { type CurrentUser, type ProfileUpdate, type SetPassword, MESSAGE_KEYS as M } from '@tagtrack/contract';
import { TenantScope, type CustomerAccess } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, permissionDenied, validationError } from '../../lib/errors.js';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.js';
import { findOwnCustomer } from './customers.repository.js';
import { findActorRow, findUser, findUserGroupNames, updateUser, type UserRow } from './users.repository.js';
import { setPasswordRule } from './users.policy.js';
import { presentUser } from './user-presenter.js';
import { endUserSessions } from './auth.repository.js';

async function presentMe(ctx: ServiceContext, row: UserRow): Promise<CurrentUser> {
  const [groups, customerName] = await Promise.all([
    findUserGroupNames(ctx.tenant, row.id),
    findOwnCustomer(ctx.tenant).then((c) => c?.name ?? ''),
  ]);
  return { ...presentUser(row, groups), customer_id: row.customerId, customer_name: customerName };
}

export async function getMe(ctx: ServiceContext): Promise<CurrentUser> {
  const row = await findUser(ctx.tenant, ctx.actor.id);
  if (!row) throw notFound();
  return presentMe(ctx, row);
}

export async function updateMe(ctx: ServiceContext, input: ProfileUpdate): Promise<CurrentUser> {
  const row = await updateUser(ctx.tenant, ctx.actor.id, {
    firstName: input.first_name,
    lastName: input.last_name,
    email: input.email,
    phoneNumber: input.phone_number,
    language: input.language,
  });
  if (!row) throw notFound();
  ctx.log.info({ userId: row.id }, 'profile updated');
  return presentMe(ctx, row);
}

export async function setPassword(ctx: ServiceContext, targetId: number, input: SetPassword): Promise<void> {
  const rule = setPasswordRule(ctx.actor, targetId);
  // SECURITY: the tenant scope makes another customer's user a NotFound before any rule applies.
  const target = await findUser(ctx.tenant, targetId);
  if (!target) throw notFound();
  if (rule === 'denied') throw permissionDenied();
  if (rule === 'own') {
    if (!input.old_password) throw validationError({ old_password: [M.requiredOldPasswordField] });
    if (!(await verifyPassword(target.passwordHash, input.old_password))) {
      throw validationError({ old_password: [M.oldPasswordIncorrect] });
    }
    if (input.old_password === input.password) {
      throw validationError({ password: [M.passwordSameAsOld] });
    }
  }
  await updateUser(ctx.tenant, targetId, {
    passwordHash: await hashPassword(input.password),
    passwordChangedAt: new Date(),
  });
  // SECURITY: a new password ends every other session: an administrator's for all of the user's,
  // one's own for all but the session that changed it.
  await endUserSessions(ctx.tenant, targetId, rule === 'own' ? ctx.actor.session : undefined);
  ctx.log.info({ userId: targetId, by: ctx.actor.id }, 'password set');
}

/** SECURITY: the user an access token names, read as the token's customer (its policies hold the lookup there). */
export function findTokenUser(access: CustomerAccess, customerId: number, userId: number) {
  return findActorRow(new TenantScope(access, customerId), userId);
}

// Provisioning (system/) finds and adds users through this service.
export { insertUser, updateUser } from './users.repository.js';
