import { z } from 'zod';
import { ROLES } from '../common/roles.js';
import { LANGUAGE_CODES } from '../common/languages.js';
import { NAME_MAX_LENGTH } from '../auth/auth.limits.js';
import { PHONE_PATTERN } from '../auth/auth.rules.js';

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
