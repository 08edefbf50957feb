import { describe, expect, it } from 'vitest';
import type { Role } from '@tagtrack/contract';
import { setPasswordRule } from './users.policy.js';

const actor = (role: Role, id = 1) => ({ id, customerId: 1, username: 'u', role });

describe('setPasswordRule', () => {
  it.each([
    ['administrator', 1, 'own'],
    ['administrator', 2, 'admin-sets-other'],
    ['operator', 1, 'own'],
    ['operator', 2, 'denied'],
    ['viewer', 2, 'denied'],
    ['application', 2, 'denied'],
  ] as const)('%s setting user %i: %s', (role, target, expected) => {
    expect(setPasswordRule(actor(role), target)).toBe(expected);
  });
});
