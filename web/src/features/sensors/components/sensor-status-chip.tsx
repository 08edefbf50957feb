import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import NotificationsOffOutlinedIcon from '@mui/icons-material/NotificationsOffOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmberRounded';
import type { SensorStatus } from '@tagtrack/contract';
import { STATUS_COLOR } from '../model/sensor-format';

const ICONS = {
  alert: <WarningAmberIcon />,
  ok: <CheckCircleOutlineIcon />,
  unwatched: <NotificationsOffOutlinedIcon />,
} as const;

/** Where a sensor's latest value stands: outside a rule's limits, within every rule's, or watched by none. */
export function SensorStatusChip({ status }: { status: SensorStatus }) {
  const { t } = useTranslation('sensors');
  return (
    <Chip
      size="small"
      color={STATUS_COLOR[status]}
      variant={status === 'unwatched' ? 'outlined' : 'filled'}
      icon={ICONS[status]}
      label={t(`status_${status}`)}
      data-testid="sensor-status"
      data-status={status}
    />
  );
}
