import { Controller, useFormState, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import FormHelperText from '@mui/material/FormHelperText';
import Typography from '@mui/material/Typography';
import { FormSection } from '../../../../components/form-section';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import type { EventFormValues } from '../../model/event-form';

/** The form's limit step (03 §9): at most 2 decimals. */
const LIMIT_STEP = 0.01;

/**
 * The low and the high limit (03 §3, §5): either may be empty but not both, at most 2 decimals, the
 * low one below the high one. `unit` is the measurement type's symbol, shown beside the values.
 */
export function EventLimitsSection({ control, unit }: { control: Control<EventFormValues>; unit: string }) {
  const { t } = useTranslation('events');
  const message = useValidationMessage();
  const { errors } = useFormState({ control, name: 'limits' });
  // The limits' own message (at least one, low below high); a limit's decimals are on its field.
  const together = errors.limits?.message ?? errors.limits?.root?.message;
  const field = (name: 'low' | 'high') => (
    <Controller
      control={control}
      name={`limits.${name}`}
      rules={{ deps: ['limits'] }}
      render={({ field: input, fieldState }) => (
        <TextField
          {...input}
          type="number"
          label={name === 'low' ? t('fieldLowLimit') : t('fieldHighLimit')}
          error={Boolean(fieldState.error ?? together)}
          helperText={message(fieldState.error?.message)}
          slotProps={{
            input: unit ? { endAdornment: <InputAdornment position="end">{unit}</InputAdornment> } : undefined,
            htmlInput: { 'data-testid': `event-${name}-limit`, step: LIMIT_STEP },
          }}
        />
      )}
    />
  );
  return (
    <FormSection title={t('sectionLimits')} testId="event-limits-section">
      <Typography variant="body2" color="text.secondary" sx={{ mt: -1, mb: 2 }}>
        {t('limitsHint')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        {field('low')}
        {field('high')}
      </Box>
      {together && (
        <FormHelperText error role="alert" sx={{ mx: 1.75 }} data-testid="event-limits-error">
          {message(together)}
        </FormHelperText>
      )}
    </FormSection>
  );
}
