import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { InventorySessionStatus } from '@tagtrack/contract';

const COLOURS: Record<InventorySessionStatus, ChipProps['color']> = {
  pending: 'info',
  reopen: 'info',
  triage: 'warning',
  confirmed: 'success',
  abandoned: 'default',
};

const STATUS_LABEL = {
  pending: 'statusPending',
  reopen: 'statusReopen',
  triage: 'statusTriage',
  confirmed: 'statusConfirmed',
  abandoned: 'statusAbandoned',
} as const satisfies Record<InventorySessionStatus, string>;

/** A session's status as a coloured chip: counting (blue), in triage (amber), confirmed, abandoned. */
export function SessionStatusChip({
  status,
  size = 'small',
}: {
  status: InventorySessionStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation('inventorySessions');
  return (
    <Chip
      size={size}
      color={COLOURS[status]}
      variant={status === 'abandoned' ? 'outlined' : 'filled'}
      label={t(STATUS_LABEL[status])}
      data-testid="session-status"
      data-status={status}
    />
  );
}
