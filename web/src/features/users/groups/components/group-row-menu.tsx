import { useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import type { ManagementGroup } from '@tagtrack/contract';

export type GroupRowAction = 'edit' | 'delete' | 'assign' | 'remove';

/** The row's action menu (03 §2 Groups tab): Edit, Delete, Assign users, View/Remove users. */
export function GroupRowMenu({
  group,
  onAction,
}: {
  group: ManagementGroup;
  onAction: (action: GroupRowAction) => void;
}) {
  const { t } = useTranslation('groups');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const item = (action: GroupRowAction, icon: ReactNode, label: string, testId: string) => (
    <MenuItem
      onClick={() => {
        close();
        onAction(action);
      }}
      data-testid={testId}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      {label}
    </MenuItem>
  );
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actionsFor', { name: group.group_name })}
        aria-haspopup="menu"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        data-testid="group-actions"
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { sx: { minWidth: 210, '& .MuiListItemIcon-root': { color: 'primary.main' } } } }}
      >
        {item('edit', <EditIcon fontSize="small" />, t('menuEdit'), 'group-menu-edit')}
        {item('delete', <DeleteIcon fontSize="small" />, t('menuDelete'), 'group-menu-delete')}
        {item('assign', <PersonAddIcon fontSize="small" />, t('menuAssignUsers'), 'group-menu-assign')}
        {item('remove', <PersonRemoveIcon fontSize="small" />, t('menuRemoveUsers'), 'group-menu-remove')}
      </Menu>
    </>
  );
}
