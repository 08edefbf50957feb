import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, SensorLatestSchema, pagedSchema, type Paged, type SensorLatest } from '@tagtrack/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The query of GET /sensor-data/sensor/. */
export interface SensorListParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
  product?: number;
  location?: string;
  measurement_type?: string;
}

const SensorPageSchema = pagedSchema(SensorLatestSchema);

/** GET /sensor-data/sensor/: each sensor's latest value with its limits and status. */
export function listSensors(params: SensorListParams, signal?: AbortSignal): Promise<Paged<SensorLatest>> {
  return api.get(API_ROUTES.sensorList.url, { query: { ...params }, schema: SensorPageSchema, signal });
}

export const sensorsQueryOptions = (params: SensorListParams) =>
  queryOptions({
    queryKey: queryKeys.sensors.latest(params),
    queryFn: ({ signal }) => listSensors(params, signal),
    placeholderData: keepPreviousData,
  });

/** The sensors' latest values, refreshed every `refetchInterval` ms while polling is on. */
export function useSensors(params: SensorListParams, refetchInterval: number | false = false) {
  return useQuery({ ...sensorsQueryOptions(params), refetchInterval });
}
