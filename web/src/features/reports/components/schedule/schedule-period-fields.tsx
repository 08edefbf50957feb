import { useTranslation } from 'react-i18next';
import { addMonths } from 'date-fns';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { useReportDateTimeFormat } from '../form/report-date-time-format';
import { DatePickersProvider } from '../../../../components/date-pickers-provider';
import { scheduleIssues, type SchedulePeriod } from './schedule-issues';

export interface SchedulePeriodFieldsProps {
  value: SchedulePeriod;
  onChange: (value: SchedulePeriod) => void;
  /** Create and duplicate: the start must not be before now. */
  creating: boolean;
  /** The moment the rules compare with (tests pin it); the time of rendering by default. */
  now?: Date;
  disabled?: boolean;
}

/**
 * The scheduled report's start and optional end (03 §3, §5), in the browser's zone. The issues
 * shown are `scheduleIssues`'s; the form composing this field runs the same function to disable Save.
 */
export function SchedulePeriodFields({ value, onChange, creating, now, disabled }: SchedulePeriodFieldsProps) {
  const { t } = useTranslation('reportSchedule');
  const message = useValidationMessage();
  const { ampm, format } = useReportDateTimeFormat();
  const current = now ?? new Date();
  const issues = scheduleIssues(value.start, value.end, current, creating);
  const noEnd = value.end === null;
  const validStart = value.start && !Number.isNaN(value.start.getTime()) ? value.start : null;

  return (
    <DatePickersProvider>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DateTimePicker
          label={t('start')}
          value={value.start}
          onChange={(start) => onChange({ ...value, start })}
          ampm={ampm}
          format={format}
          minDateTime={creating ? current : undefined}
          disabled={disabled}
          slotProps={{
            textField: { error: Boolean(issues.start), helperText: message(issues.start), fullWidth: true },
          }}
        />
        <Stack spacing={0.5} sx={{ width: '100%' }}>
          <DateTimePicker
            label={t('end')}
            value={value.end}
            onChange={(end) => onChange({ ...value, end })}
            ampm={ampm}
            format={format}
            minDateTime={validStart ?? undefined}
            disabled={disabled || noEnd}
            slotProps={{
              textField: { error: Boolean(issues.end), helperText: message(issues.end), fullWidth: true },
            }}
          />
          <FormControlLabel
            label={t('noEnd')}
            disabled={disabled}
            control={
              <Checkbox
                checked={noEnd}
                onChange={(event) =>
                  onChange({ ...value, end: event.target.checked ? null : addMonths(validStart ?? current, 1) })
                }
              />
            }
          />
        </Stack>
      </Stack>
    </DatePickersProvider>
  );
}
