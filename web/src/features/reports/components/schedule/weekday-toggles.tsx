import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

/** Monday first, as the console's languages start the week; values are 0 = Sunday … 6 (03 §7). */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

/** 0 = Sunday … 6 in the locale's words (1 January 2023 was a Sunday). */
const weekdayName = (day: number, locale: string, width: 'short' | 'long') =>
  new Intl.DateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));

export interface WeekdayTogglesProps {
  value: number[];
  onChange: (value: number[]) => void;
  locale: string;
  label: string;
  disabled?: boolean;
}

/** Mon–Sun toggles; the last chosen day cannot be turned off (a weekly repeat needs one). */
export function WeekdayToggles({ value, onChange, locale, label, disabled }: WeekdayTogglesProps) {
  return (
    <ToggleButtonGroup
      value={value}
      onChange={(_event, next: number[]) => {
        if (next.length > 0) onChange([...next].sort((a, b) => a - b));
      }}
      aria-label={label}
      size="small"
      color="primary"
      disabled={disabled}
      sx={{ flexWrap: 'wrap' }}
    >
      {WEEK.map((day) => (
        <ToggleButton
          key={day}
          value={day}
          aria-label={weekdayName(day, locale, 'long')}
          sx={{ minWidth: 48, textTransform: 'none' }}
        >
          {weekdayName(day, locale, 'short')}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
