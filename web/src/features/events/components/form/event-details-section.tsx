import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { RULE_NAME_MAX, RULE_SECONDS_MAX, type MeasurementType } from '@tagtrack/contract';
import { FormSection } from '../../../../components/form-section';
import { useMeasurementTypeName } from '../../../../shared/sensors/use-measurement-type-name';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import type { EventFormValues } from '../../model/event-form';

/** The event's name, the measurement type it watches, its cooldown and its time to alert (03 §3). */
export function EventDetailsSection({
  control,
  types,
}: {
  control: Control<EventFormValues>;
  types: readonly MeasurementType[];
}) {
  const { t } = useTranslation('events');
  const message = useValidationMessage();
  const typeName = useMeasurementTypeName();
  // A type as the select offers it: its name in the reader's language and its unit ("Temperatur (°C)").
  const typeLabel = (type: MeasurementType) =>
    type.symbol ? `${typeName(type.name)} (${type.symbol})` : typeName(type.name);
  const seconds = (
    <InputAdornment position="end" sx={{ '& p': { fontSize: '0.875rem' } }}>
      {t('seconds')}
    </InputAdornment>
  );
  return (
    <FormSection title={t('sectionDetails')} testId="event-details-section">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        <Controller
          control={control}
          name="name"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={t('fieldName')}
              required
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'event-name-input', maxLength: RULE_NAME_MAX + 1 } }}
              sx={{ gridColumn: '1 / -1' }}
            />
          )}
        />
        <Controller
          control={control}
          name="measurement_type"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              select
              label={t('fieldMeasurementType')}
              required
              error={Boolean(fieldState.error)}
              helperText={message(fieldState.error?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'event-measurement-type' } }}
            >
              {types.map((type) => (
                <MenuItem key={type.uuid} value={type.uuid}>
                  {typeLabel(type)}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          control={control}
          name="cooldown"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type="number"
              label={t('fieldCooldown')}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? message(fieldState.error.message) : t('cooldownHint')}
              slotProps={{
                input: { endAdornment: seconds },
                htmlInput: { 'data-testid': 'event-cooldown', min: 0, max: RULE_SECONDS_MAX, step: 1 },
              }}
            />
          )}
        />
        <Controller
          control={control}
          name="active_time_threshold"
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              type="number"
              label={t('fieldTimeToAlert')}
              required
              error={Boolean(fieldState.error)}
              helperText={fieldState.error ? message(fieldState.error.message) : t('timeToAlertHint')}
              slotProps={{
                input: { endAdornment: seconds },
                htmlInput: { 'data-testid': 'event-time-to-alert', min: 0, max: RULE_SECONDS_MAX, step: 1 },
              }}
            />
          )}
        />
      </Box>
    </FormSection>
  );
}
