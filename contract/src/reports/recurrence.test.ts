import { describe, expect, it } from 'vitest';
import {
  RecurrenceSchema,
  recurrenceCron,
  recurrenceFromUtc,
  recurrenceRepeat,
  recurrenceToUtc,
  recurrenceValues,
  zoneOffsetMinutes,
  type Recurrence,
} from './recurrence.js';

describe('recurrence fields', () => {
  it('reads * and comma lists within each range, sorted and without repeats', () => {
    expect(recurrenceValues('hour', '*')).toBe('*');
    expect(recurrenceValues('day_of_week', '5, 1,1')).toEqual([1, 5]);
    expect(recurrenceValues('day_of_month', '31')).toEqual([31]);
    expect(recurrenceValues('month_of_year', '1,12')).toEqual([1, 12]);
  });

  it('refuses values out of range, text, ranges and steps, and a minute of *', () => {
    expect(recurrenceValues('day_of_month', '0')).toBeNull();
    expect(recurrenceValues('day_of_month', '32')).toBeNull();
    expect(recurrenceValues('day_of_week', '7')).toBeNull();
    expect(recurrenceValues('month_of_year', '13')).toBeNull();
    expect(recurrenceValues('hour', '24')).toBeNull();
    expect(recurrenceValues('hour', '1-5')).toBeNull();
    expect(recurrenceValues('hour', '*/2')).toBeNull();
    expect(recurrenceValues('hour', '')).toBeNull();
    expect(recurrenceValues('minute', '*')).toBeNull();
  });

  it('validates with the range in the message, and writes the fields in one form', () => {
    const wrong = RecurrenceSchema.safeParse({ minute: '0', hour: '6', day_of_month: '31,32' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['day_of_month'],
      message: 'recurrenceRange|first=1&last=31',
    });
    expect(RecurrenceSchema.parse({ minute: '00', hour: ' 6', day_of_week: '5,1' })).toEqual({
      minute: '0',
      hour: '6',
      day_of_week: '1,5',
      day_of_month: '*',
      month_of_year: '*',
    });
  });
});

describe('recurrence as the console and the scheduler see it', () => {
  const every = { minute: '30', hour: '6', day_of_week: '*', day_of_month: '*', month_of_year: '*' };
  it('shows the most specific repeat', () => {
    expect(recurrenceRepeat(every)).toBe('day');
    expect(recurrenceRepeat({ ...every, day_of_week: '1' })).toBe('week');
    expect(recurrenceRepeat({ ...every, day_of_month: '15' })).toBe('month');
    expect(recurrenceRepeat({ ...every, day_of_month: '15', month_of_year: '1' })).toBe('year');
  });

  it('writes cron: minute hour day-of-month month day-of-week', () => {
    expect(recurrenceCron({ ...every, day_of_week: '1,5' })).toBe('30 6 * * 1,5');
    expect(recurrenceCron({ ...every, day_of_month: '31', month_of_year: '2' })).toBe('30 6 31 2 *');
  });
});

describe('hours in UTC and in the user’s zone', () => {
  const at = (iso: string) => new Date(iso);
  const daily: Recurrence = { minute: '0', hour: '6', day_of_week: '*', day_of_month: '*', month_of_year: '*' };

  it('knows a zone’s offset, daylight saving included', () => {
    expect(zoneOffsetMinutes('Europe/Berlin', at('2026-01-15T12:00:00Z'))).toBe(60);
    expect(zoneOffsetMinutes('Europe/Berlin', at('2026-07-15T12:00:00Z'))).toBe(120);
    expect(zoneOffsetMinutes('America/New_York', at('2026-01-15T12:00:00Z'))).toBe(-300);
    expect(zoneOffsetMinutes('Asia/Kolkata', at('2026-01-15T12:00:00Z'))).toBe(330);
    expect(zoneOffsetMinutes('UTC', at('2026-01-15T12:00:00Z'))).toBe(0);
  });

  it('moves the hour to UTC and back, by the offset at the schedule’s start', () => {
    expect(recurrenceToUtc(daily, 'Europe/Berlin', at('2026-01-15T00:00:00Z'))).toMatchObject({
      hour: '5',
      minute: '0',
    });
    expect(recurrenceToUtc(daily, 'Europe/Berlin', at('2026-07-15T00:00:00Z'))).toMatchObject({
      hour: '4',
      minute: '0',
    });
    expect(
      recurrenceToUtc({ ...daily, hour: '9', minute: '15' }, 'Asia/Kolkata', at('2026-01-15T00:00:00Z')),
    ).toMatchObject({
      hour: '3',
      minute: '45',
    });
    const utc = recurrenceToUtc(daily, 'America/New_York', at('2026-01-15T00:00:00Z'));
    expect(utc).toMatchObject({ hour: '11', minute: '0' });
    expect(recurrenceFromUtc(utc, 'America/New_York', at('2026-01-15T00:00:00Z'))).toEqual(daily);
  });

  it('takes the weekday along when the time crosses midnight', () => {
    const mondayHalfPastMidnight = { ...daily, hour: '0', minute: '30', day_of_week: '1' };
    expect(recurrenceToUtc(mondayHalfPastMidnight, 'Europe/Berlin', at('2026-01-15T00:00:00Z'))).toMatchObject({
      hour: '23',
      minute: '30',
      day_of_week: '0',
    });
    const sundayLate = { ...daily, hour: '22', minute: '0', day_of_week: '0,6' };
    expect(recurrenceToUtc(sundayLate, 'America/New_York', at('2026-01-15T00:00:00Z'))).toMatchObject({
      hour: '3',
      day_of_week: '0,1',
    });
  });

  it('takes the day of the month and the month along, through the month’s last day', () => {
    const firstOfJanuary = { ...daily, hour: '0', minute: '30', day_of_month: '1', month_of_year: '1' };
    expect(recurrenceToUtc(firstOfJanuary, 'Europe/Berlin', at('2026-01-15T00:00:00Z'))).toMatchObject({
      hour: '23',
      day_of_month: '31',
      month_of_year: '12',
    });
    const monthEnd = { ...daily, hour: '22', minute: '0', day_of_month: '31' };
    expect(recurrenceToUtc(monthEnd, 'America/New_York', at('2026-01-15T00:00:00Z'))).toMatchObject({
      hour: '3',
      day_of_month: '1',
    });
    const fifteenth = { ...daily, hour: '0', minute: '0', day_of_month: '15' };
    expect(recurrenceToUtc(fifteenth, 'Asia/Tokyo', at('2026-01-15T00:00:00Z'))).toMatchObject({
      hour: '15',
      day_of_month: '14',
    });
  });

  it('keeps a recurrence of several hours as it is', () => {
    const twice = { ...daily, hour: '6,18' };
    expect(recurrenceToUtc(twice, 'Europe/Berlin', at('2026-01-15T00:00:00Z'))).toEqual(twice);
  });
});
