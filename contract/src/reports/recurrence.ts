import { z } from 'zod';
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

export const RECURRENCE_FIELDS = ['minute', 'hour', 'day_of_week', 'day_of_month', 'month_of_year'] as const;

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
