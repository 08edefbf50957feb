import { describe, expect, it } from 'vitest';
import type { UserAdmin } from '@tagtrack/contract';
import { rowActions } from './user-list-rules';

const row = (id: number, username: string): UserAdmin => ({
  id,
  username,
  first_name: '',
  last_name: '',
  email: '',
  phone_number: '',
  language: 'en',
  roles: ['administrator'],
  management_groups: [],
});

describe('user list row actions (02 §6)', () => {
  const alice = { id: 7, username: 'alice' };
  const admin = { id: 1, username: 'admin' };

  it('enables the menu for your own row, rows not named admin, and everything for the user named admin', () => {
    expect(rowActions(row(7, 'alice'), alice, false).menu).toBe(true);
    expect(rowActions(row(8, 'bob'), alice, false).menu).toBe(true);
    expect(rowActions(row(1, 'admin'), alice, false).menu).toBe(false);
    expect(rowActions(row(1, 'admin'), admin, false).menu).toBe(true);
    expect(rowActions(row(8, 'bob'), admin, false).menu).toBe(true);
  });

  it('never deletes (saying why) or resets your own account; Reset Password exists in the cloud only', () => {
    expect(rowActions(row(7, 'alice'), alice, false)).toMatchObject({
      edit: true,
      deleteRefusal: 'cannotDeleteSelf',
      resetPassword: 'disabled',
    });
    expect(rowActions(row(8, 'bob'), alice, false)).toMatchObject({
      edit: true,
      deleteRefusal: null,
      resetPassword: 'enabled',
    });
    expect(rowActions(row(8, 'bob'), alice, true).resetPassword).toBe('hidden');
  });

  it('marks the items of anyone but the user named admin as nonAdminRight', () => {
    expect(rowActions(row(8, 'bob'), alice, false).nonAdminRight).toBe(true);
    expect(rowActions(row(8, 'bob'), admin, false).nonAdminRight).toBe(false);
  });
});
