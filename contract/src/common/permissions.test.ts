import { describe, expect, it } from 'vitest';
import { can, PERMISSIONS, ROLE_PERMISSIONS, rolesWith } from './permissions.js';
import type { ROLES } from './roles.js';

describe('the permission matrix (spec 01 §6, 02 §6, 03 §6)', () => {
  it('gives viewers read-only access', () => {
    for (const p of [
      'item:modify',
      'report:write',
      'location:write',
      'event:edit',
      'reader:manage',
      'user:manage',
    ] as const) {
      expect(can('viewer', p)).toBe(false);
    }
    for (const p of [
      'item:view',
      'inventory:view',
      'report:view',
      'location:view',
      'event:view',
      'password:change',
    ] as const) {
      expect(can('viewer', p)).toBe(true);
    }
  });

  it.each([
    ['reader:manage', ['administrator', 'application']],
    ['catalogue:manage', ['administrator', 'application']],
    ['user:manage', ['administrator']],
    ['group:manage', ['administrator']],
    ['settings:manage', ['administrator']],
    ['event:create', ['administrator', 'application']],
    ['event:edit', ['administrator', 'operator', 'application']],
    ['report:write', ['administrator', 'operator', 'application']],
    ['inventory:session', ['administrator', 'operator', 'application']],
    ['profile:view', ['administrator', 'operator', 'viewer', 'application']],
  ] as const)('%s belongs to %j', (permission, roles) => {
    expect(rolesWith(permission).sort()).toEqual([...roles].sort());
  });

  it('makes each role a superset of the one below it', () => {
    const has = (role: (typeof ROLES)[number]) => PERMISSIONS.filter((p) => ROLE_PERMISSIONS[role].has(p));
    expect(has('operator')).toEqual(expect.arrayContaining(has('viewer')));
    expect(has('application')).toEqual(expect.arrayContaining(has('operator')));
    expect(has('administrator')).toEqual(expect.arrayContaining(has('application')));
  });

  it('refuses nobody-roles and unknown input', () => {
    expect(can(null, 'item:view')).toBe(false);
    expect(can([], 'item:view')).toBe(false);
    expect(can(['viewer', 'administrator'], 'user:manage')).toBe(true);
  });
});
