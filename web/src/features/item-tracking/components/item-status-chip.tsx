import { useTranslation } from 'react-i18next';
import Chip from '@mui/material/Chip';
import type { ItemStatus } from '@tagtrack/contract';
import { STATUS_COLOR } from '../model/item-table';

export function StatusChip({ status }: { status: ItemStatus }) {
  const { t } = useTranslation('tracking');
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`status_${status}`)} data-testid="item-status" />;
}
