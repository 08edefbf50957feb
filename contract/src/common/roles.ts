export const ROLES = ['administrator', 'operator', 'viewer', 'application'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Subscription extensions that switch whole features on (spec 01 §1). */
export const EXTENSIONS = ['sensor'] as const;
export type Extension = (typeof EXTENSIONS)[number];
