import { describe, expect, it } from 'vitest';
import { userDeleteRefusal } from './users.rules.js';

describe('userDeleteRefusal', () => {
  it.each([
    ['one’s own account', { id: 7, role: 'administrator' }, 7, 3, 'cannotDeleteSelf'],
    ['one’s own account, administrators unknown', { id: 7, role: 'viewer' }, 7, null, 'cannotDeleteSelf'],
    ['the last administrator', { id: 8, role: 'administrator' }, 7, 1, 'lastAdministrator'],
    ['an administrator of several', { id: 8, role: 'administrator' }, 7, 2, null],
    ['an operator', { id: 8, role: 'operator' }, 7, 1, null],
    ['an administrator, administrators unknown', { id: 8, role: 'administrator' }, 7, null, null],
  ] as const)('%s', (_, target, actor, administrators, refusal) => {
    expect(userDeleteRefusal(target, actor, administrators)).toBe(refusal);
  });
});
