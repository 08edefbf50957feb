import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { SeriesRange } from '@tagtrack/contract';
import { parseRange } from './series-chart';

const EPC = /^([0-9A-F]{4}){1,64}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sensor whose chart is open: its EPC and the measurement type shown. */
export interface ChartSelection {
  sensor: string;
  type: string;
}

/**
 * The open chart in the URL (`sensor`, `type`, `range`), so a reload or a shared link opens the
 * same sensor's chart. Apart from the tiles' list state: choosing a sensor keeps the tiles' page.
 */
export function useChartSelection() {
  const [params, setParams] = useSearchParams();
  const sensor = (params.get('sensor') ?? '').toUpperCase();
  const type = params.get('type') ?? '';
  const selection: ChartSelection | null = EPC.test(sensor) && UUID.test(type) ? { sensor, type } : null;
  const range = parseRange(params.get('range'));
  const write = useCallback(
    (change: Record<string, string | null>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(change)) {
            if (value === null) next.delete(key);
            else next.set(key, value);
          }
          return next;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return {
    selection,
    range,
    select: (next: ChartSelection | null) =>
      write(next ? { sensor: next.sensor, type: next.type, m_page: null } : { sensor: null, type: null, m_page: null }),
    setRange: (next: SeriesRange) => write({ range: next === '24h' ? null : next }),
  };
}
