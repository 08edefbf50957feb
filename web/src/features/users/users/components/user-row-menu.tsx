import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { UserAdmin } from '@tagtrack/contract';
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
  const { t } = useTranslation('users');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const choose = (action: UserRowAction) => () => {
    close();
    onAction(action);
  };
  const className = actions.nonAdminRight ? 'nonAdminRight' : undefined;
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actionsFor', { username: user.username })}
        aria-haspopup="menu"
        disabled={!actions.menu}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        data-testid="user-actions"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          list: {
            sx: {
              minWidth: 200,
              '& .MuiListItemIcon-root': { color: 'primary.main' },
              '& .nonAdminRight .MuiListItemIcon-root': { color: 'text.secondary' },
            },
          },
        }}
      >
        <MenuItem className={className} disabled={!actions.edit} onClick={choose('edit')} data-testid="user-menu-edit">
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {t('menuEdit')}
        </MenuItem>
        {actions.resetPassword !== 'hidden' && (
          <MenuItem
            className={className}
            disabled={actions.resetPassword === 'disabled'}
            onClick={choose('resetPassword')}
            data-testid="user-menu-reset-password"
          >
            <ListItemIcon>
              <LockResetIcon fontSize="small" />
            </ListItemIcon>
            {t('menuResetPassword')}
          </MenuItem>
        )}
        <MenuItem
          className={className}
          disabled={!actions.delete}
          onClick={choose('delete')}
          data-testid="user-menu-delete"
        >
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          {t('menuDelete')}
        </MenuItem>
      </Menu>
    </>
  );
}
