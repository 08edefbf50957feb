import { pageWindow, type ListQuery, type MeasurementType, type Paged } from '@tagtrack/contract';
import type { CachedScope, ServiceContext } from '../../lib/context.js';
import { MEASUREMENT_TYPES } from './measurement-types-cache.js';
import { findMeasurementTypeIds, findMeasurementTypes } from './measurement-types.repository.js';

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

/** Whether a uuid names a measurement type (a reader configuration's sensor type must). */
export async function isMeasurementType(scope: CachedScope, uuid: string): Promise<boolean> {
  return (await measurementTypeIds(scope)).has(uuid);
}
