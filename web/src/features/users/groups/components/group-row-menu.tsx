import { useTranslation } from 'react-i18next';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import PersonRemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import type { ManagementGroup } from '@tagtrack/contract';
import { RowActionMenu } from '../../../../components/row-action-menu';

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
  return (
    <RowActionMenu<GroupRowAction>
      label={t('actionsFor', { name: group.group_name })}
      testId="group-actions"
      onAction={onAction}
      items={[
        { action: 'edit', icon: <EditIcon fontSize="small" />, label: t('menuEdit'), testId: 'group-menu-edit' },
        {
          action: 'delete',
          icon: <DeleteIcon fontSize="small" />,
          label: t('menuDelete'),
          testId: 'group-menu-delete',
        },
        {
          action: 'assign',
          icon: <PersonAddIcon fontSize="small" />,
          label: t('menuAssignUsers'),
          testId: 'group-menu-assign',
        },
        {
          action: 'remove',
          icon: <PersonRemoveIcon fontSize="small" />,
          label: t('menuRemoveUsers'),
          testId: 'group-menu-remove',
        },
      ]}
    />
  );
}
