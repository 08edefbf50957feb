import { useTranslation } from 'react-i18next';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ITEM_STATUSES, type ItemStatus } from '@tagtrack/contract';
import { CategorySelect, ProductMultiSelect } from '../../../shared/catalogue/product-multi-select';
import type { ItemFilters } from '../model/item-filters';
import { statusFilterValue } from '../model/item-table';

interface ItemFilterBarProps {
  filters: ItemFilters;
  onChange: (change: Partial<ItemFilters>) => void;
  /** Asset Management: the removed-items switch. */
  management: boolean;
  removed: boolean;
}

/** The filters under the toolbar: status, products, category and, in Asset Management, removed items. */
export function ItemFilterBar({ filters, onChange, management, removed }: ItemFilterBarProps) {
  const { t } = useTranslation(['tracking', 'common']);
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ px: 2, pb: 2, alignItems: { md: 'center' } }}>
      <TextField
        select
        size="small"
        label={t('columnStatus')}
        value={filters.status}
        onChange={(event) =>
          onChange({ status: statusFilterValue(event.target.value as unknown as string[] | string) })
        }
        slotProps={{
          select: {
            multiple: true,
            renderValue: (value) => (value as ItemStatus[]).map((s) => t(`status_${s}`)).join(', '),
          },
          htmlInput: { 'data-testid': 'status-filter' },
        }}
        sx={{ minWidth: 160 }}
      >
        {ITEM_STATUSES.map((status) => (
          <MenuItem key={status} value={status} data-testid={`status-filter-${status}`}>
            <Checkbox size="small" checked={filters.status.includes(status)} sx={{ p: 0.5, mr: 1 }} />
            {t(`status_${status}`)}
          </MenuItem>
        ))}
      </TextField>
      <ProductMultiSelect
        value={filters.product}
        onChange={(product) => onChange({ product })}
        testId="product-filter"
      />
      <CategorySelect
        value={filters.category}
        onChange={(category) => onChange({ category })}
        testId="category-filter"
      />
      {management && (
        <FormControlLabel
          control={
            <Switch
              checked={removed}
              onChange={(event) => onChange({ removed: event.target.checked })}
              data-testid="show-removed"
            />
          }
          label={t('showRemoved')}
          sx={{ whiteSpace: 'nowrap' }}
        />
      )}
    </Stack>
  );
}
