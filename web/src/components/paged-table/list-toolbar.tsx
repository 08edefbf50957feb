import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { SearchField } from '../search-field';
import type { ListState } from './use-list-state';

/** Above a paged table: the search box, the reset button, and the list's actions on the right. */
export function ListToolbar({
  state,
  searchLabel,
  searchPlaceholder,
  testId,
  filters,
  actions,
}: {
  state: ListState;
  searchLabel: string;
  searchPlaceholder?: string;
  testId: string;
  /** Filters beside the search box (selects, toggles). */
  filters?: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('common');
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, flex: 1, maxWidth: { md: filters ? 760 : 520 } }}
      >
        <SearchField
          label={searchLabel}
          placeholder={searchPlaceholder}
          value={state.search}
          onChange={state.setSearch}
          testId={`${testId}-search`}
          fullWidth
          sx={filters ? { maxWidth: { sm: 360 } } : undefined}
        />
        {filters}
        <Tooltip title={t('reset')}>
          <IconButton aria-label={t('reset')} onClick={state.reset} data-testid={`${testId}-reset`}>
            <RestartAltIcon />
          </IconButton>
        </Tooltip>
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
