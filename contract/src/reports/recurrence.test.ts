import { describe, expect, it } from 'vitest';
import { RecurrenceSchema, recurrenceCron, recurrenceRepeat, recurrenceValues } from './recurrence.js';

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
