import {
  DEFAULT_SERIES_RANGE,
  SERIES_RANGES,
  SERIES_RANGE_SPEC,
  type SensorLimits,
  type SeriesPoint,
  type SeriesRange,
} from '@tagtrack/contract';
import type { SeriesParams } from '../api/get-measurement-series';

/** A range from the URL: one of 1h, 24h, 7d, else the default (24h). */
export function parseRange(raw: string | null): SeriesRange {
  return (SERIES_RANGES as readonly string[]).includes(raw ?? '') ? (raw as SeriesRange) : DEFAULT_SERIES_RANGE;
}

/** The series query of a chosen sensor, type and range. */
export function seriesParams(sensor: string, measurementType: string, range: SeriesRange): SeriesParams {
  return { sensor, measurement_type: measurementType, range };
}

/** Whether a range's points are aggregates (a mean with its lowest and highest value) rather than raw values. */
export function isAggregated(range: SeriesRange): boolean {
  return SERIES_RANGE_SPEC[range].bucketSeconds > 0;
}

/**
 * How long a silence breaks the line at least: a sensor that stopped reporting for a while shows a
 * gap, not a straight line across it. A few points' width of each range; a sensor that reports
 * seldom breaks it only after three of its usual intervals.
 */
const GAP_MS: Record<SeriesRange, number> = { '1h': 5 * 60_000, '24h': 15 * 60_000, '7d': 60 * 60_000 };

/** The usual time between two points: the (lower) median of the intervals. */
function usualInterval(times: readonly number[]): number {
  const intervals = times
    .slice(1)
    .map((time, i) => time - times[i]!)
    .sort((a, b) => a - b);
  return intervals.length === 0 ? 0 : intervals[Math.floor((intervals.length - 1) / 2)]!;
}

/** A chart row: a point's time and values, or a gap (nulls) where the sensor was silent. */
export interface ChartRow {
  time: Date;
  value: number | null;
  low: number | null;
  high: number | null;
}

/** The points as chart rows, with a gap row between two points further apart than the range's gap. */
export function chartRows(points: readonly SeriesPoint[], range: SeriesRange): ChartRow[] {
  const times = points.map((point) => Date.parse(point.time));
  const gap = Math.max(GAP_MS[range], 3 * usualInterval(times));
  const rows: ChartRow[] = [];
  let previous: number | undefined;
  for (const [i, point] of points.entries()) {
    const time = times[i]!;
    if (previous !== undefined && time - previous > gap) {
      rows.push({ time: new Date(previous + (time - previous) / 2), value: null, low: null, high: null });
    }
    rows.push({ time: new Date(time), value: point.value, low: point.low, high: point.high });
    previous = time;
  }
  return rows;
}

/** Whether a row stands alone between gaps (or the ends): it gets a mark, a line cannot show it. */
export function isIsolated(rows: readonly ChartRow[], index: number): boolean {
  const filled = (i: number) => rows[i] !== undefined && rows[i]!.value !== null;
  return filled(index) && !filled(index - 1) && !filled(index + 1);
}

/**
 * The value axis' extent: the values' lowest and highest, and the limits, so the limit lines are
 * in view, with a little room above and below.
 */
export function valueDomain(points: readonly SeriesPoint[], limits: SensorLimits): { min: number; max: number } {
  const values = [
    ...points.flatMap((p) => [p.low, p.high]),
    ...[limits.low, limits.high].filter((v): v is number => v !== null),
  ];
  if (values.length === 0) return { min: 0, max: 1 };
  const low = Math.min(...values);
  const high = Math.max(...values);
  const pad = Math.max((high - low) * 0.1, 0.5);
  return { min: Math.floor((low - pad) * 10) / 10, max: Math.ceil((high + pad) * 10) / 10 };
}

/** The time axis' tick labels: hours and minutes, and for the week the day (its ticks fall on midnights). */
export function timeTickFormatter(range: SeriesRange, language: string): (time: Date) => string {
  const format = new Intl.DateTimeFormat(
    language,
    range === '7d' ? { weekday: 'short', day: 'numeric' } : { hour: '2-digit', minute: '2-digit', hour12: false },
  );
  return (time) => format.format(time);
}
