import { useTranslation } from 'react-i18next';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import type { UserAdmin } from '@tagtrack/contract';
import { RowActionMenu, type RowAction } from '../../../../components/row-action-menu';
import type { RowActions } from '../model/user-list-rules';

export type UserRowAction = 'edit' | 'delete' | 'resetPassword';

/**
 * The row's action menu (02 §6): Edit, Reset Password (cloud) and Delete. The items of a signed-in
 * user who is not the user named admin carry the `nonAdminRight` class: their icons are muted.
 */
export function UserRowMenu({
  user,
  actions,
  onAction,
}: {
  user: UserAdmin;
  actions: RowActions;
  onAction: (action: UserRowAction) => void;
}) {
  const { t } = useTranslation(['users', 'validation']);
  const items: RowAction<UserRowAction>[] = [
    {
      action: 'edit',
      icon: <EditIcon fontSize="small" />,
      label: t('menuEdit'),
      testId: 'user-menu-edit',
      disabled: !actions.edit,
    },
  ];
  if (actions.resetPassword !== 'hidden') {
    items.push({
      action: 'resetPassword',
      icon: <LockResetIcon fontSize="small" />,
      label: t('menuResetPassword'),
      testId: 'user-menu-reset-password',
      disabled: actions.resetPassword === 'disabled',
    });
  }
  items.push({
    action: 'delete',
    icon: <DeleteIcon fontSize="small" />,
    label: t('menuDelete'),
    testId: 'user-menu-delete',
    disabledReason: actions.deleteRefusal && t(`validation:${actions.deleteRefusal}`),
  });
  return (
    <RowActionMenu<UserRowAction>
      label={t('actionsFor', { username: user.username })}
      testId="user-actions"
      disabled={!actions.menu}
      items={items}
      onAction={onAction}
      itemClassName={actions.nonAdminRight ? 'nonAdminRight' : undefined}
    />
  );
}
