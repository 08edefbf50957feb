import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { antennasOfMask, type ReaderKind } from '@tagtrack/contract';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { kindSettings, type ConfigurationFormValues } from './configuration-form-model';
import { AntennaCheckboxes } from './widgets/antenna-checkboxes';
import { BeamDiagram } from './widgets/beam-diagram';
import { BeamPicker } from './widgets/beam-picker';
import { TxPowerSlider } from './widgets/tx-power-slider';

/** Antennas (checkbox grid, or the beam picker of beam-forming types), the beam diagram and RF power. */
export function AntennaSection({ kind }: { kind: ReaderKind | undefined }) {
  const { t } = useTranslation('readerConfigurations');
  const message = useValidationMessage();
  const { control } = useFormContext<ConfigurationFormValues>();
  const [readerType, mask] = useWatch({ control, name: ['reader_type', 'conf_data.Rfid.0.AntennaMask'] });
  const settings = kindSettings(kind);
  const count = antennasOfMask(mask).length;

  return (
    <Card>
      <CardHeader
        title={t('antennasCard')}
        subheader={settings.bfa ? t('antennasHelpBfa') : t('antennasHelp', { count: settings.antennas })}
      />
      <CardContent sx={{ pt: 0 }}>
        <Controller
          control={control}
          name="conf_data.Rfid.0.AntennaMask"
          render={({ field, fieldState }) => {
            const change = (next: number) => {
              field.onChange(next);
              field.onBlur();
            };
            return (
              <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ alignItems: { md: 'flex-start' } }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  {settings.bfa ? (
                    <BeamPicker mask={field.value} onChange={change} />
                  ) : (
                    <AntennaCheckboxes
                      kind={readerType}
                      count={settings.antennas}
                      mask={field.value}
                      onChange={change}
                    />
                  )}
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="antenna-count">
                    {t('antennasSelected', { count })}
                  </Typography>
                  {fieldState.error && (
                    <FormHelperText error data-testid="antenna-error">
                      {message(fieldState.error.message)}
                    </FormHelperText>
                  )}
                </Box>
                <Box sx={{ alignSelf: 'center' }}>
                  <BeamDiagram count={settings.antennas} bfa={settings.bfa} mask={field.value} />
                </Box>
              </Stack>
            );
          }}
        />
        <Box sx={{ mt: 3, maxWidth: 560 }}>
          <Controller
            control={control}
            name="conf_data.Rfid.0.TxPercent"
            render={({ field }) => (
              <TxPowerSlider value={field.value} onChange={field.onChange} maxPower={settings.maxPower} />
            )}
          />
        </Box>
      </CardContent>
    </Card>
  );
}
