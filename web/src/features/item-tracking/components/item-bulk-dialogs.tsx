import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ASSET_MANAGEMENT_PATH } from '../model/asset-management-path';
import { MoveDialog, StatusDialog } from './item-dialogs';
import type { ItemTableState } from './use-item-table';

/** The questions a bulk action asks before it runs on the selected items. */
export function ItemBulkDialogs({ table }: { table: ItemTableState }) {
  const { t } = useTranslation(['tracking', 'common']);
  const count = table.ids.length;
  return (
    <>
      <StatusDialog
        open={table.dialog === 'status'}
        count={count}
        busy={table.updating}
        onClose={table.closeDialog}
        onApply={table.setStatus}
      />
      <MoveDialog
        open={table.dialog === 'move'}
        count={count}
        busy={table.updating}
        locations={table.tree.data ?? []}
        onClose={table.closeDialog}
        onApply={table.move}
      />
      <ConfirmDialog
        open={table.dialog === 'delete'}
        title={t('deleteTitle')}
        confirmLabel={t('bulkDelete')}
        busy={table.removing}
        onClose={table.closeDialog}
        onConfirm={table.removeSelected}
        testId="delete-items-dialog"
      >
        {t('deleteText', { count })}{' '}
        {table.canManage && (
          <Link component={RouterLink} to={ASSET_MANAGEMENT_PATH} data-testid="delete-items-asset-management">
            {t('openAssetManagement')}
          </Link>
        )}
      </ConfirmDialog>
    </>
  );
}
