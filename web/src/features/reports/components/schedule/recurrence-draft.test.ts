import { describe, expect, it } from 'vitest';
import { defaultRecurrence, draftFromUtc, draftToUtc, zonedParts } from './recurrence-draft';

const winter = new Date('2026-01-15T09:00:00Z');

describe('the recurrence draft', () => {
  it('reads a moment’s wall clock in a zone', () => {
    expect(zonedParts(new Date('2026-01-15T23:30:00Z'), 'Europe/Berlin')).toEqual({
      weekday: 5,
      day: 16,
      hour: 0,
      minute: 30,
    });
  });

  it('starts a new schedule every day at the start’s time, in UTC', () => {
    expect(defaultRecurrence(new Date('2026-01-15T06:45:00Z'), 'America/New_York')).toEqual({
      minute: '45',
      hour: '6',
      day_of_week: '*',
      day_of_month: '*',
      month_of_year: '*',
    });
  });

  it('keeps days of the month it cannot read as typed, both ways', () => {
    const draft = { repeat: 'month' as const, hour: 0, minute: 30, weekdays: [], days: '1,x', month: 1 };
    const utc = draftToUtc(draft, 'Europe/Berlin', winter);
    expect(utc).toEqual({ minute: '30', hour: '23', day_of_week: '*', day_of_month: '1,x', month_of_year: '*' });
    expect(draftFromUtc(utc, 'Europe/Berlin', winter)).toMatchObject({ repeat: 'month', hour: 0, days: '1,x' });
  });
});
