import { z } from 'zod';
import { MESSAGE_KEYS as M } from './messages.js';

/**
 * The one rule for every date, time and time zone that enters (docs/errors.md, Dates and zones):
 * what JavaScript reads but the database cannot store is refused with a field message rather
 * than failing in the database.
 *
 * - A date and time is ISO 8601 with its offset (`Z` or `±HH:MM`), naming an instant from
 *   0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z: PostgreSQL has no year 0 (JavaScript's year
 *   0 is 1 BC), and an instant beyond 9999 would be written back as a six-digit year nobody reads.
 * - The offset is at most ±15:59, the largest PostgreSQL takes (JavaScript takes up to ±23:59).
 * - A time zone is a canonical IANA name as the runtime lists them (`Intl.supportedValuesOf`),
 *   `UTC`, or the current IANA name of one the runtime lists under an older name (Asia/Kolkata
 *   for Asia/Calcutta): browsers answer either. Aliases (US/Pacific) and names removed from the
 *   IANA database (US/Pacific-New), which PostgreSQL may no longer know, are refused. A test checks
 *   that PostgreSQL and PGlite know every name accepted.
 */

/** The earliest and latest instants accepted (ms since the epoch). */
export const DATE_TIME_MIN_MS = Date.parse('0001-01-01T00:00:00Z');
export const DATE_TIME_MAX_MS = Date.parse('9999-12-31T23:59:59.999Z');
/** The largest UTC offset accepted, in minutes (PostgreSQL: ±15:59). */
export const UTC_OFFSET_MAX_MINUTES = 15 * 60 + 59;

const OFFSET = /(?:Z|([+-])(\d{2}):?(\d{2}))$/i;

/** Whether an instant (ms since the epoch) is within the years 1 to 9999. */
export function isStorableInstant(ms: number): boolean {
  return Number.isFinite(ms) && ms >= DATE_TIME_MIN_MS && ms <= DATE_TIME_MAX_MS;
}

/** Whether an offset written at the end of a date-time text (`Z`, `+02:00`, `-0530`) is within ±15:59. */
export function isStorableOffset(text: string): boolean {
  const match = OFFSET.exec(text.trim());
  if (!match?.[2]) return true;
  return Number(match[2]) * 60 + Number(match[3]) <= UTC_OFFSET_MAX_MINUTES && Number(match[3]) < 60;
}

const IsoDateTime = z.iso.datetime({ offset: true, error: M.invalidDateTime, abort: true });

/** Whether text is an ISO date-time with offset the database can store (the rule above). */
export function isStorableDateTime(text: string): boolean {
  return IsoDateTime.safeParse(text).success && isStorableOffset(text) && isStorableInstant(Date.parse(text));
}

/** A date and time that enters: ISO 8601 with offset, years 1 to 9999, offset within ±15:59. */
export const DateTimeSchema = IsoDateTime.refine(
  (text) => isStorableOffset(text) && isStorableInstant(Date.parse(text)),
  M.invalidDateTime,
);

/**
 * IANA names whose current spelling ICU lists under an older one (Intl.supportedValuesOf answers
 * the older): a browser may answer either, and PostgreSQL knows both.
 */
const RENAMED_ZONES = [
  'Africa/Asmara',
  'America/Argentina/Buenos_Aires',
  'America/Argentina/Catamarca',
  'America/Argentina/Cordoba',
  'America/Argentina/Jujuy',
  'America/Argentina/Mendoza',
  'America/Atikokan',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Nuuk',
  'Asia/Ho_Chi_Minh',
  'Asia/Kathmandu',
  'Asia/Kolkata',
  'Asia/Yangon',
  'Atlantic/Faroe',
  'Europe/Kyiv',
  'Pacific/Chuuk',
  'Pacific/Kanton',
  'Pacific/Pohnpei',
];

let zones: ReadonlySet<string> | undefined;

/** The time zones accepted (the rule above), as this runtime knows them. */
export function timeZones(): ReadonlySet<string> {
  if (!zones) {
    const listed = new Set(Intl.supportedValuesOf('timeZone'));
    const renamed = RENAMED_ZONES.filter((zone) => {
      try {
        return listed.has(new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone);
      } catch {
        return false;
      }
    });
    zones = new Set(['UTC', ...listed, ...renamed]);
  }
  return zones;
}

/** Whether a time zone name is accepted (the rule above). */
export function isTimeZone(zone: string): boolean {
  return timeZones().has(zone);
}

/** A time zone that enters: a canonical IANA name or UTC (the rule above). */
export const TimeZoneSchema = z.string({ error: M.unknownTimeZone }).max(64).refine(isTimeZone, M.unknownTimeZone);

/** How far ahead of the server's clock a reader's time may be (clocks drift; a day is generous). */
export const FUTURE_TIME_TOLERANCE_MS = 86_400_000;

/** Whether a time (ms) is more than FUTURE_TIME_TOLERANCE_MS ahead of `now`. */
export function isTooFarAhead(ms: number, now: number): boolean {
  return ms > now + FUTURE_TIME_TOLERANCE_MS;
}

/**
 * The field problems of a batch's rows dated more than FUTURE_TIME_TOLERANCE_MS ahead of `now`
 * (`<list>.<index>.time` → timeTooFarAhead): a reader's clock set years ahead would otherwise
 * date its reads so that no later real read is newer.
 */
export function timesAheadIssues(
  list: string,
  rows: readonly { time: string }[],
  now: number,
): Record<string, string[]> {
  const issues: Record<string, string[]> = {};
  rows.forEach((row, index) => {
    if (isTooFarAhead(Date.parse(row.time), now)) issues[`${list}.${index}.time`] = [M.timeTooFarAhead];
  });
  return issues;
}

/** A moment on the wall clock of a time zone, each part zero-padded (24-hour). */
export interface WallClockParts {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

/** The wall clock of `timeZone` at `at`, in parts: what a user in that zone reads on their clock. */
export function wallClockParts(at: Date, timeZone: string): WallClockParts {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
    second: part('second'),
  };
}
