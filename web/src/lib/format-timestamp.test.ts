import { describe, expect, it } from 'vitest';
import { formatTimestamp } from './format-timestamp';

describe('formatTimestamp', () => {
  it('writes yyyy-MM-dd HH:mm:ss in local time', () => {
    expect(formatTimestamp(new Date(2026, 0, 5, 7, 3, 9))).toBe('2026-01-05 07:03:09');
    const iso = new Date(2026, 10, 22, 23, 59, 58).toISOString();
    expect(formatTimestamp(iso)).toBe('2026-11-22 23:59:58');
  });

  it('gives nothing for an invalid date', () => {
    expect(formatTimestamp('not a date')).toBe('');
  });
});
