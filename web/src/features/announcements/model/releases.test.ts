import { describe, expect, it } from 'vitest';
import { FRONTEND_VERSION } from '@tagtrack/contract';
import { dateLocale, formatReleaseDate, newestFirst, RELEASES, type Release } from './releases';

const release = (version: string, date: string): Release => ({ version, date, items: ['languages'] });

describe('releases', () => {
  it('sorts newest first by day, then by version within a day', () => {
    const sorted = newestFirst([
      release('v2.3.0', '2026-06-01'),
      release('v2.4.9', '2026-11-01'),
      release('v2.4.10', '2026-11-01'),
      release('v2.3.5', '2026-11-15'),
    ]);
    expect(sorted.map((r) => r.version)).toEqual(['v2.3.5', 'v2.4.10', 'v2.4.9', 'v2.3.0']);
  });

  it('does not reorder the array it is given', () => {
    const input = [release('v1.0.0', '2025-01-01'), release('v2.0.0', '2026-01-01')];
    newestFirst(input);
    expect(input.map((r) => r.version)).toEqual(['v1.0.0', 'v2.0.0']);
  });

  it('announces the running front end as the newest release', () => {
    expect(newestFirst(RELEASES)[0]?.version).toBe(FRONTEND_VERSION);
  });

  it('has unique versions, real ISO days and at least one item per release', () => {
    expect(new Set(RELEASES.map((r) => r.version)).size).toBe(RELEASES.length);
    for (const r of RELEASES) {
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(`${r.date}T00:00:00Z`).toISOString().slice(0, 10)).toBe(r.date);
      expect(r.items.length).toBeGreaterThan(0);
    }
  });

  it('formats dates in the browser’s variant of the interface language', () => {
    expect(dateLocale('en', ['en-GB', 'de-DE'])).toBe('en-GB');
    expect(dateLocale('de', ['en-GB', 'de-AT'])).toBe('de-AT');
    expect(dateLocale('no', ['en-US'])).toBe('no');
    expect(dateLocale('en', ['eo'])).toBe('en');
  });

  it('formats the release day in the reader’s language without a time-zone shift', () => {
    expect(formatReleaseDate('2026-11-22', 'en-GB')).toBe('22 November 2026');
    expect(formatReleaseDate('2026-01-01', 'de')).toBe('1. Januar 2026');
  });
});
