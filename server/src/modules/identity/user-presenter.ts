import { DEFAULT_LANGUAGE, isLanguageCode, isRole, type UserAdmin } from '@tagtrack/contract';
import type { UserRow } from './users.repository.js';

/**
 * A user as the API shows it (the user list, a user's page, and the fields the signed-in user's
 * profile shares with them): one role in `roles`, an unknown stored language as the default.
 */
export function presentUser(row: UserRow, groups: string[]): UserAdmin {
  return {
    id: row.id,
    username: row.username,
    first_name: row.firstName,
    last_name: row.lastName,
    email: row.email,
    phone_number: row.phoneNumber,
    language: isLanguageCode(row.language) ? row.language : DEFAULT_LANGUAGE,
    roles: isRole(row.role) ? [row.role] : [],
    management_groups: groups,
  };
}
