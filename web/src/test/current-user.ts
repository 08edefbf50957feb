import type { CurrentUser, Role } from '@tagtrack/contract';

/** A signed-in user of the given roles, for component tests. */
export function buildCurrentUser(roles: Role[], overrides: Partial<CurrentUser> = {}): CurrentUser {
  return {
    id: 7,
    username: 'alice',
    first_name: 'Alice',
    last_name: 'Example',
    email: 'alice@example.com',
    phone_number: '',
    roles,
    language: 'en',
    customer_id: 1,
    customer_name: 'Acme',
    management_groups: [],
    ...overrides,
  };
}
