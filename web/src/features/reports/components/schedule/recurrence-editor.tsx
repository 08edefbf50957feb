import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import { RECURRENCE_REPEATS, type Recurrence, type RecurrenceRepeat } from '@tagtrack/contract';
import { useValidationMessage } from '../../../../lib/use-validation-message';
import { scheduleLocale } from '../../model/schedule-words';
import { DatePickersProvider } from '../../../../components/date-pickers-provider';
import {
  browserTimeZone,
  clock,
  draftDaysIssue,
  draftForRepeat,
  draftFromUtc,
  draftToUtc,
  startOrNow,
  type RecurrenceDraft,
} from './recurrence-draft';
import { ScheduleSummary } from './schedule-summary';
import { WeekdayToggles } from './weekday-toggles';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const monthName = (month: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));

const REPEAT_LABELS = {
  day: 'repeatDay',
  week: 'repeatWeek',
  month: 'repeatMonth',
  year: 'repeatYear',
} as const satisfies Record<RecurrenceRepeat, string>;

const sameRecurrence = (a: Recurrence, b: Recurrence) =>
  a.minute === b.minute &&
  a.hour === b.hour &&
  a.day_of_week === b.day_of_week &&
  a.day_of_month === b.day_of_month &&
  a.month_of_year === b.month_of_year;

export interface RecurrenceEditorProps {
  /** The recurrence as the server keeps it: hours in UTC (03 §7). */
  value: Recurrence;
  /** Called with the recurrence in UTC; an invalid day-of-month text is passed on as typed, so
   * the form's RecurrenceSchema refuses it and Save stays disabled. */
  onChange: (value: Recurrence) => void;
  /** The schedule's start: its zone offset converts the time (daylight saving), its day is the
   * default day of a monthly or yearly repeat. Missing or half typed: now. */
  start: Date | null;
  /** The user's zone (IANA name); the browser's by default. */
  timeZone?: string;
  disabled?: boolean;
}

/**
 * The scheduled report's recurrence editor (03 §4): repeat every day, week, month or year at a
 * time of day the user picks in their zone; it emits the recurrence in UTC. Controlled: a value
 * other than the one it last emitted (a report loaded, a form reset) replaces what is shown.
 */
export function RecurrenceEditor({ value, onChange, start, timeZone, disabled }: RecurrenceEditorProps) {
  const { t, i18n } = useTranslation('reportSchedule');
  const message = useValidationMessage();
  const locale = scheduleLocale(i18n.language);
  const zone = timeZone ?? browserTimeZone();
  const [openedAt] = useState(() => new Date());
  const at = startOrNow(start, openedAt);
  const atTime = at.getTime();

  const [state, setState] = useState(() => ({ value, draft: draftFromUtc(value, zone, at) }));
  let draft = state.draft;
  if (!sameRecurrence(state.value, value)) {
    draft = draftFromUtc(value, zone, at);
    setState({ value, draft });
  }
  const utc = draftToUtc(draft, zone, at);

  const emit = (next: RecurrenceDraft) => {
    const nextUtc = draftToUtc(next, zone, at);
    setState({ value: nextUtc, draft: next });
    onChange(nextUtc);
  };

  // A new start may fall on the other side of a daylight saving change: the time the user chose
  // stays, its UTC hour follows the offset of the new start.
  const shownStart = useRef(atTime);
  const latest = useRef({ utc, value, onChange });
  useEffect(() => {
    latest.current = { utc, value, onChange };
  });
  useEffect(() => {
    if (shownStart.current === atTime) return;
    shownStart.current = atTime;
    const { utc: moved, value: current, onChange: report } = latest.current;
    if (!sameRecurrence(moved, current)) report(moved);
  }, [atTime]);

  const repeatLabelId = useId();
  const daysIssue = draftDaysIssue(draft);
  const time = new Date(2000, 0, 1, draft.hour, draft.minute);

  return (
    <DatePickersProvider>
      <Stack spacing={2}>
        <Stack spacing={0.5}>
          <Typography variant="subtitle2" component="span" id={repeatLabelId}>
            {t('repeat')}
          </Typography>
          <ToggleButtonGroup
            exclusive
            value={draft.repeat}
            onChange={(_event, repeat: RecurrenceRepeat | null) => {
              if (repeat && repeat !== draft.repeat) emit(draftForRepeat(draft, repeat, at, zone));
            }}
            aria-labelledby={repeatLabelId}
            size="small"
            color="primary"
            disabled={disabled}
          >
            {RECURRENCE_REPEATS.map((repeat) => (
              <ToggleButton key={repeat} value={repeat}>
                {t(REPEAT_LABELS[repeat])}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        </Stack>

        {draft.repeat === 'week' && (
          <Stack spacing={0.5}>
            <Typography variant="subtitle2" component="span">
              {t('weekdays')}
            </Typography>
            <WeekdayToggles
              value={draft.weekdays}
              onChange={(weekdays) => emit({ ...draft, weekdays })}
              locale={locale}
              label={t('weekdays')}
              disabled={disabled}
            />
          </Stack>
        )}

        {draft.repeat === 'year' && (
          <TextField
            select
            label={t('month')}
            value={draft.month}
            onChange={(event) => emit({ ...draft, month: Number(event.target.value) })}
            disabled={disabled}
          >
            {MONTHS.map((month) => (
              <MenuItem key={month} value={month}>
                {monthName(month, locale)}
              </MenuItem>
            ))}
          </TextField>
        )}

        {(draft.repeat === 'month' || draft.repeat === 'year') && (
          <TextField
            label={draft.repeat === 'month' ? t('daysOfMonth') : t('onDay')}
            value={draft.days}
            onChange={(event) => emit({ ...draft, days: event.target.value })}
            error={Boolean(daysIssue)}
            helperText={daysIssue ? message(daysIssue) : t(draft.repeat === 'month' ? 'daysOfMonthHint' : 'onDayHint')}
            disabled={disabled}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}

        <Stack spacing={0.5}>
          <TimePicker
            label={t('time', { zone })}
            value={time}
            onChange={(picked) => {
              if (picked && !Number.isNaN(picked.getTime())) {
                emit({ ...draft, hour: picked.getHours(), minute: picked.getMinutes() });
              }
            }}
            ampm={false}
            format="HH:mm"
            disabled={disabled}
          />
          <Typography variant="caption" color="text.secondary" data-testid="recurrence-utc-hint">
            {t('utcHint', {
              local: clock(draft.hour, draft.minute),
              utc: clock(Number(utc.hour), Number(utc.minute)),
            })}
          </Typography>
        </Stack>

        {!daysIssue && <ScheduleSummary recurrence={utc} zone={{ timeZone: zone, start: at }} />}
      </Stack>
    </DatePickersProvider>
  );
}
