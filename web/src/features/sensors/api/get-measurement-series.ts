import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, MeasurementSeriesSchema, type MeasurementSeries, type SeriesRange } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The query of GET /sensor-data/measurement/series/. */
export interface SeriesParams {
  sensor: string;
  measurement_type: string;
  range: SeriesRange;
}

/** GET /sensor-data/measurement/series/: one sensor's values of one type over the range ending now. */
export function getMeasurementSeries(params: SeriesParams, signal?: AbortSignal): Promise<MeasurementSeries> {
  return api.get(API_ROUTES.measurementSeries.url, { query: { ...params }, schema: MeasurementSeriesSchema, signal });
}

export const measurementSeriesQueryOptions = (params: SeriesParams) =>
  queryOptions({
    queryKey: queryKeys.sensors.series(params),
    queryFn: ({ signal }) => getMeasurementSeries(params, signal),
    // Another range of the same sensor keeps the chart in place while it loads.
    placeholderData: (previous) => (previous?.sensor === params.sensor ? previous : undefined),
  });

/** The open chart's series, refreshed every `refetchInterval` ms while polling is on. */
export function useMeasurementSeries(params: SeriesParams | null, refetchInterval: number | false = false) {
  return useQuery({
    ...measurementSeriesQueryOptions(params ?? { sensor: '', measurement_type: '', range: '24h' }),
    enabled: params !== null,
    refetchInterval,
  });
}
