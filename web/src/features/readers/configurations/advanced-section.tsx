import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Grid from '@mui/material/Grid';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { CHANNELS, DATA_FORMATS, SESSIONS, type Channel } from '@tagtrack/contract';
import { useValidationMessage } from '../../../lib/use-validation-message';
import { configurationWarnings, type ConfigurationFormValues } from './configuration-form-model';

type SecondsField = 'conf_data.FilterLongTimeSeenTimeout' | 'conf_data.time_2_collect';

/**
 * Advanced Settings (02 §2), collapsed by default: session speed, session, data format, RSSI
 * filter, product field and the two durations with their non-blocking warnings.
 */
export function AdvancedSection({ open, onToggle }: { open: boolean; onToggle: (open: boolean) => void }) {
  const { t } = useTranslation('readerConfigurations');
  const message = useValidationMessage();
  const { control, register, formState } = useFormContext<ConfigurationFormValues>();
  const errors = formState.errors.conf_data;
  const [timeout, interval] = useWatch({
    control,
    name: ['conf_data.FilterLongTimeSeenTimeout', 'conf_data.time_2_collect'],
  });
  const warnings = configurationWarnings({ FilterLongTimeSeenTimeout: timeout, time_2_collect: interval });
  const channelLabel: Record<Channel, string> = {
    hop: t('channelHop'),
    low: t('channelLow'),
    mid: t('channelMid'),
    high: t('channelHigh'),
  };

  const seconds = (name: SecondsField, label: string, help: string, warning: string | undefined, testId: string) => {
    const error = name === 'conf_data.time_2_collect' ? errors?.time_2_collect : errors?.FilterLongTimeSeenTimeout;
    return (
      <TextField
        fullWidth
        required
        type="number"
        label={label}
        {...register(name)}
        error={Boolean(error)}
        helperText={error ? message(error.message) : (warning ?? help)}
        slotProps={{
          htmlInput: { step: 0.1, min: 0, 'data-testid': testId },
          input: { endAdornment: <InputAdornment position="end">s</InputAdornment> },
          formHelperText: {
            sx: !error && warning ? { color: 'warning.dark' } : undefined,
            'data-testid': `${testId}-helper`,
          } as object,
        }}
      />
    );
  };

  return (
    <Accordion
      expanded={open}
      onChange={(_, expanded) => onToggle(expanded)}
      disableGutters
      data-testid="configuration-advanced"
      sx={{ borderRadius: 1, '&::before': { display: 'none' } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} data-testid="configuration-advanced-toggle">
        <div>
          <Typography variant="h6" component="h2">
            {t('advancedSettings')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('advancedHelp')}
          </Typography>
        </div>
      </AccordionSummary>
      <AccordionDetails>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormControl>
              <FormLabel id="channel-label">{t('sessionSpeed')}</FormLabel>
              <Controller
                control={control}
                name="conf_data.Channel"
                render={({ field }) => (
                  <RadioGroup row aria-labelledby="channel-label" {...field} data-testid="configuration-channel">
                    {CHANNELS.map((channel) => (
                      <FormControlLabel
                        key={channel}
                        value={channel}
                        control={<Radio slotProps={{ input: { 'data-testid': `channel-${channel}` } as object }} />}
                        label={channelLabel[channel]}
                      />
                    ))}
                  </RadioGroup>
                )}
              />
            </FormControl>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <FormControl>
              <FormLabel id="session-label">{t('session')}</FormLabel>
              <Controller
                control={control}
                name="conf_data.Rfid.0.Session"
                render={({ field }) => (
                  <RadioGroup
                    row
                    aria-labelledby="session-label"
                    value={String(field.value)}
                    onChange={(event) => field.onChange(Number(event.target.value))}
                    data-testid="configuration-session"
                  >
                    {SESSIONS.map((session) => (
                      <FormControlLabel
                        key={session}
                        value={String(session)}
                        control={<Radio slotProps={{ input: { 'data-testid': `session-${session}` } as object }} />}
                        label={String(session)}
                      />
                    ))}
                  </RadioGroup>
                )}
              />
            </FormControl>
          </Grid>
          <Grid size={12}>
            <Controller
              control={control}
              name="conf_data.data_format"
              render={({ field, fieldState }) => {
                const chosen = new Set(field.value.split('|').filter(Boolean));
                const toggle = (format: string, on: boolean) => {
                  const next = DATA_FORMATS.filter((f) => (f === format ? on : chosen.has(f)));
                  field.onChange(next.join('|'));
                  field.onBlur();
                };
                return (
                  <FormControl error={Boolean(fieldState.error)}>
                    <FormLabel>{t('dataFormat')}</FormLabel>
                    <FormGroup row data-testid="configuration-data-format">
                      {DATA_FORMATS.map((format) => (
                        <FormControlLabel
                          key={format}
                          control={
                            <Checkbox
                              checked={chosen.has(format)}
                              onChange={(event) => toggle(format, event.target.checked)}
                              slotProps={{ input: { 'data-testid': `data-format-${format}` } as object }}
                            />
                          }
                          label={format}
                        />
                      ))}
                    </FormGroup>
                    <FormHelperText>{fieldState.error ? t('dataFormatRequired') : t('dataFormatHelp')}</FormHelperText>
                  </FormControl>
                );
              }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              fullWidth
              label={t('rssiFilter')}
              placeholder="30:80"
              {...register('conf_data.RssiFilter')}
              error={Boolean(errors?.RssiFilter)}
              helperText={errors?.RssiFilter ? message(errors.RssiFilter.message) : t('rssiFilterHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'configuration-rssi' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TextField
              fullWidth
              required
              label={t('product')}
              {...register('conf_data.product')}
              error={Boolean(errors?.product)}
              helperText={errors?.product ? message(errors.product.message) : t('productHelp')}
              slotProps={{ htmlInput: { 'data-testid': 'configuration-product' } }}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {seconds(
              'conf_data.FilterLongTimeSeenTimeout',
              t('tagTimeout'),
              t('tagTimeoutHelp'),
              warnings.tagTimeout && message(warnings.tagTimeout),
              'configuration-tag-timeout',
            )}
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            {seconds(
              'conf_data.time_2_collect',
              t('sendInterval'),
              t('sendIntervalHelp'),
              warnings.sendInterval && message(warnings.sendInterval),
              'configuration-send-interval',
            )}
          </Grid>
        </Grid>
      </AccordionDetails>
    </Accordion>
  );
}
