import { describe, expect, it } from 'vitest';
import { reportFileName, reportRunFileName } from './report.rules.js';

describe('report file names', () => {
  it('names an export in UTC minutes, its name safe for a file', () => {
    expect(reportFileName('Stock: a/b', new Date('2026-11-29T23:30:45Z'))).toBe(
      'report-Stock_ a_b-2026-11-29-2330.csv',
    );
  });

  it('names a run on the wall clock of the report’s zone, to the second, with a number for a second one', () => {
    const at = new Date('2026-11-29T23:30:45Z');
    expect(reportRunFileName('Levels', at, 'Europe/Berlin')).toBe('report-Levels-2026-11-30-003045.csv');
    expect(reportRunFileName('Levels', at, 'UTC')).toBe('report-Levels-2026-11-29-233045.csv');
    expect(reportRunFileName('Levels', at, 'Asia/Kolkata', 2)).toBe('report-Levels-2026-11-30-050045-2.csv');
    // Midnight is 00, never 24.
    expect(reportRunFileName('Levels', new Date('2026-11-29T23:00:00Z'), 'Europe/Berlin')).toBe(
      'report-Levels-2026-11-30-000000.csv',
    );
  });
});
