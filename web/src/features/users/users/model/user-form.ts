import { z } from 'zod';
import {
  LANGUAGE_CODES,
  UserCreateSchema,
  UserUpdateSchema,
  isStrongPassword,
  type CurrentUser,
  type LanguageCode,
  type Role,
  type UserAdmin,
  type UserCreate,
  type UserUpdate,
} from '@tagtrack/contract';

/** Who adds or edits whom, and where: the add/edit dialog's rules follow from it (02 §5 Users). */
export interface UserFormContext {
  /** The user being edited; absent when adding. */
  target?: UserAdmin;
  /** The signed-in user. */
  me: Pick<CurrentUser, 'id' | 'roles'>;
  onPremise: boolean;
}

export interface UserFormValues {
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  phone_number: string;
  language: LanguageCode;
  password: string;
  /** Exactly one role, as the API takes it. */
  roles: Role[];
}

/**
 * The password field: required when adding on-premise; optional (strong when given) when adding in
 * the cloud, where a user without one is e-mailed a link, and when an on-premise administrator edits
 * their own account; disabled when an on-premise administrator edits someone else; not shown when
 * editing in the cloud, where Reset Password serves.
 */
export type PasswordRule = 'required' | 'optional' | 'disabled' | 'hidden';

function isSelf(ctx: UserFormContext): boolean {
  return ctx.target !== undefined && ctx.target.id === ctx.me.id;
}

export function passwordRule(ctx: UserFormContext): PasswordRule {
  if (!ctx.target) return ctx.onPremise ? 'required' : 'optional';
  if (!ctx.onPremise) return 'hidden';
  return isSelf(ctx) && ctx.me.roles.includes('administrator') ? 'optional' : 'disabled';
}

/**
 * The role radios that cannot be chosen. On-premise edit: all of them for an administrator target
 * unless it is yourself, and also for an administrator editing their own account. Cloud: viewer
 * and operator when editing your own account.
 */
export function disabledRoles(ctx: UserFormContext): ReadonlySet<Role> {
  const { target } = ctx;
  if (!target) return new Set();
  const self = isSelf(ctx);
  if (ctx.onPremise) {
    const targetIsAdmin = target.roles.includes('administrator');
    const locked = (targetIsAdmin && !self) || (self && ctx.me.roles.includes('administrator'));
    return new Set<Role>(locked ? ['administrator', 'operator', 'viewer', 'application'] : []);
  }
  return new Set<Role>(self ? ['viewer', 'operator'] : []);
}

const create = UserCreateSchema.shape;
const update = UserUpdateSchema.shape;
const anyText = z.string();
const optionalStrongPassword = z
  .string()
  .refine((v) => v === '' || isStrongPassword(v), 'requiredPasswordFieldUserCondition');

/** The dialog's schema: the contract's field rules plus the variant's (cloud or on-premise, add or edit). */
export function userFormSchema(ctx: UserFormContext) {
  const adding = ctx.target === undefined;
  const password = passwordRule(ctx);
  return z.object({
    username: adding ? create.username : anyText,
    first_name: update.first_name.unwrap(),
    last_name: update.last_name.unwrap(),
    email: ctx.onPremise ? anyText : update.email.unwrap().refine((v) => v !== '', 'requiredEmailField'),
    phone_number: ctx.onPremise ? anyText : update.phone_number.unwrap(),
    language: z.enum(LANGUAGE_CODES, { error: 'invalidLanguage' }),
    password:
      password === 'required' ? update.password.unwrap() : password === 'optional' ? optionalStrongPassword : anyText,
    roles: create.roles,
  });
}

export function userFormDefaults(ctx: UserFormContext, language: LanguageCode): UserFormValues {
  const { target } = ctx;
  return {
    username: target?.username ?? '',
    first_name: target?.first_name ?? '',
    last_name: target?.last_name ?? '',
    email: target?.email ?? '',
    phone_number: target?.phone_number ?? '',
    language: target?.language ?? language,
    password: '',
    roles: target ? target.roles.slice(0, 1) : [],
  };
}

/** POST body: e-mail, phone and language exist in the cloud only; an empty password is left out. */
export function toCreatePayload(values: UserFormValues, ctx: UserFormContext): UserCreate {
  return {
    username: values.username,
    first_name: values.first_name,
    last_name: values.last_name,
    roles: values.roles,
    ...(ctx.onPremise ? {} : { email: values.email, phone_number: values.phone_number, language: values.language }),
    ...(values.password ? { password: values.password } : {}),
  };
}

/** PUT body: the username and (cloud) the language cannot change; a password only where it may be set. */
export function toUpdatePayload(values: UserFormValues, ctx: UserFormContext): UserUpdate {
  const rule = passwordRule(ctx);
  return {
    first_name: values.first_name,
    last_name: values.last_name,
    roles: values.roles,
    ...(ctx.onPremise ? {} : { email: values.email, phone_number: values.phone_number }),
    ...((rule === 'optional' || rule === 'required') && values.password ? { password: values.password } : {}),
  };
}
