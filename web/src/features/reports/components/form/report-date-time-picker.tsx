import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { DatePickersProvider } from '../schedule/date-pickers-provider';

/** Date-times of the report filters: 24-hour (03 §9), held as ISO strings (null: none). */
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
  return (
    <DatePickersProvider>
      <DateTimePicker
        label={label}
        ampm={false}
        format="dd/MM/yyyy HH:mm"
        value={date}
        onChange={(next) => onChange(next && !Number.isNaN(next.getTime()) ? next.toISOString() : null)}
        slotProps={{ textField: { error: Boolean(error), helperText: error, sx: { minWidth: 220 } } }}
      />
    </DatePickersProvider>
  );
}
