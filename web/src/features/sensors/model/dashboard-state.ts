import { PAGE_SIZES, SENSOR_ORDERINGS } from '@tagtrack/contract';
import {
  urlFilter,
  type FilterCodecs,
  type ListQueryParams,
  type ListStateOptions,
} from '../../../components/paged-table';
import type { MeasurementListParams } from '../api/list-measurements';
import type { SensorListParams } from '../api/list-sensors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The dashboard's filters, named as their URL parameters: a product id, a location, a measurement type. */
export interface SensorFilters {
  product: string;
  location: string;
  measurement_type: string;
}

export const SENSOR_FILTER_PARAMS: FilterCodecs<SensorFilters> = {
  product: urlFilter.text('', /^[1-9]\d{0,15}$/),
  location: urlFilter.text('', UUID),
  measurement_type: urlFilter.text('', UUID),
};

/** Tiles come in rows of 2, 3 or 4: page sizes that fill them. */
export const SENSOR_PAGE_SIZES = [12, 24, 48, 96] as const;

/** The tiles' state in the URL: 12 a page, by product name. */
export const SENSOR_LIST_OPTIONS: ListStateOptions<SensorFilters> = {
  pageSize: SENSOR_PAGE_SIZES[0],
  pageSizes: SENSOR_PAGE_SIZES,
  ordering: 'product_name',
  sortFields: SENSOR_ORDERINGS,
  filters: SENSOR_FILTER_PARAMS,
};

/** The sort menu's choices, each an ordering of GET /sensor-data/sensor/. */
export const SENSOR_SORTS = [
  'product_name',
  '-product_name',
  'location_name',
  '-time',
  'time',
  '-value',
  'value',
] as const;

/** The list of measurements below the tiles: its own parameters (m_page, m_ordering), newest first (03 §9). */
export const MEASUREMENT_LIST_OPTIONS: ListStateOptions = {
  prefix: 'm',
  pageSize: 20,
  pageSizes: PAGE_SIZES,
  ordering: '-time',
  sortFields: ['time', 'value'],
};

/** The tiles' query for the filters and the list state. */
export function sensorQueryParams(filters: SensorFilters, list: ListQueryParams): SensorListParams {
  return {
    ...list,
    ...(filters.product ? { product: Number(filters.product) } : {}),
    ...(filters.location ? { location: filters.location } : {}),
    ...(filters.measurement_type ? { measurement_type: filters.measurement_type } : {}),
  };
}

/** The measurement list's query: the chosen sensor's measurements, else those of the dashboard's product and location. */
export function measurementQueryParams(
  filters: SensorFilters,
  sensor: string | null,
  list: ListQueryParams,
): MeasurementListParams {
  const page = { page: list.page, page_size: list.page_size, ordering: list.ordering };
  if (sensor) return { ...page, sensor };
  return {
    ...page,
    ...(filters.product ? { product: Number(filters.product) } : {}),
    ...(filters.location ? { location: filters.location } : {}),
  };
}
