import {
  MEASUREMENT_COUNT_CAP,
  MEASUREMENT_ORDERINGS,
  pageWindow,
  singleOrdering,
  type Measurement,
  type MeasurementListQuery,
  type Paged,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { findMeasurementPage } from './measurements.repository.js';

// The measurement types are their own module (floor 1), which readers use too.
export { listMeasurementTypes, measurementTypeIds } from '../measurement-types/measurement-types.service.js';

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
