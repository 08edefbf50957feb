import { z } from 'zod';
import { wallClockParts } from '../common/dates.js';
import { messageWithParams } from '../common/messages.js';
import { RECURRENCE_RANGES, type RecurrenceField, type RecurrenceRepeat } from './report.limits.js';

/**
 * When a scheduled report repeats (03 §3, §4, §7): five cron-like fields, each '*' (every value)
 * or a comma list of whole numbers in its range. Hours and minutes are UTC; weekdays 0 = Sunday
 * to 6 = Saturday; months 1 to 12. The minute is always given (a report does not run every minute).
 */
export interface Recurrence {
  minute: string;
  hour: string;
  day_of_week: string;
  day_of_month: string;
  month_of_year: string;
}

/** The values of one field ('*': all of them), or null when the text is not a valid list for it. */
export function recurrenceValues(field: RecurrenceField, text: string): number[] | '*' | null {
  const trimmed = text.trim();
  if (trimmed === '*') return field === 'minute' ? null : '*';
  const [first, last] = RECURRENCE_RANGES[field];
  const values = new Set<number>();
  for (const part of trimmed.split(',')) {
    if (!/^\d{1,2}$/.test(part.trim())) return null;
    const value = Number(part);
    if (value < first || value > last) return null;
    values.add(value);
  }
  return [...values].sort((a, b) => a - b);
}

/** The message of a field that is not a valid list for its range (a key with first and last). */
export function recurrenceFieldMessage(field: RecurrenceField): string {
  const [first, last] = RECURRENCE_RANGES[field];
  return messageWithParams('recurrenceRange', { first, last });
}

const field = (name: RecurrenceField) =>
  z
    .string()
    .max(200)
    .refine((text) => recurrenceValues(name, text) !== null, recurrenceFieldMessage(name))
    .transform((text) => {
      const values = recurrenceValues(name, text);
      return values === '*' || values === null ? '*' : values.join(',');
    });

export const RecurrenceSchema = z.object({
  minute: field('minute'),
  hour: field('hour'),
  day_of_week: field('day_of_week').default('*'),
  day_of_month: field('day_of_month').default('*'),
  month_of_year: field('month_of_year').default('*'),
});

/** A recurrence as the server answers it (the fields as RecurrenceSchema wrote them). */
export const RecurrenceOutputSchema = z.object({
  minute: z.string(),
  hour: z.string(),
  day_of_week: z.string(),
  day_of_month: z.string(),
  month_of_year: z.string(),
});

/** The repeat the console's editor shows for a recurrence: the most specific field given decides. */
export function recurrenceRepeat(recurrence: Recurrence): RecurrenceRepeat {
  if (recurrence.month_of_year.trim() !== '*') return 'year';
  if (recurrence.day_of_month.trim() !== '*') return 'month';
  if (recurrence.day_of_week.trim() !== '*') return 'week';
  return 'day';
}

/** The recurrence as a five-field cron expression (minute hour day-of-month month day-of-week). */
export function recurrenceCron(recurrence: Recurrence): string {
  return [recurrence.minute, recurrence.hour, recurrence.day_of_month, recurrence.month_of_year, recurrence.day_of_week]
    .map((part) => part.replace(/\s+/g, ''))
    .join(' ');
}

/** The offset of a time zone from UTC at a moment, in minutes (Berlin in winter: 60). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const p = wallClockParts(at, timeZone);
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return Math.round((wall - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

function shiftList(text: string, shift: (value: number) => number): string {
  if (text.trim() === '*') return '*';
  return [...new Set(text.split(',').map((v) => shift(Number(v.trim()))))].sort((a, b) => a - b).join(',');
}

/**
 * A recurrence moved by `minutes` (negative: earlier), as the scheduler keeps it in UTC while the
 * console shows the user's zone: the hour and minute move, and a day that moves past midnight
 * takes its weekday, day of the month and month along. Days of the month wrap through the last
 * day, which the scheduler reads as "the month's last day" (day 31), so the 1st at 00:30 in
 * Berlin is the previous month's last day at 23:30 UTC. A single hour and minute are moved; a
 * recurrence with several, or every hour, is kept as it is (its hours are taken as UTC).
 */
export function shiftRecurrence(recurrence: Recurrence, minutes: number): Recurrence {
  const hour = recurrence.hour.trim();
  const minute = recurrence.minute.trim();
  if (minutes === 0 || !/^\d+$/.test(hour) || !/^\d+$/.test(minute)) return { ...recurrence };
  const total = Number(hour) * 60 + Number(minute) + minutes;
  const dayShift = Math.floor(total / 1440);
  const inDay = ((total % 1440) + 1440) % 1440;
  const shifted: Recurrence = { ...recurrence, hour: String(Math.floor(inDay / 60)), minute: String(inDay % 60) };
  if (dayShift === 0) return shifted;
  shifted.day_of_week = shiftList(recurrence.day_of_week, (d) => (((d + dayShift) % 7) + 7) % 7);
  const months = recurrence.month_of_year.trim();
  const days = recurrence.day_of_month.trim();
  if (days === '*') return shifted;
  let monthShift = 0;
  shifted.day_of_month = shiftList(days, (d) => {
    if (d + dayShift < 1) {
      monthShift = -1;
      return 31;
    }
    if (d >= 31 && dayShift > 0) {
      monthShift = 1;
      return 1;
    }
    return Math.min(31, d + dayShift);
  });
  if (monthShift !== 0 && months !== '*') {
    shifted.month_of_year = shiftList(months, (m) => ((((m - 1 + monthShift) % 12) + 12) % 12) + 1);
  }
  return shifted;
}

/** A recurrence the user picked in their zone, as the server keeps it (UTC), at the schedule's start. */
export function recurrenceToUtc(recurrence: Recurrence, timeZone: string, at: Date): Recurrence {
  return shiftRecurrence(recurrence, -zoneOffsetMinutes(timeZone, at));
}

/** A recurrence as the server keeps it (UTC), in the user's zone at the schedule's start. */
export function recurrenceFromUtc(recurrence: Recurrence, timeZone: string, at: Date): Recurrence {
  return shiftRecurrence(recurrence, zoneOffsetMinutes(timeZone, at));
}

/** Whether a recurrence has one hour and one minute, which move between zones (shiftRecurrence). */
function movable(recurrence: Recurrence): boolean {
  return /^\d+$/.test(recurrence.hour.trim()) && /^\d+$/.test(recurrence.minute.trim());
}

/**
 * A schedule's recurrence as it runs: in the zone it was made in, back from the UTC the API
 * carries at the start's offset (as the console converted it there), so its days, month ends and
 * daylight saving are the zone's. Without a zone, or for a recurrence of several hours or minutes
 * (kept in UTC, see shiftRecurrence), it runs in UTC. The server plans with it; the console shows it.
 */
export function scheduleRecurrence(
  recurrence: Recurrence,
  timeZone: string | null | undefined,
  start: Date,
): { recurrence: Recurrence; timeZone: string } {
  if (!timeZone || timeZone === 'UTC' || !movable(recurrence)) return { recurrence, timeZone: 'UTC' };
  return { recurrence: recurrenceFromUtc(recurrence, timeZone, start), timeZone };
}
