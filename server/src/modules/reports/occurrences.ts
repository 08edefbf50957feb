import { Cron } from 'croner';
import { recurrenceCron, recurrenceValues, scheduleRecurrence, type Recurrence } from '@tagtrack/contract';

/**
 * When a scheduled report runs (docs/reports.md): at each time its recurrence names, in the zone
 * the schedule was made in (UTC without one), from its start to its end. The recurrence comes in
 * UTC at the start's offset and is moved back to that zone, so "Mondays at 00:30 in Berlin" stays
 * Monday 00:30 there after a daylight saving change. A day of the month a month does not have (31
 * in April, 29 to 31 in February) falls on that month's last day, so "monthly on the 31st" runs
 * at every month's end. As in cron, a recurrence that names both days of the month and weekdays
 * runs on either.
 */

/** A schedule: from when, until when (null: for ever), and the zone it was made in (null: UTC). */
export interface OccurrenceSchedule {
  start: Date;
  end: Date | null;
  timeZone?: string | null;
}

/** Months (1–12) shorter than `day` days; February counts as 28 (its 29th comes in leap years by itself). */
function monthsShorterThan(day: number): number[] {
  const lengths = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return lengths.flatMap((length, index) => (length < day ? [index + 1] : []));
}

function patterns(recurrence: Recurrence): string[] {
  const base = recurrenceCron(recurrence);
  const days = recurrenceValues('day_of_month', recurrence.day_of_month);
  if (days === null || days === '*') return [base];
  const months = recurrenceValues('month_of_year', recurrence.month_of_year);
  const wanted = new Set(months === null || months === '*' ? [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] : months);
  const clamped = new Set<number>();
  for (const day of days) for (const month of monthsShorterThan(day)) if (wanted.has(month)) clamped.add(month);
  if (clamped.size === 0) return [base];
  const [minute, hour] = base.split(' ');
  return [base, `${minute} ${hour} L ${[...clamped].sort((a, b) => a - b).join(',')} *`];
}

/** The first occurrence strictly after `after`, not before `start` nor after `end`; null when none is left. */
export function nextOccurrence(recurrence: Recurrence, schedule: OccurrenceSchedule, after: Date): Date | null {
  // croner counts from the next whole minute after its reference: start a millisecond earlier
  // so that an occurrence at the start itself counts.
  const from = new Date(Math.max(after.getTime(), schedule.start.getTime() - 1));
  let next: Date | null = null;
  const local = scheduleRecurrence(recurrence, schedule.timeZone, schedule.start);
  for (const pattern of patterns(local.recurrence)) {
    const run = new Cron(pattern, { timezone: local.timeZone, paused: true }).nextRun(from);
    if (run && (!next || run < next)) next = run;
  }
  if (!next || (schedule.end && next > schedule.end)) return null;
  return next;
}
