import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '@mui/material/IconButton';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { SearchField } from '../search-field';
import type { ListState } from './use-list-state';

/** Above a paged table: the search box with its reset button, filters, and the list's actions on the right. */
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
  // One wrapping row: the search box keeps its reset button beside it, filters and actions follow
  // and wrap as whole controls, so a narrow screen never leaves an icon alone on a line.
  return (
    <Box
      data-testid={`${testId}-toolbar`}
      sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          alignItems: 'center',
          flex: '1 1 320px',
          minWidth: 0,
          maxWidth: { md: filters ? 760 : 520 },
          // Filter fields share a row while they fit (a full-width field would take a row alone).
          '& > .MuiFormControl-root, & > .MuiAutocomplete-root': { flex: '1 1 200px', width: 'auto', minWidth: 0 },
        }}
      >
        <Box
          sx={{
            display: 'flex',
            gap: 0.5,
            alignItems: 'center',
            flex: '1 1 260px',
            minWidth: 0,
            maxWidth: filters ? { sm: 400 } : undefined,
          }}
        >
          <SearchField
            label={searchLabel}
            placeholder={searchPlaceholder}
            value={state.search}
            onChange={state.setSearch}
            testId={`${testId}-search`}
            fullWidth
          />
          <Tooltip title={t('reset')}>
            <IconButton aria-label={t('reset')} onClick={state.reset} data-testid={`${testId}-reset`}>
              <RestartAltIcon />
            </IconButton>
          </Tooltip>
        </Box>
        {filters}
      </Box>
      {actions && (
        <Box
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            '& > .MuiFormControl-root': { flex: '0 1 auto', width: 195, minWidth: 150 },
          }}
        >
          {actions}
        </Box>
      )}
    </Box>
  );
}
