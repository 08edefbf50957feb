import { describe, expect, it } from 'vitest';
import { scheduleIssues, schedulePeriodValid } from './schedule-issues';

const at = (iso: string) => new Date(iso);
const now = at('2026-03-10T09:30:20Z');

describe('scheduleIssues: the scheduled report’s period (03 §5)', () => {
  it('accepts a future start with no end, or with an end after (or at) the start', () => {
    expect(scheduleIssues(at('2026-03-11T06:00:00Z'), null, now, true)).toEqual({});
    expect(scheduleIssues(at('2026-03-11T06:00:00Z'), at('2026-04-11T06:00:00Z'), now, true)).toEqual({});
    expect(scheduleIssues(at('2026-03-11T06:00:00Z'), at('2026-03-11T06:00:00Z'), now, true)).toEqual({});
  });

  it('refuses an end earlier than the start', () => {
    expect(scheduleIssues(at('2026-03-11T06:00:00Z'), at('2026-03-11T05:59:00Z'), now, false)).toEqual({
      end: 'scheduleEndBeforeStart',
    });
  });

  it('refuses a start before now on create, counting whole minutes', () => {
    expect(scheduleIssues(at('2026-03-10T09:29:00Z'), null, now, true)).toEqual({ start: 'scheduleStartInPast' });
    // The picker's minute that holds "now" is not in the past.
    expect(scheduleIssues(at('2026-03-10T09:30:00Z'), null, now, true)).toEqual({});
  });

  it('lets an edited report keep a start that has passed', () => {
    expect(scheduleIssues(at('2025-01-01T06:00:00Z'), null, now, false)).toEqual({});
  });

  it('reports both fields at once', () => {
    const issues = scheduleIssues(at('2026-03-01T06:00:00Z'), at('2026-02-01T06:00:00Z'), now, true);
    expect(issues).toEqual({ start: 'scheduleStartInPast', end: 'scheduleEndBeforeStart' });
    expect(schedulePeriodValid(issues)).toBe(false);
  });

  it('requires a start, and dates the picker could read', () => {
    expect(scheduleIssues(null, null, now, true)).toEqual({ start: 'startDateRequired' });
    expect(scheduleIssues(new Date(Number.NaN), new Date(Number.NaN), now, true)).toEqual({
      start: 'invalidValue',
      end: 'invalidValue',
    });
    expect(schedulePeriodValid({})).toBe(true);
  });
});
