import { describe, expect, it } from 'vitest';
import type { Recurrence } from '@tagtrack/contract';
import { nextOccurrence, type OccurrenceSchedule } from './occurrences.js';

/** The next `count` occurrences after `after`. */
function nextOccurrences(recurrence: Recurrence, schedule: OccurrenceSchedule, after: Date, count: number): Date[] {
  const runs: Date[] = [];
  let from = after;
  while (runs.length < count) {
    const next = nextOccurrence(recurrence, schedule, from);
    if (!next) break;
    runs.push(next);
    from = next;
  }
  return runs;
}

const every: Recurrence = { minute: '0', hour: '6', day_of_week: '*', day_of_month: '*', month_of_year: '*' };
const open = (start: string) => ({ start: new Date(start), end: null });
const iso = (dates: Date[]) => dates.map((d) => d.toISOString());

describe('occurrences of a recurrence', () => {
  it('runs daily at the UTC hour, from the start, the start itself included', () => {
    expect(iso(nextOccurrences(every, open('2026-03-01T06:00:00Z'), new Date('2026-01-01T00:00:00Z'), 3))).toEqual([
      '2026-03-01T06:00:00.000Z',
      '2026-03-02T06:00:00.000Z',
      '2026-03-03T06:00:00.000Z',
    ]);
  });

  it('is strictly after the reference: a run at 06:00 is followed by the next day’s', () => {
    expect(nextOccurrence(every, open('2026-01-01T00:00:00Z'), new Date('2026-03-01T06:00:00Z'))?.toISOString()).toBe(
      '2026-03-02T06:00:00.000Z',
    );
  });

  it('keeps hours in UTC across daylight saving changes', () => {
    // Europe changes clocks on 29 March 2026: the run stays at 06:00 UTC (07:00 then 08:00 in Berlin).
    expect(iso(nextOccurrences(every, open('2026-03-28T00:00:00Z'), new Date('2026-03-28T00:00:00Z'), 2))).toEqual([
      '2026-03-28T06:00:00.000Z',
      '2026-03-29T06:00:00.000Z',
    ]);
  });

  it('runs weekly on the chosen weekdays (0 = Sunday)', () => {
    const mondaysAndFridays = { ...every, day_of_week: '1,5' };
    expect(
      iso(nextOccurrences(mondaysAndFridays, open('2026-11-25T00:00:00Z'), new Date('2026-11-25T00:00:00Z'), 3)),
    ).toEqual(['2026-11-27T06:00:00.000Z', '2026-11-30T06:00:00.000Z', '2026-12-04T06:00:00.000Z']);
  });

  it('puts day 31 on the last day of shorter months, and day 30 on the end of February', () => {
    const monthEnd = { ...every, day_of_month: '31' };
    expect(iso(nextOccurrences(monthEnd, open('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'), 6))).toEqual([
      '2026-01-31T06:00:00.000Z',
      '2026-02-28T06:00:00.000Z',
      '2026-03-31T06:00:00.000Z',
      '2026-04-30T06:00:00.000Z',
      '2026-05-31T06:00:00.000Z',
      '2026-06-30T06:00:00.000Z',
    ]);
    const thirtieth = { ...every, day_of_month: '30' };
    expect(iso(nextOccurrences(thirtieth, open('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'), 3))).toEqual([
      '2026-01-30T06:00:00.000Z',
      '2026-02-28T06:00:00.000Z',
      '2026-03-30T06:00:00.000Z',
    ]);
  });

  it('knows leap years: the 29th of February comes every four years, otherwise the 28th', () => {
    const yearly = { ...every, day_of_month: '29', month_of_year: '2' };
    expect(iso(nextOccurrences(yearly, open('2027-01-01T00:00:00Z'), new Date('2027-01-01T00:00:00Z'), 3))).toEqual([
      '2027-02-28T06:00:00.000Z',
      '2028-02-29T06:00:00.000Z',
      '2029-02-28T06:00:00.000Z',
    ]);
    // 2100 is not a leap year.
    expect(nextOccurrence(yearly, open('2100-01-01T00:00:00Z'), new Date('2100-01-01T00:00:00Z'))?.toISOString()).toBe(
      '2100-02-28T06:00:00.000Z',
    );
  });

  it('runs yearly in the chosen month, and never twice on one day when two days fall on a month’s end', () => {
    const yearly = { ...every, day_of_month: '15', month_of_year: '1' };
    expect(iso(nextOccurrences(yearly, open('2026-02-01T00:00:00Z'), new Date('2026-02-01T00:00:00Z'), 2))).toEqual([
      '2027-01-15T06:00:00.000Z',
      '2028-01-15T06:00:00.000Z',
    ]);
    const both = { ...every, day_of_month: '30,31', month_of_year: '2,4' };
    expect(iso(nextOccurrences(both, open('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'), 3))).toEqual([
      '2026-02-28T06:00:00.000Z',
      '2026-04-30T06:00:00.000Z',
      '2027-02-28T06:00:00.000Z',
    ]);
  });

  it('stops at the end, the end itself included', () => {
    const schedule = { start: new Date('2026-01-01T00:00:00Z'), end: new Date('2026-01-03T06:00:00Z') };
    expect(iso(nextOccurrences(every, schedule, new Date('2026-01-01T00:00:00Z'), 10))).toEqual([
      '2026-01-01T06:00:00.000Z',
      '2026-01-02T06:00:00.000Z',
      '2026-01-03T06:00:00.000Z',
    ]);
    expect(nextOccurrence(every, schedule, new Date('2026-01-03T06:00:00Z'))).toBeNull();
  });

  it('runs on several hours and minutes of a day', () => {
    const twice = { ...every, minute: '0,30', hour: '8,17' };
    expect(iso(nextOccurrences(twice, open('2026-01-01T00:00:00Z'), new Date('2026-01-01T00:00:00Z'), 5))).toEqual([
      '2026-01-01T08:00:00.000Z',
      '2026-01-01T08:30:00.000Z',
      '2026-01-01T17:00:00.000Z',
      '2026-01-01T17:30:00.000Z',
      '2026-01-02T08:00:00.000Z',
    ]);
  });
});

describe('occurrences in the zone the schedule was made in', () => {
  const berlin = (start: string) => ({ start: new Date(start), end: null, timeZone: 'Europe/Berlin' });

  it('runs "day 31 at 00:30" in Berlin on each month’s last day at 00:30 there, February and 30-day months too', () => {
    // The console sends it as day 30 at 23:30 UTC (Berlin's winter offset at the start).
    const sent: Recurrence = { minute: '30', hour: '23', day_of_week: '*', day_of_month: '30', month_of_year: '*' };
    const start = '2026-11-20T10:00:00Z';
    expect(iso(nextOccurrences(sent, berlin(start), new Date(start), 8))).toEqual([
      '2026-11-29T23:30:00.000Z', // 30 November 00:30 CET
      '2026-12-30T23:30:00.000Z', // 31 December
      '2027-01-30T23:30:00.000Z', // 31 January
      '2027-02-27T23:30:00.000Z', // 28 February
      '2027-03-30T22:30:00.000Z', // 31 March 00:30 CEST
      '2027-04-29T22:30:00.000Z', // 30 April
      '2027-05-30T22:30:00.000Z', // 31 May
      '2027-06-29T22:30:00.000Z', // 30 June
    ]);
  });

  it('runs on the 29th of February in a leap year, and on the 1st at 00:30 of each month', () => {
    const sent: Recurrence = { minute: '30', hour: '23', day_of_week: '*', day_of_month: '30', month_of_year: '*' };
    expect(nextOccurrence(sent, berlin('2028-02-01T00:00:00Z'), new Date('2028-02-01T00:00:00Z'))?.toISOString()).toBe(
      '2028-02-28T23:30:00.000Z', // 29 February 2028 00:30 CET
    );
    // The 1st at 00:30 in Berlin is sent as the last day at 23:30 UTC.
    const first: Recurrence = { ...sent, day_of_month: '31' };
    expect(iso(nextOccurrences(first, berlin('2026-11-20T10:00:00Z'), new Date('2026-11-20T10:00:00Z'), 3))).toEqual([
      '2026-11-30T23:30:00.000Z',
      '2026-12-31T23:30:00.000Z',
      '2027-01-31T23:30:00.000Z',
    ]);
  });

  it('keeps a weekly Monday 00:30 made in summer on Monday 00:30 in winter', () => {
    // Made in July: Monday 00:30 CEST is Sunday 22:30 UTC.
    const sent: Recurrence = { minute: '30', hour: '22', day_of_week: '0', day_of_month: '*', month_of_year: '*' };
    const start = '2026-07-01T10:00:00Z';
    const runs = nextOccurrences(sent, berlin(start), new Date('2026-10-20T00:00:00Z'), 3);
    expect(iso(runs)).toEqual([
      '2026-10-25T23:30:00.000Z', // clocks went back on Sunday 25 October: Monday 26 October 00:30 CET
      '2026-11-01T23:30:00.000Z',
      '2026-11-08T23:30:00.000Z',
    ]);
    const local = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        weekday: 'long',
        hour: '2-digit',
        minute: '2-digit',
      }).format(d);
    expect(runs.map(local)).toEqual(['Monday 00:30', 'Monday 00:30', 'Monday 00:30']);
    // Before the change it ran at 22:30 UTC.
    expect(nextOccurrence(sent, berlin(start), new Date(start))?.toISOString()).toBe('2026-07-05T22:30:00.000Z');
  });

  it('keeps a daily time of day across daylight saving changes, and UTC without a zone', () => {
    const sent: Recurrence = { minute: '0', hour: '5', day_of_week: '*', day_of_month: '*', month_of_year: '*' };
    expect(iso(nextOccurrences(sent, berlin('2026-03-28T00:00:00Z'), new Date('2026-03-28T00:00:00Z'), 2))).toEqual([
      '2026-03-28T05:00:00.000Z', // 06:00 CET
      '2026-03-29T04:00:00.000Z', // 06:00 CEST
    ]);
    expect(iso(nextOccurrences(sent, open('2026-03-28T00:00:00Z'), new Date('2026-03-28T00:00:00Z'), 2))).toEqual([
      '2026-03-28T05:00:00.000Z',
      '2026-03-29T05:00:00.000Z',
    ]);
  });
});
