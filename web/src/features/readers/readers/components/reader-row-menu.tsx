import { useTranslation } from 'react-i18next';
import CableIcon from '@mui/icons-material/CableOutlined';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import LayersClearIcon from '@mui/icons-material/LayersClearOutlined';
import PublishedWithChangesIcon from '@mui/icons-material/PublishedWithChanges';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SettingsSuggestIcon from '@mui/icons-material/SettingsSuggestOutlined';
import type { Reader } from '@tagtrack/contract';
import { RowActionMenu, type RowAction } from '../../../../components/row-action-menu';
import type { ReaderAction } from './use-reader-actions';

export type ReaderRowAction = ReaderAction | 'edit';

/**
 * A reader row's menu (02 §2). Fixed readers: edit, delete, re-initialise, update assigned
 * configurations, setup mode (disabled while unassigned, hidden on-premise), connection details,
 * clear heartbeat data. Handhelds: edit, delete, update assigned configurations, re-initialise.
 */
export function ReaderRowMenu({
  reader,
  handheld,
  onPremise,
  onAction,
}: {
  reader: Reader;
  handheld: boolean;
  onPremise: boolean;
  onAction: (action: ReaderRowAction) => void;
}) {
  const { t } = useTranslation('readers');
  const item = (
    action: ReaderRowAction,
    icon: RowAction<ReaderRowAction>['icon'],
    label: string,
    disabled = false,
  ) => ({
    action,
    icon,
    label,
    disabled,
    testId: `reader-menu-${action}`,
  });
  const edit = item('edit', <EditIcon fontSize="small" />, t('menuEdit'));
  const remove = item('delete', <DeleteIcon fontSize="small" />, t('menuDelete'));
  const reinitialize = item('reinitialize', <RestartAltIcon fontSize="small" />, t('menuReinitialize'));
  const updateAssigned = item(
    'updateAssigned',
    <PublishedWithChangesIcon fontSize="small" />,
    t('menuUpdateAssigned'),
    reader.configurations.length === 0,
  );
  const items: RowAction<ReaderRowAction>[] = handheld
    ? [edit, remove, updateAssigned, reinitialize]
    : [
        edit,
        remove,
        reinitialize,
        updateAssigned,
        ...(onPremise
          ? []
          : [
              item(
                'setupMode',
                <SettingsSuggestIcon fontSize="small" />,
                reader.status === 'setup' ? t('menuSetupOff') : t('menuSetupOn'),
                reader.state === 'unassigned',
              ),
            ]),
        item('connection', <CableIcon fontSize="small" />, t('menuConnection')),
        item('clearHeartbeats', <LayersClearIcon fontSize="small" />, t('menuClearHeartbeats')),
      ];
  return (
    <RowActionMenu<ReaderRowAction>
      label={t('actionsFor', { serial: reader.serial })}
      testId="reader-actions"
      items={items}
      onAction={onAction}
    />
  );
}
