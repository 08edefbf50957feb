import { userDeleteRefusal, type CurrentUser, type UserAdmin, type ValidationMessageKey } from '@tagtrack/contract';

/** The account that only sees itself in user lists and alone may act on its own row (02 §6). */
export const SUPER_ADMIN_USERNAME = 'admin';

export interface RowActions {
  /** The row's action button: your own row, a row not named admin, or you are the user named admin. */
  menu: boolean;
  edit: boolean;
  /** Nobody deletes their own account: the contract's refusal (a validation message key), or null. */
  deleteRefusal: ValidationMessageKey | null;
  /** Cloud only; not for your own account. */
  resetPassword: 'hidden' | 'enabled' | 'disabled';
  /** The signed-in user is not the user named admin: their menu items get the nonAdminRight style. */
  nonAdminRight: boolean;
}

/** What the signed-in user may do with one row of the user list (02 §6 user list menu rules). */
export function rowActions(row: UserAdmin, me: Pick<CurrentUser, 'id' | 'username'>, onPremise: boolean): RowActions {
  const own = row.id === me.id;
  const meIsSuperAdmin = me.username === SUPER_ADMIN_USERNAME;
  return {
    menu: own || row.username !== SUPER_ADMIN_USERNAME || meIsSuperAdmin,
    edit: true,
    deleteRefusal: userDeleteRefusal({ id: row.id, role: row.roles[0] }, me.id, null),
    resetPassword: onPremise ? 'hidden' : own ? 'disabled' : 'enabled',
    nonAdminRight: !meIsSuperAdmin,
  };
}
