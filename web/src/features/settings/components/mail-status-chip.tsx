import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { MailStatus, OutboxMessage } from '@tagtrack/contract';

const STATUS_CHIPS = {
  sent: { colour: 'success', label: 'statusSent' },
  logged: { colour: 'info', label: 'statusLogged' },
  failed: { colour: 'error', label: 'statusFailed' },
  pending: { colour: 'default', label: 'statusPending' },
  retrying: { colour: 'warning', label: 'statusRetrying' },
} as const satisfies Record<
  MailStatus,
  { colour: 'success' | 'info' | 'error' | 'warning' | 'default'; label: string }
>;

/**
 * A message's status; a failure carries the server's reason in its tooltip (a retried one also says
 * it waits for its next attempt), a kept one why it was not sent.
 */
export function MailStatusChip({ message }: { message: OutboxMessage }) {
  const { t } = useTranslation('outbox');
  const hint =
    message.status === 'failed'
      ? message.error
      : message.status === 'retrying'
        ? `${t('retryingHint')} ${message.error}`.trim()
        : message.status === 'logged'
          ? t('loggedHint')
          : '';
  const chip = (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_CHIPS[message.status].colour}
      label={t(STATUS_CHIPS[message.status].label)}
      data-testid="outbox-status"
    />
  );
  return hint ? <Tooltip title={hint}>{chip}</Tooltip> : chip;
}
