import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Checkbox from '@mui/material/Checkbox';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import type { Item } from '@tagtrack/contract';
import { RowActionMenu } from '../../../components/row-action-menu';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { locationPathText, type LocationIndex } from '../../../shared/locations/location-tree-utils';
import { itemEditPath, itemHistoryPath } from '../model/item-table';
import { StatusChip } from './item-status-chip';

interface ItemRowProps {
  item: Item;
  index: LocationIndex;
  /** Writers select rows (the checkbox cell) and edit them. */
  canModify: boolean;
  selected: boolean;
  onToggle: () => void;
  productName: (product: { sku: string; name: string; product_code: string | null }) => string;
  locationName: (uuid: string, name: string) => string;
}

/** One item of the table: its link to the history, its cells and its row menu. */
export function ItemRow({ item, index, canModify, selected, onToggle, productName, locationName }: ItemRowProps) {
  const { t } = useTranslation(['tracking', 'common']);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const path = locationPathText(item.location, index) || item.location_name;
  return (
    <TableRow hover selected={selected} data-testid="item-row" data-epc={item.code}>
      {canModify && (
        <TableCell padding="checkbox">
          <Checkbox
            size="small"
            checked={selected}
            onChange={onToggle}
            slotProps={{ input: { 'aria-label': t('selectRow', { epc: item.code }) } }}
            data-testid="item-select"
          />
        </TableCell>
      )}
      <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
        <Link component={RouterLink} to={itemHistoryPath(item.code)} data-testid="item-epc">
          {item.code}
        </Link>
      </TableCell>
      <TableCell>{item.metadata.name}</TableCell>
      <TableCell>
        {productName({ sku: item.product__sku, name: item.product__name, product_code: item.product__product_code })}
      </TableCell>
      <TableCell>{item.category__name ?? ''}</TableCell>
      <TableCell>
        <StatusChip status={item.status} />
      </TableCell>
      <TableCell>
        <Tooltip title={path}>
          <span data-testid="item-location">{locationName(item.location, item.location_name)}</span>
        </Tooltip>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(item.latest_status_update)}</TableCell>
      <TableCell align="right" sx={{ py: 0.5 }}>
        <RowActionMenu
          label={t('rowActions', { epc: item.code })}
          testId="item-row-menu"
          items={[
            ...(canModify && !item.removed
              ? [
                  {
                    action: 'edit' as const,
                    icon: <EditIcon fontSize="small" />,
                    label: t('actionEdit'),
                    testId: 'item-edit',
                  },
                ]
              : []),
            {
              action: 'history' as const,
              icon: <HistoryIcon fontSize="small" />,
              label: t('actionHistory'),
              testId: 'item-history',
            },
          ]}
          onAction={(action) =>
            action === 'edit'
              ? // The edit page returns to this list (Item Tracking or Asset Management) as it was left.
                navigate(itemEditPath(item), { state: { returnTo: pathname } })
              : navigate(itemHistoryPath(item.code))
          }
        />
      </TableCell>
    </TableRow>
  );
}
