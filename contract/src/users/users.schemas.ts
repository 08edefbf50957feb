import { z } from 'zod';
import { ROLES } from '../common/roles.js';
import { LANGUAGE_CODES } from '../common/languages.js';
import { NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../auth/auth.limits.js';
import { PHONE_PATTERN, USERNAME_PATTERN } from '../auth/auth.rules.js';
import { StrongPasswordSchema } from '../auth/auth.schemas.js';
import { ListQuerySchema, orderingSchema, pageSizeSchema } from '../common/pagination.js';

export const CurrentUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  roles: z.array(z.enum(ROLES)),
  language: z.enum(LANGUAGE_CODES),
  customer_id: z.number().int(),
  customer_name: z.string(),
  management_groups: z.array(z.string()),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

const optionalEmail = z
  .string()
  .trim()
  .max(254, 'invalidEmailAddress')
  .refine((v) => v === '' || z.email().safeParse(v).success, 'invalidEmailAddress');

/** PATCH /accounts/users/me/: what a user may change on their own profile. */
export const ProfileUpdateSchema = z
  .object({
    first_name: z.string().trim().max(NAME_MAX_LENGTH, 'nameMaxLength'),
    last_name: z.string().trim().max(NAME_MAX_LENGTH, 'nameMaxLength'),
    email: optionalEmail,
    phone_number: z
      .string()
      .trim()
      .refine((v) => v === '' || PHONE_PATTERN.test(v), 'phoneNumberMatcher'),
    language: z.enum(LANGUAGE_CODES, { error: 'invalidLanguage' }),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** A user as the administrator's user list and dialogs see it (02 §3 User). */
export const UserAdminSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string(),
  language: z.enum(LANGUAGE_CODES),
  roles: z.array(z.enum(ROLES)),
  management_groups: z.array(z.string()),
});
export type UserAdmin = z.infer<typeof UserAdminSchema>;

const name = z.string().trim().max(NAME_MAX_LENGTH, 'nameMaxLength');
const phone = z
  .string()
  .trim()
  .refine((v) => v === '' || PHONE_PATTERN.test(v), 'phoneNumberMatcher');
/** Exactly one role, sent as a list holding it. */
const roles = z.array(z.enum(ROLES, { error: 'requiredRole' }), { error: 'requiredRole' }).length(1, 'requiredRole');

/**
 * PUT /accounts/users/{id}/: everything but the username, which cannot change. Whether e-mail or
 * password is required depends on the variant (cloud or on-premise): the server checks that.
 */
export const UserUpdateSchema = z.object({
  first_name: name.optional(),
  last_name: name.optional(),
  email: optionalEmail.optional(),
  phone_number: phone.optional(),
  language: z.enum(LANGUAGE_CODES, { error: 'invalidLanguage' }).optional(),
  roles: roles.optional(),
  password: StrongPasswordSchema.optional(),
});
export type UserUpdate = z.infer<typeof UserUpdateSchema>;

/** POST /accounts/users/ */
export const UserCreateSchema = UserUpdateSchema.extend({
  username: z
    .string({ error: 'requiredUsernameField' })
    .trim()
    .min(1, 'requiredUsernameField')
    .max(USERNAME_MAX_LENGTH, 'usernameMaxLength')
    .refine((v) => v === '' || USERNAME_PATTERN.test(v), 'requiredUsernameFieldMatcher'),
  roles,
});
export type UserCreate = z.infer<typeof UserCreateSchema>;

export const USER_ORDERING = ['username', 'first_name', 'last_name', 'email', 'id'] as const;

/**
 * GET /accounts/users/: role filters (`role=operator&role=viewer` or comma separated), search,
 * ordering; `group` lists the members of a management group, `not_group` the users outside it.
 */
export const UserListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(USER_ORDERING),
  page_size: pageSizeSchema(100, 10),
  group: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  not_group: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  role: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : v === undefined ? [] : [v])
        .flatMap((s) => s.split(','))
        .map((s) => s.trim())
        .filter((s): s is (typeof ROLES)[number] => (ROLES as readonly string[]).includes(s)),
    ),
});
export type UserListQuery = z.infer<typeof UserListQuerySchema>;
