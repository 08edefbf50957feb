import type { Role } from './roles.js';

/**
 * Every permission of the product, '<entity>:<action>', from the role tables of the spec
 * (01 §2.2 and §6, 02 §6, 03 §2 and §6). Used by the server's route guard and by the console's
 * routes, menu and buttons: one matrix, never two copies.
 */
export const PERMISSIONS = [
  'item:view',
  'item:modify',
  'sensor:view',
  'inventory:view',
  'inventory:session',
  'inventory:addProduct',
  'report:view',
  'report:write',
  'location:view',
  'location:write',
  'event:view',
  'event:edit',
  'event:create',
  'reader:manage',
  'catalogue:manage',
  'user:manage',
  'group:manage',
  'settings:manage',
  'profile:view',
  'password:change',
  'errorReport:create',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const EVERYONE: readonly Permission[] = [
  'item:view',
  'sensor:view',
  'inventory:view',
  'report:view',
  'location:view',
  'event:view',
  'profile:view',
  'password:change',
  'errorReport:create',
];

const OPERATOR: readonly Permission[] = [
  ...EVERYONE,
  'item:modify',
  'inventory:session',
  'inventory:addProduct',
  'report:write',
  'location:write',
  'event:edit',
];

const APPLICATION: readonly Permission[] = [...OPERATOR, 'event:create', 'reader:manage', 'catalogue:manage'];

export const ROLE_PERMISSIONS: Record<Role, ReadonlySet<Permission>> = {
  administrator: new Set<Permission>([...APPLICATION, 'user:manage', 'group:manage', 'settings:manage']),
  application: new Set<Permission>(APPLICATION),
  operator: new Set<Permission>(OPERATOR),
  viewer: new Set<Permission>(EVERYONE),
};

/** True when one of the roles grants the permission. */
export function can(roles: Role | readonly Role[] | undefined | null, permission: Permission): boolean {
  if (!roles) return false;
  const list: readonly Role[] = typeof roles === 'string' ? [roles] : roles;
  return list.some((role) => ROLE_PERMISSIONS[role]?.has(permission) ?? false);
}

export function rolesWith(permission: Permission): Role[] {
  return (Object.keys(ROLE_PERMISSIONS) as Role[]).filter((role) => ROLE_PERMISSIONS[role].has(permission));
}
