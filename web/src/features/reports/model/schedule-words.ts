import type { TFunction } from 'i18next';
import {
  recurrenceCron,
  recurrenceRepeat,
  recurrenceValues,
  scheduleRecurrence,
  type Recurrence,
  type RecurrenceField,
} from '@tagtrack/contract';

const pad = (value: number) => String(value).padStart(2, '0');

/** The Intl locale of an interface language; English names dates as the spec does ('15 January'). */
export function scheduleLocale(language: string): string {
  return language === 'en' ? 'en-GB' : language;
}

const joined = (values: readonly string[], locale: string) =>
  new Intl.ListFormat(locale, { type: 'conjunction' }).format(values);

/** 0 = Sunday … 6 = Saturday, in the locale's words (1 January 2023 was a Sunday). */
const weekday = (day: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2023, 0, 1 + day)));

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** '15 January'; a day the month lacks is its last day, as the scheduler runs it. */
const dayOfMonth = (day: number, month: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(2000, month - 1, Math.min(day, DAYS_IN_MONTH[month - 1] ?? 28))),
  );

const monthName = (month: number, locale: string) =>
  new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2000, month - 1, 1)));

/** Where a schedule runs: the zone it was made in (null: UTC) and its start, where the API's UTC hours were taken. */
export interface ScheduleZone {
  timeZone: string | null;
  start: Date;
}

/**
 * A scheduled report's recurrence in words (03 §4): "Every Monday at 00:30 Europe/Berlin", "Every
 * day at 23:15 UTC", "Monthly on day 31 at 06:00 UTC", "Every year on 15 January at 06:00 UTC".
 * The recurrence comes in UTC, as the API carries it; with the schedule's zone it is shown there,
 * as the server runs it (a recurrence of several hours stays in UTC). The most specific field
 * decides the repeat, as in the form's editor. A recurrence the contract would refuse is shown as
 * its cron expression.
 */
export function scheduleWords(utc: Recurrence, t: TFunction<'reports'>, language: string, zone?: ScheduleZone): string {
  const { recurrence, timeZone } = zone
    ? scheduleRecurrence(utc, zone.timeZone, zone.start)
    : { recurrence: utc, timeZone: 'UTC' };
  const locale = scheduleLocale(language);
  const read = (field: RecurrenceField) => recurrenceValues(field, recurrence[field]);
  const [minutes, hours, weekdays, days, months] = [
    read('minute'),
    read('hour'),
    read('day_of_week'),
    read('day_of_month'),
    read('month_of_year'),
  ];
  if (minutes === null || minutes === '*' || hours === null || weekdays === null || days === null || months === null) {
    return recurrenceCron(recurrence);
  }
  const hourly = hours === '*';
  const timing = {
    time: hourly
      ? ''
      : joined(
          hours.flatMap((h) => minutes.map((m) => `${pad(h)}:${pad(m)}`)),
          locale,
        ),
    minutes: joined(minutes.map(pad), locale),
    zone: timeZone,
  };
  switch (recurrenceRepeat(recurrence)) {
    case 'day':
      return hourly ? t('scheduleDailyHourly', timing) : t('scheduleDaily', timing);
    case 'week': {
      const names = joined(
        (weekdays === '*' ? [] : weekdays).map((d) => weekday(d, locale)),
        locale,
      );
      return t(hourly ? 'scheduleWeeklyHourly' : 'scheduleWeekly', { ...timing, days: names });
    }
    case 'month': {
      const numbers = joined((days === '*' ? [] : days).map(String), locale);
      return t(hourly ? 'scheduleMonthlyHourly' : 'scheduleMonthly', { ...timing, days: numbers });
    }
    case 'year': {
      const inMonths = months === '*' ? [] : months;
      if (days === '*') {
        const names = joined(
          inMonths.map((m) => monthName(m, locale)),
          locale,
        );
        return t(hourly ? 'scheduleYearlyAllDaysHourly' : 'scheduleYearlyAllDays', { ...timing, months: names });
      }
      const dates = joined(
        inMonths.flatMap((m) => days.map((d) => dayOfMonth(d, m, locale))),
        locale,
      );
      return t(hourly ? 'scheduleYearlyHourly' : 'scheduleYearly', { ...timing, dates });
    }
  }
}
