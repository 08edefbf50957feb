import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import AutorenewIcon from '@mui/icons-material/Autorenew';
import InputAdornment from '@mui/material/InputAdornment';
import { POLLING_INTERVALS_MS, type PollingView } from '@tagtrack/contract';
import { useClientStore } from '../../lib/client-store';

/** The interval a view refreshes at, kept per view across reloads (0 = off). */
export function usePollingInterval(view: PollingView): number {
  return useClientStore((s) => s.polling[view]);
}

/** For TanStack Query's refetchInterval: false when polling is off. */
export function refetchEvery(ms: number): number | false {
  return ms > 0 ? ms : false;
}

/** Off, 5s, 10s, 20s, 30s, 1m, 5m. */
export function usePollingLabel() {
  const { t } = useTranslation('common');
  return (ms: number) =>
    ms === 0
      ? t('pollingOff')
      : ms < 60_000
        ? t('pollingSeconds', { count: ms / 1000 })
        : t('pollingMinutes', { count: ms / 60_000 });
}

/** The auto-refresh selector of a list view (01 §1): the choice is kept per view. */
export function PollingSelect({
  view,
  options = POLLING_INTERVALS_MS,
  testId,
}: {
  view: PollingView;
  options?: readonly number[];
  testId: string;
}) {
  const { t } = useTranslation('common');
  const value = usePollingInterval(view);
  const setPolling = useClientStore((s) => s.setPolling);
  const label = usePollingLabel();
  return (
    <TextField
      select
      size="small"
      label={t('pollingLabel')}
      value={options.includes(value) ? value : 0}
      onChange={(event) => setPolling(view, Number(event.target.value))}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <AutorenewIcon fontSize="small" color={value > 0 ? 'primary' : 'disabled'} />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 150 }}
    >
      {options.map((ms) => (
        <MenuItem key={ms} value={ms} data-testid={`${testId}-${ms}`}>
          {label(ms)}
        </MenuItem>
      ))}
    </TextField>
  );
}
