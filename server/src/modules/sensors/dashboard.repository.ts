import { and, asc, count, eq, gte, ilike, inArray, lte, max, min, or, sql, type SQL } from 'drizzle-orm';
import type { SensorOrdering } from '@tagtrack/contract';
import { locationSubtree } from '../../db/location-subtree.js';
import {
  items,
  locations,
  measurementMinutes,
  measurements,
  measurementTypes,
  observationRuleProducts,
  observationRules,
  products,
  sensorLatest,
} from '../../db/schema/index.js';
import { sqlRows } from '../../db/sql-rows.js';
import type { TenantScope } from '../../db/tenant.js';

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export interface SensorFilter {
  product?: number;
  /** A location: the sensors that reported there and at the locations below it. */
  location?: string;
  measurementType?: string;
  /** Part of the EPC or of the product's name. */
  search?: string;
}

export interface SensorRow {
  sensor: string;
  item: number;
  product: number;
  product_name: string;
  location: string | null;
  location_name: string | null;
  measurement_type: string;
  unit: string;
  symbol: string;
  value: number;
  time: Date;
}

function sensorConditions(tenant: TenantScope, filter: SensorFilter): SQL {
  const conditions: (SQL | undefined)[] = [
    eq(sensorLatest.customerId, tenant.customerId),
    // A removed item is no longer the customer's sensor (its values are no longer stored).
    eq(items.removed, false),
  ];
  if (filter.product !== undefined) conditions.push(eq(sensorLatest.productId, filter.product));
  if (filter.measurementType !== undefined) conditions.push(eq(sensorLatest.typeUuid, filter.measurementType));
  if (filter.location !== undefined) {
    conditions.push(sql`${sensorLatest.locationUuid} in ${locationSubtree(tenant, [filter.location])}`);
  }
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    conditions.push(or(ilike(items.code, pattern), ilike(products.name, pattern)));
  }
  return and(...conditions) as SQL;
}

const ORDER_COLUMNS: Record<SensorOrdering, SQL> = {
  product_name: sql`${products.name}`,
  location_name: sql`${locations.name}`,
  time: sql`${sensorLatest.time}`,
  value: sql`${sensorLatest.value}`,
};

/**
 * A page of the customer's sensors' latest values (one row a sensor and type, sensor_latest) with
 * their product, location and type, and how many there are. Ties keep the sensor's order.
 */
export async function findSensorPage(
  tenant: TenantScope,
  filter: SensorFilter,
  order: { field: SensorOrdering; descending: boolean },
  page: { offset: number; limit: number },
): Promise<{ count: number; rows: SensorRow[] }> {
  const where = sensorConditions(tenant, filter);
  const direction = order.descending ? sql`desc nulls last` : sql`asc nulls last`;
  const joinItems = and(eq(items.customerId, sensorLatest.customerId), eq(items.id, sensorLatest.itemId));
  const joinProducts = and(eq(products.customerId, sensorLatest.customerId), eq(products.id, sensorLatest.productId));
  const [rows, [counted]] = await Promise.all([
    tenant.db
      .select({
        sensor: items.code,
        item: sensorLatest.itemId,
        product: sensorLatest.productId,
        product_name: products.name,
        location: sensorLatest.locationUuid,
        location_name: locations.name,
        measurement_type: sensorLatest.typeUuid,
        unit: measurementTypes.unit,
        symbol: measurementTypes.symbol,
        value: sensorLatest.value,
        time: sensorLatest.time,
      })
      .from(sensorLatest)
      .innerJoin(items, joinItems)
      .innerJoin(products, joinProducts)
      .innerJoin(measurementTypes, eq(measurementTypes.uuid, sensorLatest.typeUuid))
      .leftJoin(
        locations,
        and(eq(locations.customerId, sensorLatest.customerId), eq(locations.uuid, sensorLatest.locationUuid)),
      )
      .where(where)
      .orderBy(
        sql`${ORDER_COLUMNS[order.field]} ${direction}`,
        asc(sensorLatest.itemId),
        asc(measurementTypes.position),
      )
      .offset(page.offset)
      .limit(page.limit),
    tenant.db
      .select({ n: count() })
      .from(sensorLatest)
      .innerJoin(items, joinItems)
      .innerJoin(products, joinProducts)
      .where(where),
  ]);
  return { count: counted?.n ?? 0, rows };
}

export interface RuleLimits {
  /** How many rules watch the product and type. */
  rules: number;
  low: number | null;
  high: number | null;
}

/**
 * The tightest limits of the rules watching each (product, type) pair: the highest low limit and
 * the lowest high limit, keyed `${product}|${type}`; pairs no rule watches are absent.
 */
export async function findRuleLimits(
  tenant: TenantScope,
  productIds: readonly number[],
): Promise<Map<string, RuleLimits>> {
  if (productIds.length === 0) return new Map();
  const rows = await tenant.db
    .select({
      product: observationRuleProducts.productId,
      type: observationRules.typeUuid,
      rules: count(),
      low: max(observationRules.lowLimit),
      high: min(observationRules.highLimit),
    })
    .from(observationRuleProducts)
    .innerJoin(
      observationRules,
      and(
        eq(observationRules.customerId, observationRuleProducts.customerId),
        eq(observationRules.id, observationRuleProducts.ruleId),
      ),
    )
    .where(tenant.where(observationRuleProducts, inArray(observationRuleProducts.productId, [...new Set(productIds)])))
    .groupBy(observationRuleProducts.productId, observationRules.typeUuid);
  return new Map(
    rows.map((row) => [`${row.product}|${row.type}`, { rules: row.rules, low: row.low, high: row.high }] as const),
  );
}

/** The customer's item with this EPC (the sensor) and its product, or undefined. */
export async function findSensorItem(
  tenant: TenantScope,
  code: string,
): Promise<{ id: number; code: string; productId: number } | undefined> {
  const [row] = await tenant.db
    .select({ id: items.id, code: items.code, productId: items.productId })
    .from(items)
    .where(tenant.where(items, eq(items.code, code)))
    .limit(1);
  return row;
}

/** A measurement type's unit and symbol, or undefined for a uuid that names none. */
export async function findMeasurementType(
  tenant: TenantScope,
  uuid: string,
): Promise<{ unit: string; symbol: string } | undefined> {
  const [row] = await tenant.db
    .select({ unit: measurementTypes.unit, symbol: measurementTypes.symbol })
    .from(measurementTypes)
    .where(eq(measurementTypes.uuid, uuid))
    .limit(1);
  return row;
}

export interface SeriesRow {
  time: Date;
  value: number;
  low: number;
  high: number;
}

/**
 * A sensor's raw values of one type from `from` to `to`, oldest first (the day tables' sensor
 * index), at most `cap` of them: the latest ones when there are more.
 */
export async function findRawSeries(
  tenant: TenantScope,
  sensor: { itemId: number; typeUuid: string },
  from: Date,
  to: Date,
  cap: number,
): Promise<SeriesRow[]> {
  const rows = await tenant.db
    .select({ time: measurements.time, value: measurements.value })
    .from(measurements)
    .where(
      tenant.where(
        measurements,
        eq(measurements.itemId, sensor.itemId),
        eq(measurements.typeUuid, sensor.typeUuid),
        gte(measurements.time, from),
        lte(measurements.time, to),
      ),
    )
    .orderBy(sql`${measurements.time} desc`)
    .limit(cap);
  return rows.reverse().map((row) => ({ time: row.time, value: row.value, low: row.value, high: row.value }));
}

/**
 * A sensor's per-minute aggregates of one type from `from` to `to`, oldest first, each bucket of
 * `bucketSeconds` (a whole number of minutes) the mean of its minutes' values with their lowest
 * and highest: the primary key of measurement_minutes covers the range.
 */
export async function findBucketSeries(
  tenant: TenantScope,
  sensor: { itemId: number; typeUuid: string },
  from: Date,
  to: Date,
  bucketSeconds: number,
): Promise<SeriesRow[]> {
  const m = measurementMinutes;
  const range = and(
    eq(m.customerId, tenant.customerId),
    eq(m.itemId, sensor.itemId),
    eq(m.typeUuid, sensor.typeUuid),
    sql`${m.minute} >= date_trunc('minute', ${from.toISOString()}::timestamptz)`,
    lte(m.minute, to),
  );
  if (bucketSeconds <= 60) {
    const rows = await tenant.db
      .select({ time: m.minute, samples: m.samples, total: m.total, low: m.low, high: m.high })
      .from(m)
      .where(range)
      .orderBy(asc(m.minute));
    return rows.map((row) => ({ time: row.time, value: row.total / row.samples, low: row.low, high: row.high }));
  }
  // Buckets aligned on the epoch, so a point keeps its time as the chart moves on.
  const rows = await sqlRows<{ time: Date | string; value: number; low: number; high: number }>(
    tenant.db,
    sql`select to_timestamp(floor(extract(epoch from ${m.minute}) / ${bucketSeconds}::int) * ${bucketSeconds}::int) as time,
          sum(${m.total}) / sum(${m.samples}) as value, min(${m.low}) as low, max(${m.high}) as high
        from ${m}
        where ${range}
        group by 1
        order by 1`,
  );
  return rows.map((row) => ({
    time: row.time instanceof Date ? row.time : new Date(row.time),
    value: Number(row.value),
    low: Number(row.low),
    high: Number(row.high),
  }));
}
