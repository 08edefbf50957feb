import type { CurrentUser, Role, UserAdmin } from '@tagtrack/contract';
import { buildCurrentUser } from '../../../../test/current-user';
import { stubServer, type StubHandlers, type StubServer } from '../../../../test/stub-server';

/** A row of the user list. */
export function userRow(id: number, username: string, role: Role, overrides: Partial<UserAdmin> = {}): UserAdmin {
  return {
    id,
    username,
    first_name: username.charAt(0).toUpperCase() + username.slice(1),
    last_name: 'Example',
    email: `${username}@example.com`,
    phone_number: '+4412345',
    language: 'en',
    roles: [role],
    management_groups: [],
    ...overrides,
  };
}

/**
 * A stubbed server for the user screens: the signed-in user (alice, id 7, administrator), the
 * deployment variant, and `handlers` for the user routes (userList, userCreate, userUpdate, …).
 */
export function stubUserServer(
  { onPremise = false, me = {} }: { onPremise?: boolean; me?: Partial<CurrentUser> },
  handlers: StubHandlers = {},
): StubServer {
  return stubServer({
    me: buildCurrentUser(['administrator'], me),
    instanceSubscription: { extension: [], on_premise: onPremise, limits: { leaf_locations: null } },
    ...handlers,
  });
}
