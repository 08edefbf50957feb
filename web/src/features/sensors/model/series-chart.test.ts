import { describe, expect, it } from 'vitest';
import type { SeriesPoint } from '@tagtrack/contract';
import { chartRows, isAggregated, isIsolated, parseRange, seriesParams, valueDomain } from './series-chart';

const point = (minute: number, value: number, low = value, high = value): SeriesPoint => ({
  time: new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString(),
  value,
  low,
  high,
});

describe('the chart’s range', () => {
  it('reads 1h, 24h or 7d from the URL, else the day', () => {
    expect(parseRange('1h')).toBe('1h');
    expect(parseRange('7d')).toBe('7d');
    expect(parseRange('24h')).toBe('24h');
    expect(parseRange(null)).toBe('24h');
    expect(parseRange('1y')).toBe('24h');
  });

  it('becomes the series query of the chosen sensor and type', () => {
    expect(seriesParams('E2801160', '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01', '7d')).toEqual({
      sensor: 'E2801160',
      measurement_type: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01',
      range: '7d',
    });
  });

  it('shows raw values for the hour and aggregates for the day and the week', () => {
    expect([isAggregated('1h'), isAggregated('24h'), isAggregated('7d')]).toEqual([false, true, true]);
  });
});

describe('chart rows', () => {
  it('break the line where the sensor was silent longer than the range allows', () => {
    const rows = chartRows([point(0, 4), point(1, 5), point(30, 6)], '24h');
    expect(rows.map((r) => r.value)).toEqual([4, 5, null, 6]);
    expect(rows[2]!.time.toISOString()).toBe(new Date(Date.UTC(2026, 0, 1, 8, 15, 30)).toISOString());
    // A week's points 10 minutes apart are one line.
    expect(chartRows([point(0, 4), point(10, 5), point(20, 6)], '7d').map((r) => r.value)).toEqual([4, 5, 6]);
  });

  it('join the points of a sensor that reports seldom but regularly', () => {
    const rows = chartRows([point(0, 4), point(20, 5), point(40, 6), point(110, 7)], '24h');
    expect(rows.map((r) => r.value)).toEqual([4, 5, 6, null, 7]);
  });

  it('mark a point alone between gaps, which a line cannot show', () => {
    const rows = chartRows([point(0, 4), point(1, 5), point(2, 5.5), point(30, 6), point(60, 7)], '1h');
    expect(rows.map((_, i) => isIsolated(rows, i))).toEqual([false, false, false, false, true, false, true]);
  });
});

describe('the value axis', () => {
  it('holds the values’ extremes and the limits, with some room', () => {
    expect(valueDomain([point(0, 5, 4, 6)], { low: 2, high: 8 })).toEqual({ min: 1.4, max: 8.6 });
    expect(valueDomain([point(0, 5, 4, 6)], { low: null, high: null })).toEqual({ min: 3.5, max: 6.5 });
    expect(valueDomain([], { low: null, high: null })).toEqual({ min: 0, max: 1 });
  });
});
