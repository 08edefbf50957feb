import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ROUTES, MeasurementTypeSchema, pagedSchema, type MeasurementType } from '@tagtrack/contract';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

const MeasurementTypePageSchema = pagedSchema(MeasurementTypeSchema);

/**
 * GET /sensor-data/measurement/type/: the kinds of measurement (Temperature, Humidity), for the
 * sensor dashboard's filter, the event form (a new event watches the first) and the reader
 * configuration's sensor type. Only a server upgrade
 * changes them, so they are read once per session.
 */
export function listMeasurementTypes(signal?: AbortSignal): Promise<MeasurementType[]> {
  return api
    .get(API_ROUTES.measurementTypeList.url, { query: { page_size: 100 }, schema: MeasurementTypePageSchema, signal })
    .then((page) => page.results);
}

export const measurementTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.measurementTypes.all,
    queryFn: ({ signal }) => listMeasurementTypes(signal),
    staleTime: Infinity,
  });

/** The measurement types; `enabled` false for a customer without the sensor extension (the call would be refused). */
export function useMeasurementTypes(enabled = true) {
  return useQuery({ ...measurementTypesQueryOptions(), enabled });
}
