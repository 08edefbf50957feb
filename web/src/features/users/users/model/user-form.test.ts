import { describe, expect, it } from 'vitest';
import type { Role, UserAdmin } from '@tagtrack/contract';
import {
  disabledRoles,
  passwordRule,
  toCreatePayload,
  toUpdatePayload,
  userFormDefaults,
  userFormSchema,
  type UserFormContext,
  type UserFormValues,
} from './user-form';

const user = (id: number, role: Role): UserAdmin => ({
  id,
  username: `user${id}`,
  first_name: 'Ann',
  last_name: 'Lee',
  email: 'ann@example.com',
  phone_number: '',
  language: 'de',
  roles: [role],
  management_groups: ['North'],
});
const me = { id: 7, roles: ['administrator' as Role] };
const values = (overrides: Partial<UserFormValues> = {}): UserFormValues => ({
  username: 'new.user',
  first_name: 'New',
  last_name: 'User',
  email: 'new@example.com',
  phone_number: '+4412345',
  language: 'en',
  password: '',
  roles: ['viewer'],
  ...overrides,
});
const messages = (ctx: UserFormContext, input: UserFormValues) => {
  const result = userFormSchema(ctx).safeParse(input);
  // The first message of each field, as the form shows it.
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.toReversed().map((i) => [i.path.join('.'), i.message]));
};

const cloudAdd: UserFormContext = { me, onPremise: false };
const onPremAdd: UserFormContext = { me, onPremise: true };

describe('user form rules (02 §5 Users)', () => {
  it('adds in the cloud: username pattern, e-mail required and valid, phone +digits, password optional but strong', () => {
    expect(messages(cloudAdd, values())).toEqual({});
    expect(messages(cloudAdd, values({ username: 'New User' })).username).toBe('requiredUsernameFieldMatcher');
    expect(messages(cloudAdd, values({ username: '' })).username).toBe('requiredUsernameField');
    expect(messages(cloudAdd, values({ username: 'a'.repeat(151) })).username).toBe('usernameMaxLength');
    expect(messages(cloudAdd, values({ email: '' })).email).toBe('requiredEmailField');
    expect(messages(cloudAdd, values({ email: 'nope' })).email).toBe('invalidEmailAddress');
    expect(messages(cloudAdd, values({ phone_number: '0044 1' })).phone_number).toBe('phoneNumberMatcher');
    expect(messages(cloudAdd, values({ password: 'weak' })).password).toBe('requiredPasswordFieldUserCondition');
    expect(messages(cloudAdd, values({ password: 'Strong-pass-1' }))).toEqual({});
    expect(messages(cloudAdd, values({ roles: [] })).roles).toBe('requiredRole');
  });

  it('adds on-premise: a strong password is required, e-mail is not asked', () => {
    expect(passwordRule(onPremAdd)).toBe('required');
    expect(messages(onPremAdd, values({ email: '' })).password).toBe('requiredPasswordFieldNew');
    expect(messages(onPremAdd, values({ password: 'short' })).password).toBe('requiredPasswordFieldUserCondition');
    expect(messages(onPremAdd, values({ email: '', password: 'Strong-pass-1' }))).toEqual({});
  });

  it('edits: the username is not checked against the create pattern', () => {
    const ctx = { me, onPremise: false, target: { ...user(8, 'viewer'), username: 'Legacy Name' } };
    expect(messages(ctx, userFormDefaults(ctx, 'en'))).toEqual({});
  });

  it('lets only an on-premise administrator editing their own account set a password', () => {
    expect(passwordRule({ me, onPremise: true, target: user(7, 'administrator') })).toBe('optional');
    expect(passwordRule({ me, onPremise: true, target: user(8, 'operator') })).toBe('disabled');
    expect(passwordRule({ me, onPremise: false, target: user(7, 'administrator') })).toBe('hidden');
    expect(passwordRule(cloudAdd)).toBe('optional');
  });

  it('locks role radios as the spec says', () => {
    const all = ['administrator', 'operator', 'viewer', 'application'];
    expect([...disabledRoles({ me, onPremise: true, target: user(8, 'administrator') })].sort()).toEqual(all.sort());
    expect([...disabledRoles({ me, onPremise: true, target: user(7, 'administrator') })].sort()).toEqual(all.sort());
    expect([...disabledRoles({ me, onPremise: true, target: user(8, 'viewer') })]).toEqual([]);
    expect([...disabledRoles({ me, onPremise: false, target: user(7, 'administrator') })].sort()).toEqual([
      'operator',
      'viewer',
    ]);
    expect([...disabledRoles({ me, onPremise: false, target: user(8, 'administrator') })]).toEqual([]);
    expect([...disabledRoles(cloudAdd)]).toEqual([]);
  });

  it('sends what the variant has: no e-mail on-premise, no empty password, no username or language on edit', () => {
    expect(toCreatePayload(values(), onPremAdd)).toEqual({
      username: 'new.user',
      first_name: 'New',
      last_name: 'User',
      roles: ['viewer'],
    });
    expect(toCreatePayload(values({ password: 'Strong-pass-1' }), cloudAdd)).toEqual({
      username: 'new.user',
      first_name: 'New',
      last_name: 'User',
      roles: ['viewer'],
      email: 'new@example.com',
      phone_number: '+4412345',
      language: 'en',
      password: 'Strong-pass-1',
    });
    const cloudEdit = { me, onPremise: false, target: user(8, 'viewer') };
    expect(toUpdatePayload(values({ password: 'Strong-pass-1' }), cloudEdit)).toEqual({
      first_name: 'New',
      last_name: 'User',
      roles: ['viewer'],
      email: 'new@example.com',
      phone_number: '+4412345',
    });
    const ownOnPrem = { me, onPremise: true, target: user(7, 'administrator') };
    expect(toUpdatePayload(values({ password: 'Strong-pass-1' }), ownOnPrem)).toEqual({
      first_name: 'New',
      last_name: 'User',
      roles: ['viewer'],
      password: 'Strong-pass-1',
    });
  });

  it('starts an edit from the user and an add from the signed-in language', () => {
    expect(userFormDefaults({ me, onPremise: false, target: user(8, 'operator') }, 'en')).toMatchObject({
      username: 'user8',
      language: 'de',
      roles: ['operator'],
      password: '',
    });
    expect(userFormDefaults(cloudAdd, 'fr')).toMatchObject({ username: '', language: 'fr', roles: [] });
  });
});
