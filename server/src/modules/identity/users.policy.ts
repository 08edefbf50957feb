import type { Actor } from '../../lib/context.js';

export type SetPasswordRule = 'own' | 'admin-sets-other' | 'denied';

/**
 * Who may set a password: anyone their own (with the old password); an administrator another
 * user's of the same customer (without it).
 */
export function setPasswordRule(actor: Actor, targetId: number): SetPasswordRule {
  if (actor.id === targetId) return 'own';
  if (actor.role === 'administrator') return 'admin-sets-other';
  return 'denied';
}
