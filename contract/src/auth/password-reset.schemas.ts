import { z } from 'zod';
import { StrongPasswordSchema } from './auth.schemas.js';

/** A reset link can be used once, within this many minutes of being sent. */
export const PASSWORD_RESET_LINK_MINUTES = 60;
/** The link a new cloud user gets to choose their first password lasts longer: they may not read mail at once. */
export const INVITATION_LINK_DAYS = 7;

/**
 * POST /accounts/forgot-password/: `username` matches a username or an e-mail address, `email`
 * only an e-mail address. The answer is the same whether or not an account matched.
 */
export const ForgotPasswordSchema = z
  .object({
    username: z.string().trim().max(254, 'invalidValue').optional(),
    email: z.string().trim().max(254, 'invalidEmailAddress').optional(),
  })
  .refine((v) => Boolean(v.username || v.email), {
    message: 'requiredUsernameOrEmailField',
    path: ['username'],
  });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

/** The answer to a reset request and to a completed reset: never says whether an account exists. */
export const DetailSchema = z.object({ detail: z.string() });
export type Detail = z.infer<typeof DetailSchema>;

/** GET /accounts/forgot-password/{id}/: a link that can still be used. */
export const PasswordResetLinkSchema = z.object({
  id: z.string(),
  username: z.string(),
  expires_at: z.string(),
});
export type PasswordResetLink = z.infer<typeof PasswordResetLinkSchema>;

/** POST /accounts/forgot-password/{id}/: sets the new password through the link. */
export const PasswordResetConfirmSchema = z.object({ password: StrongPasswordSchema });
export type PasswordResetConfirm = z.infer<typeof PasswordResetConfirmSchema>;

/** The /forgot-password/:uuid form: the new password twice. */
export const PasswordResetFormSchema = z
  .object({
    password: StrongPasswordSchema,
    confirm_password: z.string({ error: 'requiredField' }).min(1, 'requiredField'),
  })
  .refine((v) => v.password === v.confirm_password, {
    message: 'passwordConfirmationMismatch',
    path: ['confirm_password'],
  });
export type PasswordResetForm = z.infer<typeof PasswordResetFormSchema>;
