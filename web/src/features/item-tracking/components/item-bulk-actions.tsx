import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import StatusIcon from '@mui/icons-material/SwapVert';
import type { ItemTableState } from './use-item-table';

/** The bar over the selected rows: Restore for removed items, else status, move and delete. */
export function ItemBulkActions({ table }: { table: ItemTableState }) {
  const { t } = useTranslation(['tracking', 'common']);
  return (
    <Stack
      direction="row"
      spacing={1}
      sx={{ px: 2, py: 1, bgcolor: 'action.selected', alignItems: 'center', flexWrap: 'wrap' }}
      data-testid="bulk-actions"
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
        {t('selected', { count: table.selected.size })}
      </Typography>
      {table.removed ? (
        <Button
          size="small"
          startIcon={<RestoreIcon />}
          loading={table.restoring}
          onClick={table.restoreSelected}
          data-testid="bulk-restore"
        >
          {t('bulkRestore')}
        </Button>
      ) : (
        <>
          <Button
            size="small"
            startIcon={<StatusIcon />}
            onClick={() => table.setDialog('status')}
            data-testid="bulk-status"
          >
            {t('bulkStatus')}
          </Button>
          <Button size="small" startIcon={<MoveIcon />} onClick={() => table.setDialog('move')} data-testid="bulk-move">
            {t('bulkMove')}
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={() => table.setDialog('delete')}
            data-testid="bulk-delete"
          >
            {t('bulkDelete')}
          </Button>
        </>
      )}
    </Stack>
  );
}
