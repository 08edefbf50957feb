import {
  recurrenceFieldMessage,
  recurrenceFromUtc,
  recurrenceRepeat,
  recurrenceToUtc,
  recurrenceValues,
  type Recurrence,
  type RecurrenceRepeat,
} from '@tagtrack/contract';

/**
 * What the recurrence editor edits, in the user's zone: one time of day (the spec's time picker),
 * and per repeat its selection. `days` is text as typed (month: '1,15'; year: '15') so that an
 * invalid entry stays visible while Save is disabled.
 */
export interface RecurrenceDraft {
  repeat: RecurrenceRepeat;
  hour: number;
  minute: number;
  /** week: 0 = Sunday … 6 = Saturday, at least one. */
  weekdays: number[];
  /** month and year: the day(s) of the month as typed. */
  days: string;
  /** year: 1 = January … 12. */
  month: number;
}

/** The user's zone as the browser knows it. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The wall-clock day, weekday, hour and minute of a moment in a zone. */
export function zonedParts(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  return {
    weekday: Math.max(0, weekdays.indexOf(part('weekday'))),
    day: Number(part('day')),
    hour: Number(part('hour')) % 24,
    minute: Number(part('minute')),
  };
}

/** A usable schedule start: the given one, or now when it is missing or not a date yet. */
export function startOrNow(start: Date | null | undefined, now = new Date()): Date {
  return start && !Number.isNaN(start.getTime()) ? start : now;
}

/**
 * The draft after choosing `repeat` (03 §4): the time stays, the other selections are reset. Week
 * starts on the start's weekday, month on the start's day; year on January and the start's day.
 */
export function draftForRepeat(
  current: RecurrenceDraft,
  repeat: RecurrenceRepeat,
  start: Date,
  timeZone: string,
): RecurrenceDraft {
  const { weekday, day } = zonedParts(start, timeZone);
  const base = { repeat, hour: current.hour, minute: current.minute, weekdays: [], days: '', month: 1 };
  switch (repeat) {
    case 'day':
      return base;
    case 'week':
      return { ...base, weekdays: [weekday] };
    case 'month':
    case 'year':
      return { ...base, days: String(day) };
  }
}

/** The draft's recurrence in the user's zone (an invalid `days` text is kept as it is). */
export function draftToLocal(draft: RecurrenceDraft): Recurrence {
  const every: Recurrence = {
    minute: String(draft.minute),
    hour: String(draft.hour),
    day_of_week: '*',
    day_of_month: '*',
    month_of_year: '*',
  };
  switch (draft.repeat) {
    case 'day':
      return every;
    case 'week':
      return { ...every, day_of_week: [...draft.weekdays].sort((a, b) => a - b).join(',') || '*' };
    case 'month':
      return { ...every, day_of_month: draft.days.replace(/\s+/g, '') };
    case 'year':
      return { ...every, day_of_month: draft.days.trim(), month_of_year: String(draft.month) };
  }
}

const firstOf = (values: number[] | '*' | null, fallback: number) =>
  Array.isArray(values) && values.length > 0 ? (values[0] ?? fallback) : fallback;

/**
 * The draft of a recurrence in the user's zone. The editor has one time of day: a recurrence of
 * several hours (or every hour) shows its first; a year repeat shows its first month.
 */
export function draftFromLocal(local: Recurrence): RecurrenceDraft {
  const weekdays = recurrenceValues('day_of_week', local.day_of_week);
  return {
    repeat: recurrenceRepeat(local),
    hour: firstOf(recurrenceValues('hour', local.hour), 0),
    minute: firstOf(recurrenceValues('minute', local.minute), 0),
    weekdays: Array.isArray(weekdays) ? weekdays : [],
    days: local.day_of_month.trim() === '*' ? '' : local.day_of_month,
    month: firstOf(recurrenceValues('month_of_year', local.month_of_year), 1),
  };
}

/**
 * Moves a recurrence between zones with the contract's shift; a day-of-month text that is not a
 * valid list is not shifted (it cannot be) but kept, so the form's schema refuses it.
 */
function convert(recurrence: Recurrence, move: (r: Recurrence) => Recurrence): Recurrence {
  if (recurrenceValues('day_of_month', recurrence.day_of_month) !== null) return move(recurrence);
  const moved = move({ ...recurrence, day_of_month: '1', month_of_year: '*' });
  return { ...moved, day_of_month: recurrence.day_of_month, month_of_year: recurrence.month_of_year };
}

/** The draft as the server keeps it: UTC at the offset of the schedule's start (03 §7). */
export function draftToUtc(draft: RecurrenceDraft, timeZone: string, start: Date): Recurrence {
  return convert(draftToLocal(draft), (r) => recurrenceToUtc(r, timeZone, start));
}

/** The draft of a saved (UTC) recurrence, in the user's zone at the schedule's start. */
export function draftFromUtc(utc: Recurrence, timeZone: string, start: Date): RecurrenceDraft {
  return draftFromLocal(convert(utc, (r) => recurrenceFromUtc(r, timeZone, start)));
}

/** A new schedule's recurrence: every day at the start's time of day in the user's zone, in UTC. */
export function defaultRecurrence(start: Date, timeZone: string = browserTimeZone()): Recurrence {
  const { hour, minute } = zonedParts(start, timeZone);
  return draftToUtc({ repeat: 'day', hour, minute, weekdays: [], days: '', month: 1 }, timeZone, start);
}

/** The message (key with first and last) of a draft whose days are not 1 to 31, else undefined. */
export function draftDaysIssue(draft: RecurrenceDraft): string | undefined {
  if (draft.repeat !== 'month' && draft.repeat !== 'year') return undefined;
  const values = recurrenceValues('day_of_month', draft.days);
  const single = draft.repeat === 'month' || (Array.isArray(values) && values.length === 1);
  return Array.isArray(values) && values.length > 0 && single ? undefined : recurrenceFieldMessage('day_of_month');
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 'HH:mm' of an hour and minute. */
export const clock = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;
