import { asc, count } from 'drizzle-orm';
import type { MeasurementType } from '@tagtrack/contract';
import { measurementTypes } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

/** A page of the measurement types (the same for every customer), in their order. */
export async function findMeasurementTypes(
  tenant: TenantScope,
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: MeasurementType[] }> {
  const [rows, [total]] = await Promise.all([
    tenant.db
      .select({
        uuid: measurementTypes.uuid,
        name: measurementTypes.name,
        unit: measurementTypes.unit,
        symbol: measurementTypes.symbol,
      })
      .from(measurementTypes)
      .orderBy(asc(measurementTypes.position))
      .offset(page.offset)
      .limit(page.limit),
    tenant.db.select({ n: count() }).from(measurementTypes),
  ]);
  return { count: total?.n ?? 0, rows };
}

/** The uuids of the measurement types (the same for every customer; migrations alone change them). */
export async function findMeasurementTypeIds(tenant: TenantScope): Promise<Set<string>> {
  const rows = await tenant.db.select({ uuid: measurementTypes.uuid }).from(measurementTypes);
  return new Set(rows.map((row) => row.uuid));
}
