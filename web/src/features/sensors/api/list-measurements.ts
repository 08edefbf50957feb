import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, MeasurementSchema, pagedSchema, type Measurement, type Paged } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The query of GET /sensor-data/measurement/ (03 §7). */
export interface MeasurementListParams {
  page: number;
  page_size: number;
  ordering: string;
  product?: number;
  location?: string;
  sensor?: string;
}

const MeasurementPageSchema = pagedSchema(MeasurementSchema);

/** GET /sensor-data/measurement/: the customer's measurements, newest first unless ordered otherwise. */
export function listMeasurements(params: MeasurementListParams, signal?: AbortSignal): Promise<Paged<Measurement>> {
  return api.get(API_ROUTES.measurementList.url, { query: { ...params }, schema: MeasurementPageSchema, signal });
}

export const measurementsQueryOptions = (params: MeasurementListParams) =>
  queryOptions({
    queryKey: queryKeys.sensors.measurements(params),
    queryFn: ({ signal }) => listMeasurements(params, signal),
    placeholderData: keepPreviousData,
  });

export function useMeasurements(params: MeasurementListParams, refetchInterval: number | false = false) {
  return useQuery({ ...measurementsQueryOptions(params), refetchInterval });
}
