import type { ValidationMessageKey } from '../common/messages.js';
import type { Role } from '../common/roles.js';

/**
 * Why a user cannot be deleted, or null (02 §6): nobody deletes their own account, and the last
 * administrator of a customer stays. `administrators` is how many the customer has; the console,
 * which lists only what the signed-in user may see, passes null and checks the first rule only.
 */
export function userDeleteRefusal(
  target: { id: number; role?: Role },
  actorId: number,
  administrators: number | null,
): ValidationMessageKey | null {
  if (target.id === actorId) return 'cannotDeleteSelf';
  if (administrators !== null && target.role === 'administrator' && administrators <= 1) return 'lastAdministrator';
  return null;
}
