import { vi } from 'vitest';
import type { Role, UserAdmin } from '@tagtrack/contract';
import { jsonResponse } from '../../../../test/json-response';

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

export interface StubbedCall {
  method: string;
  url: URL;
  body: unknown;
}

/**
 * A stubbed server for the user screens: the signed-in user (alice, id 7, administrator), the
 * deployment variant, and `users` for everything under /accounts/users/ but /me/.
 */
export function stubUserServer(
  { onPremise = false, me = {} }: { onPremise?: boolean; me?: Record<string, unknown> },
  users: (call: StubbedCall) => Response,
): StubbedCall[] {
  const calls: StubbedCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      if (url.pathname.endsWith('/accounts/users/me/'))
        return jsonResponse({
          id: 7,
          username: 'alice',
          first_name: 'Alice',
          last_name: 'Example',
          email: 'alice@example.com',
          phone_number: '',
          roles: ['administrator'],
          language: 'en',
          customer_id: 1,
          customer_name: 'Acme',
          management_groups: [],
          ...me,
        });
      if (url.pathname.endsWith('/configuration/instance-subscription/'))
        return jsonResponse({ extension: [], on_premise: onPremise, limits: { leaf_locations: null } });
      const call = {
        method,
        url,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      return users(call);
    }),
  );
  return calls;
}
