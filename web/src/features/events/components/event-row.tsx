import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import type { ObservationRule } from '@tagtrack/contract';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { EVENTS_PATH, editEventPath } from '../model/event-paths';

/** The last edit as the list shows it: yyyy-MM-dd HH:mm (03 §2). */
export const lastEdit = (modified: string) => formatTimestamp(modified).slice(0, 16);

/**
 * A row of the event list: the name (opening the form for roles that may edit), the last edit, and
 * Edit and Delete for those roles (`canEdit`, 03 §6); viewers see neither.
 */
export function EventRow({
  event,
  canEdit,
  onDelete,
}: {
  event: ObservationRule;
  canEdit: boolean;
  onDelete: (event: ObservationRule) => void;
}) {
  const { t } = useTranslation('events');
  const edit = { to: editEventPath(event.id), state: { returnTo: EVENTS_PATH } };
  return (
    <TableRow hover data-testid="event-row" data-id={event.id}>
      <TableCell sx={{ minWidth: 200 }}>
        {canEdit ? (
          <Link
            component={RouterLink}
            {...edit}
            sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            data-testid="event-name"
          >
            {event.name}
          </Link>
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} data-testid="event-name">
            {event.name}
          </Typography>
        )}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="event-last-edit">
        {lastEdit(event.modified)}
      </TableCell>
      {canEdit && (
        <TableCell align="right" sx={{ py: 0.5, whiteSpace: 'nowrap' }}>
          <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
            <Tooltip title={t('editEvent')}>
              <IconButton
                size="small"
                color="primary"
                component={RouterLink}
                {...edit}
                aria-label={`${t('editEvent')}: ${event.name}`}
                data-testid="event-edit"
              >
                <EditIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('deleteEvent')}>
              <IconButton
                size="small"
                color="error"
                onClick={() => onDelete(event)}
                aria-label={`${t('deleteEvent')}: ${event.name}`}
                data-testid="event-delete"
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        </TableCell>
      )}
    </TableRow>
  );
}
