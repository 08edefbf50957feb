import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { antennaMask, antennasOfMask } from '@tagtrack/contract';
import { portLabel } from './antenna-labels';

/** The antenna checkbox grid (02 §2 widgets): one per antenna of the type, kept as AntennaMask. */
export function AntennaCheckboxes({
  kind,
  count,
  mask,
  onChange,
  disabled = false,
}: {
  kind: string;
  count: number;
  mask: number;
  onChange: (mask: number) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('readerConfigurations');
  const selected = new Set(antennasOfMask(mask));
  const toggle = (antenna: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(antenna);
    else next.delete(antenna);
    onChange(antennaMask([...next]));
  };
  return (
    <Box
      role="group"
      aria-label={t('antennas')}
      sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))', columnGap: 1 }}
      data-testid="antenna-grid"
    >
      {Array.from({ length: count }, (_, i) => i + 1).map((antenna) => {
        const port = portLabel(kind, antenna, t('portInternal'));
        return (
          <FormControlLabel
            key={antenna}
            control={
              <Checkbox
                checked={selected.has(antenna)}
                onChange={(event) => toggle(antenna, event.target.checked)}
                disabled={disabled}
                slotProps={{ input: { 'data-testid': `antenna-${antenna}` } as object }}
              />
            }
            label={port ? t('antennaPort', { number: antenna, port }) : t('antennaNumber', { number: antenna })}
          />
        );
      })}
    </Box>
  );
}
