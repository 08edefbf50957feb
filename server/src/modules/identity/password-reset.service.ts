import { createHash, randomUUID } from 'node:crypto';
import {
  DEFAULT_LANGUAGE,
  INVITATION_LINK_DAYS,
  isLanguageCode,
  isRole,
  PASSWORD_RESET_LINK_MINUTES,
  type Detail,
  type ForgotPassword,
  type LanguageCode,
  type PasswordResetConfirm,
  type PasswordResetLink,
  MESSAGE_KEYS as M,
  messageWithParams,
} from '@tagtrack/contract';
import { TenantScope } from '../../db/tenant.js';
import type { PublicContext, ServiceContext } from '../../lib/context.js';
import { AppError, notFound, validationError } from '../../lib/errors.js';
import { hashPassword } from '../../lib/auth/passwords.js';
import { endUserSessions } from './auth.repository.js';
import type { LoginThrottle } from '../../lib/auth/login-throttle.js';
import type { DeferredWork } from '../../lib/deferred-work.js';
import { renderMail } from '../../lib/mail/templates/mail-templates.js';
import type { Mailer, MailOutcome } from '../../lib/mail/mailer.js';
import {
  consumeResetLink,
  endResetLinks,
  findAdministrators,
  findLatestResetLinkTime,
  insertResetLink,
  lockUserForReset,
} from './password-reset.repository.js';
import { findUser, updateUser, type UserRow } from './users.repository.js';

/** The answer to every reset request: it never says whether an account matched. */
export const RESET_REQUESTED = 'If an account matches, a link to reset the password has been sent.';
export const RESET_DONE = 'Your password has been reset.';

/** A user gets at most one new link per this many milliseconds from the public request. */
const RESEND_AFTER_MS = 60_000;
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;

/** A reset link arrives without a customer, like a sign-in: what system/'s directory finds for it. */
export interface ResetDirectory {
  /** Active users whose username or e-mail address matches (`username`), or whose e-mail does (`email`), in any customer. */
  usersForReset(match: { username?: string; email?: string }): Promise<UserRow[]>;
  /** The link with this hash while it can be used: its customer and user come from the stored row. */
  usableResetLink(
    tokenHash: string,
    now: Date,
  ): Promise<{ customerId: number; userId: number; username: string; expiresAt: Date } | undefined>;
}

export interface PasswordResetDeps {
  directory: ResetDirectory;
  mailer: Mailer;
  /** Mail for public requests is sent after the answer. */
  deferred: DeferredWork;
  /** The console's address as users reach it, for the links. */
  publicUrl: string;
  throttle: LoginThrottle;
}

const invalidLink = () => notFound(M.passwordResetLinkInvalid);
/** Only the SHA-256 of a link's id is stored: a copy of the database holds no usable link. */
const hashLinkId = (id: string) => createHash('sha256').update(id.toLowerCase()).digest('hex');
const linkUrl = (deps: PasswordResetDeps, id: string) => `${deps.publicUrl.replace(/\/+$/, '')}/forgot-password/${id}`;
const nameOf = (user: UserRow) => user.firstName.trim() || user.username;
const languageOf = (user: UserRow): LanguageCode => (isLanguageCode(user.language) ? user.language : DEFAULT_LANGUAGE);

/**
 * Stores a new link for the user and ends their earlier ones. With `throttle`, a user who got a
 * link within the last minute gets none (undefined). The user's row is locked meanwhile, so two
 * requests at the same instant cannot both pass that check.
 */
function issueLink(tenant: TenantScope, userId: number, throttle: true): Promise<string | undefined>;
function issueLink(tenant: TenantScope, userId: number, throttle: false, lifetimeMs?: number): Promise<string>;
async function issueLink(
  tenant: TenantScope,
  userId: number,
  throttle: boolean,
  lifetimeMs = PASSWORD_RESET_LINK_MINUTES * 60_000,
): Promise<string | undefined> {
  return tenant.transaction(async (tx) => {
    await lockUserForReset(tx, userId);
    const now = new Date();
    if (throttle) {
      const latest = await findLatestResetLinkTime(tx, userId);
      if (latest && now.getTime() - latest.getTime() < RESEND_AFTER_MS) return undefined;
    }
    await endResetLinks(tx, userId, now);
    const id = randomUUID();
    await insertResetLink(tx, {
      userId,
      tokenHash: hashLinkId(id),
      expiresAt: new Date(now.getTime() + lifetimeMs),
      createdAt: now,
    });
    return id;
  });
}

function mailLinkToUser(deps: PasswordResetDeps, user: UserRow, link: string): Promise<MailOutcome> {
  const language = languageOf(user);
  const mail = renderMail('passwordReset', language, {
    name: nameOf(user),
    username: user.username,
    link,
    minutes: PASSWORD_RESET_LINK_MINUTES,
  });
  return deps.mailer.send({ customerId: user.customerId, to: user.email, language, ...mail });
}

/** A user without e-mail (typical on-premise): the link goes to the customer's administrators. */
async function mailLinkToAdministrators(
  deps: PasswordResetDeps,
  tenant: TenantScope,
  user: UserRow,
  link: string,
): Promise<void> {
  const admins = await findAdministrators(tenant);
  const withEmail = admins.filter((a) => a.email !== '');
  // Nobody to mail: one message kept in the outbox (and the log) for an administrator to read.
  const recipients = withEmail.length > 0 ? withEmail : [admins[0] ?? user];
  for (const admin of recipients) {
    const language = languageOf(admin);
    const mail = renderMail('passwordResetForAdmin', language, {
      name: nameOf(admin),
      username: user.username,
      link,
      minutes: PASSWORD_RESET_LINK_MINUTES,
    });
    await deps.mailer.send({ customerId: user.customerId, to: admin.email, language, ...mail });
  }
}

/**
 * POST /accounts/forgot-password/: answers at once, the same whatever matched; the lookup, the
 * link and the mail happen after the answer, so neither the answer nor its timing tells whether
 * an account exists.
 */
export function requestPasswordReset(sys: PublicContext, deps: PasswordResetDeps, input: ForgotPassword): Detail {
  deps.deferred.run('password reset request', () => sendResetLinks(sys, deps, input));
  return { detail: RESET_REQUESTED };
}

async function sendResetLinks(sys: PublicContext, deps: PasswordResetDeps, input: ForgotPassword): Promise<void> {
  const matches = (await deps.directory.usersForReset(input)).filter((u) => isRole(u.role));
  sys.log.info({ matches: matches.length }, 'password reset requested');
  for (const user of matches) {
    const tenant = new TenantScope(sys.access, user.customerId);
    const id = await issueLink(tenant, user.id, true);
    if (!id) {
      sys.log.info({ userId: user.id }, 'password reset link not sent: one was sent within the minute');
      continue;
    }
    const link = linkUrl(deps, id);
    if (user.email) await mailLinkToUser(deps, user, link);
    else await mailLinkToAdministrators(deps, tenant, user, link);
    sys.log.info(
      { userId: user.id, customerId: user.customerId, toUser: user.email !== '' },
      'password reset link sent',
    );
  }
}

/** GET /accounts/forgot-password/{id}/: whose link it is, while it can be used. */
export async function getResetLink(deps: PasswordResetDeps, id: string): Promise<PasswordResetLink> {
  const link = UUID_V4.test(id) ? await deps.directory.usableResetLink(hashLinkId(id), new Date()) : undefined;
  if (!link) throw invalidLink();
  return { id: id.toLowerCase(), username: link.username, expires_at: link.expiresAt.toISOString() };
}

/**
 * POST /accounts/forgot-password/{id}/: sets the password through a link, once. The link is
 * marked used atomically with the new password; the user's other links end and every refresh
 * token is revoked, so whoever else held the account is signed out everywhere.
 */
export async function confirmPasswordReset(
  sys: PublicContext,
  deps: PasswordResetDeps,
  id: string,
  input: PasswordResetConfirm,
): Promise<Detail> {
  // A cheap look first: a guessed link does not cost a password hash. It names the link's customer.
  const found = UUID_V4.test(id) ? await deps.directory.usableResetLink(hashLinkId(id), new Date()) : undefined;
  if (!found) throw invalidLink();
  const passwordHash = await hashPassword(input.password);
  const user = await new TenantScope(sys.access, found.customerId).transaction(async (tenant) => {
    const now = new Date();
    const link = await consumeResetLink(tenant, hashLinkId(id), now);
    if (!link) throw invalidLink();
    const target = await findUser(tenant, link.userId);
    if (!target || !target.isActive) throw invalidLink();
    await updateUser(tenant, target.id, { passwordHash, passwordChangedAt: now });
    await endResetLinks(tenant, target.id, now);
    await endUserSessions(tenant, target.id);
    return target;
  });
  // The owner proved control of the account: earlier failed sign-ins no longer hold it back.
  deps.throttle.recordSuccess(user.username);
  sys.log.info({ userId: user.id, customerId: user.customerId }, 'password reset through a link');
  return { detail: RESET_DONE };
}

/**
 * POST /accounts/users/{id}/reset_password/: mails the user a link and waits for the SMTP answer,
 * so the administrator learns whether it went out.
 */
export async function sendResetLinkToUser(ctx: ServiceContext, deps: PasswordResetDeps, id: number): Promise<Detail> {
  // SECURITY: the tenant scope makes another customer's user a NotFound.
  const target = await findUser(ctx.tenant, id);
  if (!target || !isRole(target.role)) throw notFound();
  if (!target.email) throw validationError({ email: [M.userHasNoEmail] });
  const linkId = await issueLink(ctx.tenant, target.id, false);
  const outcome = await mailLinkToUser(deps, target, linkUrl(deps, linkId));
  ctx.log.info(
    { userId: target.id, by: ctx.actor.id, status: outcome.status },
    'password reset link sent by an administrator',
  );
  if (outcome.status === 'failed')
    throw new AppError('BadRequest', messageWithParams('emailNotSent', { reason: outcome.error }));
  return { detail: `A link to reset the password has been sent to ${target.email}.` };
}

/**
 * After an administrator creates a cloud user without a password: the user gets a link to choose
 * one, valid INVITATION_LINK_DAYS. Sent after the answer; a failed send is in the outbox, and the
 * administrator can send a reset link from the user's menu.
 */
export function inviteUser(ctx: ServiceContext, deps: PasswordResetDeps, userId: number): void {
  deps.deferred.run('invitation', async () => {
    const user = await findUser(ctx.tenant, userId);
    if (!user?.email) return;
    const id = await issueLink(ctx.tenant, user.id, false, INVITATION_LINK_DAYS * 24 * 3600_000);
    const language = languageOf(user);
    const mail = renderMail('invitation', language, {
      name: nameOf(user),
      username: user.username,
      link: linkUrl(deps, id),
      days: INVITATION_LINK_DAYS,
    });
    const outcome = await deps.mailer.send({ customerId: user.customerId, to: user.email, language, ...mail });
    ctx.log.info({ userId: user.id, by: ctx.actor.id, status: outcome.status }, 'invitation sent');
  });
}
