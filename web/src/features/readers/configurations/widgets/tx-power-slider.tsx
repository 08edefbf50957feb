import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import Typography from '@mui/material/Typography';
import { TX_POWER_STEPS, txPercentToDevice } from '@tagtrack/contract';

/** 0 % still transmits: the device's weakest level, shown as 1 %. */
export const powerLabel = (percent: number) => (percent === 0 ? '1%' : `${percent}%`);

/**
 * RF power (02 §2 widgets): 0–100 % in steps of 20 up to the type's maximum. The steps are the
 * device's attenuation levels (19, 7, 4, 2, 1, 0), so the percentages follow a logarithmic scale.
 */
export function TxPowerSlider({
  value,
  onChange,
  maxPower,
  disabled = false,
}: {
  value: number;
  onChange: (percent: number) => void;
  maxPower: number;
  disabled?: boolean;
}) {
  const { t } = useTranslation('readerConfigurations');
  const steps = TX_POWER_STEPS.filter((step) => step <= maxPower);
  const max = steps.at(-1) ?? 0;
  return (
    <Box data-testid="tx-power">
      <Typography id="tx-power-label" variant="subtitle2" gutterBottom>
        {t('rfPower')}
      </Typography>
      <Box sx={{ px: 1.5 }}>
        <Slider
          value={Math.min(value, max)}
          min={0}
          max={max}
          step={null}
          marks={steps.map((step) => ({ value: step, label: powerLabel(step) }))}
          onChange={(_, next) => onChange(next as number)}
          valueLabelDisplay="auto"
          valueLabelFormat={powerLabel}
          getAriaValueText={powerLabel}
          disabled={disabled}
          slotProps={{ input: { 'aria-labelledby': 'tx-power-label', 'data-testid': 'tx-power-input' } as object }}
        />
      </Box>
      <Typography variant="caption" color="text.secondary" data-testid="tx-power-help">
        {t('rfPowerHelp', { max: powerLabel(max), level: txPercentToDevice(Math.min(value, max)) })}
      </Typography>
    </Box>
  );
}
