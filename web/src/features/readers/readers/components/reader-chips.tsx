import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { Heartbeat } from '@tagtrack/contract';
import { healthOf, stateColor } from '../model/reader-list-rules';

/** The configuration state chip: unassigned, assigned, uploaded. */
export function ReaderStateChip({ state }: { state: string }) {
  const { t } = useTranslation('readers');
  const known = ['unassigned', 'assigned', 'uploaded'].includes(state);
  return (
    <Chip
      size="small"
      color={stateColor(state)}
      label={known ? t(`state_${state as 'unassigned'}`) : state}
      data-testid="reader-state"
      data-state={state}
    />
  );
}

/** The Health column: the worst heartbeat mode, 'Stale data' or 'No data available'. */
export function HealthChip({ heartbeats, now }: { heartbeats: readonly Heartbeat[]; now: number }) {
  const { t } = useTranslation('readers');
  const health = healthOf(heartbeats, now);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={health.color}
      label={t(`health_${health.label}`)}
      data-testid="reader-health"
      data-health={health.label}
    />
  );
}
