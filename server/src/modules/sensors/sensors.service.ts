import {
  MEASUREMENT_COUNT_CAP,
  MEASUREMENT_ORDERINGS,
  pageWindow,
  singleOrdering,
  type ListQuery,
  type Measurement,
  type MeasurementListQuery,
  type MeasurementType,
  type Paged,
} from '@tagtrack/contract';
import type { CachedScope, ServiceContext } from '../../lib/context.js';
import { MEASUREMENT_TYPES } from './measurement-types-cache.js';
import { findMeasurementTypes } from './measurement-types.repository.js';
import { findMeasurementPage, findMeasurementTypeIds } from './measurements.repository.js';

/** GET /sensor-data/measurement/type/: the kinds of measurement, the same for every customer. */
export async function listMeasurementTypes(ctx: ServiceContext, query: ListQuery): Promise<Paged<MeasurementType>> {
  const { count, rows } = await findMeasurementTypes(ctx.tenant, pageWindow(query));
  return { count, results: rows };
}

/** Whether a uuid names a measurement type (a reader configuration's sensor type must). */
/** The measurement types' uuids, from the app's cache (MEASUREMENT_TYPES). */
export function measurementTypeIds(scope: CachedScope): Promise<Set<string>> {
  return scope.caches.of(MEASUREMENT_TYPES).ids(() => findMeasurementTypeIds(scope.tenant));
}

export async function isMeasurementType(scope: CachedScope, uuid: string): Promise<boolean> {
  return (await measurementTypeIds(scope)).has(uuid);
}

/**
 * GET /sensor-data/measurement/: the customer's measurements, newest first unless ordered
 * otherwise, filtered by product, location (with the locations below it) and sensor (EPC). The
 * count is exact up to MEASUREMENT_COUNT_CAP and says that many beyond (docs/sensors.md).
 */
export async function listMeasurements(ctx: ServiceContext, query: MeasurementListQuery): Promise<Paged<Measurement>> {
  const { count, rows } = await findMeasurementPage(
    ctx.tenant,
    { product: query.product, location: query.location, sensor: query.sensor },
    singleOrdering(query.ordering, MEASUREMENT_ORDERINGS, '-time'),
    pageWindow(query),
    MEASUREMENT_COUNT_CAP,
  );
  return { count, results: rows };
}
