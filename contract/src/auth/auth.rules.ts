import { PASSWORD_MIN_LENGTH } from './auth.limits.js';

/** Strong password: at least 10 characters with a lowercase, an uppercase, a digit and a special character. */
export function isStrongPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

/** On create a username starts with a lowercase letter, then lowercase letters, digits, _, @ or '.'. */
export const USERNAME_PATTERN = /^[a-z][a-z0-9_@.]*$/;
export const PHONE_PATTERN = /^\+\d+$/;
