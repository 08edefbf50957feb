import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth.limits.js';
import { isStrongPassword } from './auth.rules.js';

export const LoginSchema = z.object({
  username: z.string({ error: 'requiredUsernameField' }).trim().min(1, 'requiredUsernameField'),
  password: z.string({ error: 'requiredPasswordField' }).min(1, 'requiredPasswordField'),
});
export type Login = z.infer<typeof LoginSchema>;

export const TokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPairSchema>;

export const RefreshSchema = z.object({ refresh: z.string({ error: 'requiredField' }).min(1, 'requiredField') });
export type Refresh = z.infer<typeof RefreshSchema>;

export const StrongPasswordSchema = z
  .string({ error: 'requiredPasswordFieldNew' })
  .min(1, 'requiredPasswordFieldNew')
  .refine(isStrongPassword, 'requiredPasswordFieldUserCondition');

/**
 * POST /accounts/users/{id}/set_password/: an administrator sets another user's password with
 * {password}; a user changing their own also sends old_password.
 */
export const SetPasswordSchema = z.object({
  old_password: z.string().optional(),
  password: StrongPasswordSchema,
});
export type SetPassword = z.infer<typeof SetPasswordSchema>;

/** The Change Password page: old (min 10), new (strong) and a confirmation equal to the new one. */
export const ChangePasswordFormSchema = z
  .object({
    old_password: z
      .string({ error: 'requiredOldPasswordField' })
      .min(1, 'requiredOldPasswordField')
      .min(PASSWORD_MIN_LENGTH, 'passwordMinLength'),
    password: StrongPasswordSchema,
    confirm_password: z
      .string({ error: 'requiredField' })
      .min(1, 'requiredField')
      .min(PASSWORD_MIN_LENGTH, 'passwordMinLength'),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: 'passwordConfirmationMismatch',
    path: ['confirm_password'],
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;
