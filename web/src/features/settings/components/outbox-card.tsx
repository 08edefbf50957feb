import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Card from '@mui/material/Card';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import MailIcon from '@mui/icons-material/MailOutlined';
import { PAGE_SIZES, type OutboxMessage } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useOutbox } from '../api/list-outbox';
import { MailStatusChip } from './mail-status-chip';
import { OutboxMessageDialog } from './outbox-message-dialog';

/**
 * Outgoing mail (System settings, administrator): what the server sent or kept, newest first.
 * Without SMTP_URL mail is only kept here, so an administrator can read a reset link and pass it on.
 */
export function OutboxCard() {
  const { t } = useTranslation('outbox');
  const notify = useNotify();
  // A section of the settings page: its own prefixed parameters (outbox_page, …).
  const state = useListState({
    pageSize: PAGE_SIZES[0],
    ordering: '-created_at',
    sortFields: ['created_at', 'recipient', 'status'],
    prefix: 'outbox',
  });
  const list = useOutbox(state.query);
  // The dialog keeps showing its message while it closes.
  const [shown, setShown] = useState<{ message: OutboxMessage | null; open: boolean }>({ message: null, open: false });
  const show = (message: OutboxMessage) => setShown({ message, open: true });

  useEffect(() => {
    if (list.error) notify.error(t('loadFailed'), list.error);
  }, [list.error, notify, t]);

  const columns: PagedColumn[] = [
    { key: 'time', label: t('columnTime'), sortField: 'created_at', width: 190 },
    { key: 'recipient', label: t('columnRecipient'), sortField: 'recipient', width: '28%' },
    { key: 'subject', label: t('columnSubject') },
    { key: 'status', label: t('columnStatus'), sortField: 'status', width: 120 },
    { key: 'actions', label: t('columnActions'), align: 'right', width: 96 },
  ];

  return (
    <Card data-testid="outbox-card">
      <CardHeader title={t('title')} subheader={t('subtitle')} />
      <Divider />
      <PagedTable<OutboxMessage>
        columns={columns}
        query={list}
        state={state}
        pageSizes={PAGE_SIZES}
        label={t('title')}
        testId="outbox"
        errorText={t('loadFailed')}
        empty={{ icon: <MailIcon />, title: t('empty'), text: t('emptyHint') }}
        renderRow={(message) => (
          <TableRow
            key={message.id}
            hover
            onClick={() => show(message)}
            sx={{ cursor: 'pointer' }}
            data-testid="outbox-row"
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(message.created_at)}</TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>
              {message.recipient}
              {message.channel === 'sms' && (
                <Chip size="small" label={t('channelSms')} sx={{ ml: 1 }} data-testid="outbox-channel" />
              )}
            </TableCell>
            <TableCell sx={{ wordBreak: 'break-word' }}>{message.subject}</TableCell>
            <TableCell>
              <MailStatusChip message={message} />
            </TableCell>
            <TableCell align="right" sx={{ py: 0.5 }}>
              <Button
                size="small"
                aria-label={t('viewMessageTo', { recipient: message.recipient })}
                onClick={(event) => {
                  event.stopPropagation();
                  show(message);
                }}
              >
                {t('view')}
              </Button>
            </TableCell>
          </TableRow>
        )}
      />
      <OutboxMessageDialog
        message={shown.message}
        open={shown.open}
        onClose={() => setShown((current) => ({ ...current, open: false }))}
      />
    </Card>
  );
}
