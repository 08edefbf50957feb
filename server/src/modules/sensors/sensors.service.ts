import { pageWindow, type ListQuery, type MeasurementType, type Paged } from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { findMeasurementTypes } from './measurement-types.repository.js';

/** GET /sensor-data/measurement/type/: the kinds of measurement, the same for every customer. */
export async function listMeasurementTypes(ctx: ServiceContext, query: ListQuery): Promise<Paged<MeasurementType>> {
  const { count, rows } = await findMeasurementTypes(ctx.tenant, pageWindow(query));
  return { count, results: rows };
}
