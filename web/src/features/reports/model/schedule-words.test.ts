import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { recurrence } from '../test/report-fixtures';
import { scheduleWords } from './schedule-words';

const t = i18next.getFixedT('en', 'reports');
const words = (fields: Parameters<typeof recurrence>[0]) => scheduleWords(recurrence(fields), t, 'en');

describe('a schedule in words (UTC, as the server keeps it)', () => {
  it('says the spec’s four repeats', () => {
    expect(words({ day_of_week: '1' })).toBe('Every Monday at 06:00 UTC');
    expect(words({ hour: '23', minute: '15' })).toBe('Every day at 23:15 UTC');
    expect(words({ day_of_month: '31' })).toBe('Monthly on day 31 at 06:00 UTC');
    expect(words({ day_of_month: '15', month_of_year: '1' })).toBe('Every year on 15 January at 06:00 UTC');
  });

  it('lists several days, dates and times', () => {
    expect(words({ day_of_week: '0,6' })).toBe('Every Sunday and Saturday at 06:00 UTC');
    expect(words({ day_of_month: '1,15' })).toBe('Monthly on day 1 and 15 at 06:00 UTC');
    expect(words({ hour: '6,18', minute: '0' })).toBe('Every day at 06:00 and 18:00 UTC');
    expect(words({ day_of_month: '1', month_of_year: '1,7' })).toBe('Every year on 1 January and 1 July at 06:00 UTC');
    // A day a month lacks runs on its last day, as the scheduler does.
    expect(words({ day_of_month: '31', month_of_year: '2' })).toBe('Every year on 29 February at 06:00 UTC');
    expect(words({ month_of_year: '12' })).toBe('Every day in December at 06:00 UTC');
  });

  it('says an hourly recurrence by its minutes, and a recurrence it cannot read as cron', () => {
    expect(words({ hour: '*', minute: '30' })).toBe('Every hour at minute 30');
    expect(words({ hour: '*', minute: '0', day_of_week: '5' })).toBe('Every Friday (UTC), every hour at minute 00');
    expect(words({ hour: '1-5' })).toBe('0 1-5 * * *');
  });

  it('names days and months in the interface language', () => {
    expect(scheduleWords(recurrence({ day_of_month: '15', month_of_year: '1' }), t, 'de')).toBe(
      'Every year on 15. Januar at 06:00 UTC',
    );
  });
});

describe('a schedule in words, in the zone it was made in', () => {
  const inZone = (fields: Parameters<typeof recurrence>[0], timeZone: string | null, start: string) =>
    scheduleWords(recurrence(fields), t, 'en', { timeZone, start: new Date(start) });

  it('says the time and day there, whichever side of daylight saving the start lies', () => {
    // Monday 00:30 in Berlin, made in summer: Sunday 22:30 UTC.
    expect(inZone({ day_of_week: '0', hour: '22', minute: '30' }, 'Europe/Berlin', '2026-07-01T10:00:00Z')).toBe(
      'Every Monday at 00:30 Europe/Berlin',
    );
    // Day 31 at 00:30 in Berlin, made in winter: day 30 at 23:30 UTC.
    expect(inZone({ day_of_month: '30', hour: '23', minute: '30' }, 'Europe/Berlin', '2026-11-20T10:00:00Z')).toBe(
      'Monthly on day 31 at 00:30 Europe/Berlin',
    );
  });

  it('stays in UTC without a zone, and for several hours', () => {
    expect(inZone({ day_of_week: '1' }, null, '2026-07-01T10:00:00Z')).toBe('Every Monday at 06:00 UTC');
    expect(inZone({ hour: '6,18' }, 'Europe/Berlin', '2026-07-01T10:00:00Z')).toBe('Every day at 06:00 and 18:00 UTC');
  });
});
