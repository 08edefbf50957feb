import { describe, expect, it } from 'vitest';
import { isStrongPassword, PHONE_PATTERN, USERNAME_PATTERN } from './auth.rules.js';
import { ChangePasswordFormSchema, LoginSchema } from './auth.schemas.js';

describe('isStrongPassword', () => {
  it.each([
    ['Abcdefgh1!', true],
    ['Abcdefg1!', false], // 9 characters
    ['abcdefgh1!', false], // no uppercase
    ['ABCDEFGH1!', false], // no lowercase
    ['Abcdefghi!', false], // no digit
    ['Abcdefghi1', false], // no special character
    ['Ünïcödé-pass-1A', true],
  ])('%s → %s', (password, strong) => {
    expect(isStrongPassword(password)).toBe(strong);
  });
});

describe('usernames and phones', () => {
  it.each([
    ['anna', true],
    ['anna.k_1@site', true],
    ['Anna', false],
    ['1anna', false],
    ['an na', false],
  ])('username %s → %s', (name, ok) => expect(USERNAME_PATTERN.test(name)).toBe(ok));

  it.each([
    ['+4712345678', true],
    ['4712345678', false],
    ['+47 1234', false],
  ])('phone %s → %s', (phone, ok) => expect(PHONE_PATTERN.test(phone)).toBe(ok));
});

describe('form schemas', () => {
  it('requires username and password on login', () => {
    const result = LoginSchema.safeParse({ username: ' ', password: '' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['requiredUsernameField', 'requiredPasswordField']);
  });

  it('requires the confirmation to equal the new password', () => {
    const result = ChangePasswordFormSchema.safeParse({
      old_password: 'Old-password-1',
      password: 'New-password-1',
      confirm_password: 'New-password-2',
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirm_password'], message: 'passwordConfirmationMismatch' }),
    ]);
  });
});
