import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DatePickersProvider } from '../../../../components/date-pickers-provider';
import { useReportDateTimeFormat } from './report-date-time-format';

/** Date-times of the report filters in the report pickers' format (03 §9), held as ISO strings (null: none). */
export function ReportDateTimePicker({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (iso: string | null) => void;
  error?: string;
}) {
  const date = value ? new Date(value) : null;
  const { ampm, format } = useReportDateTimeFormat();
  return (
    <DatePickersProvider>
      <DateTimePicker
        label={label}
        ampm={ampm}
        format={format}
        value={date}
        onChange={(next) => onChange(next && !Number.isNaN(next.getTime()) ? next.toISOString() : null)}
        slotProps={{ textField: { error: Boolean(error), helperText: error, sx: { minWidth: ampm ? 250 : 220 } } }}
      />
    </DatePickersProvider>
  );
}
