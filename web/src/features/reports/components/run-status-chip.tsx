import { useTranslation } from 'react-i18next';
import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ReportRunStatus } from '@tagtrack/contract';

const COLOURS: Record<ReportRunStatus, ChipProps['color']> = {
  running: 'info',
  succeeded: 'success',
  failed: 'error',
};

const STATUS_LABEL = {
  running: 'runRunning',
  succeeded: 'runSucceeded',
  failed: 'runFailed',
} as const satisfies Record<ReportRunStatus, string>;

/** A report run's status as a coloured chip: running (blue), succeeded (green), failed (red). */
export function RunStatusChip({ status }: { status: ReportRunStatus }) {
  const { t } = useTranslation('reports');
  return (
    <Chip
      size="small"
      color={COLOURS[status]}
      variant={status === 'running' ? 'outlined' : 'filled'}
      label={t(STATUS_LABEL[status])}
      data-testid="run-status"
      data-status={status}
    />
  );
}
