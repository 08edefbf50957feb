import { useTranslation } from 'react-i18next';

/** The report time pickers' format where the language's clock has 12 hours: the spec's (03 §9). */
export const REPORT_DATE_TIME_FORMAT_12H = 'dd/MM/yyyy hh:mm a';
/** Where it has 24 hours: the same day-first date with a 24-hour time. */
export const REPORT_DATE_TIME_FORMAT_24H = 'dd/MM/yyyy HH:mm';

/** Whether the language's own clock counts 12 hours with AM and PM (English), rather than 24. */
export function usesTwelveHourClock(language: string): boolean {
  try {
    return new Intl.DateTimeFormat(language, { hour: 'numeric' }).resolvedOptions().hour12 === true;
  } catch {
    return true;
  }
}

/**
 * The report date-time pickers' clock and format (the filters' dates, a schedule's start and end):
 * the spec's `dd/MM/yyyy hh:mm a` where the console's language uses a 12-hour clock, 24 hours
 * where it uses those (German, French, …). The recurrence's time of day stays 24-hour.
 */
export function useReportDateTimeFormat(): { ampm: boolean; format: string } {
  const { i18n } = useTranslation(undefined, { useSuspense: false });
  const ampm = usesTwelveHourClock(i18n.language || 'en');
  return { ampm, format: ampm ? REPORT_DATE_TIME_FORMAT_12H : REPORT_DATE_TIME_FORMAT_24H };
}
