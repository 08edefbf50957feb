import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';

import type { Measurement } from '@tagtrack/contract';

import { locationSubtree } from '../../db/location-subtree.js';

import { items, locations, measurements, measurementTypes, products } from '../../db/schema/index.js';

import { columnParam, sqlRows } from '../../db/sql-rows.js';

import type { TenantScope } from '../../db/tenant.js';

export interface MeasurementFilter {
  product?: number;
  /** A location: the measurements there and at the locations below it. */
  location?: string;
  /** An EPC (upper-case): the measurements of that sensor. */
  sensor?: string;
}

function filterConditions(tenant: TenantScope, filter: MeasurementFilter): SQL[] {
  const conditions: SQL[] = [sql`${measurements.customerId} = ${tenant.customerId}`];
  if (filter.product !== undefined) conditions.push(sql`${measurements.productId} = ${filter.product}`);
  if (filter.location !== undefined) {
    conditions.push(sql`${measurements.locationUuid} in ${locationSubtree(tenant, [filter.location])}`);
  }
  if (filter.sensor !== undefined) {
    conditions.push(sql`${measurements.itemId} = (select s.id from items s
      where s.customer_id = ${tenant.customerId} and s.code = ${filter.sensor})`);
  }
  return conditions;
}

/**
 * A page of the customer's measurements, newest first by default (the day tables are read in
 * time order through their index, newest day first), and how many there are up to `countCap`.
 */
export async function findMeasurementPage(
  tenant: TenantScope,
  filter: MeasurementFilter,
  order: { field: 'time' | 'value'; descending: boolean },
  page: { offset: number; limit: number },
  countCap: number,
): Promise<{ count: number; rows: Measurement[] }> {
  const where = and(...filterConditions(tenant, filter));
  const column = order.field === 'value' ? measurements.value : measurements.time;
  const direction = (c: SQL | typeof column) => (order.descending ? desc(c) : asc(c));
  const [rows, [counted]] = await Promise.all([
    tenant.db
      .select({
        uuid: measurements.uuid,
        sensor: items.code,
        item: measurements.itemId,
        product: measurements.productId,
        product_name: products.name,
        location: measurements.locationUuid,
        location_name: locations.name,
        measurement_type: measurements.typeUuid,
        unit: measurementTypes.unit,
        symbol: measurementTypes.symbol,
        value: measurements.value,
        time: measurements.time,
      })
      .from(measurements)
      .innerJoin(items, and(eq(items.customerId, measurements.customerId), eq(items.id, measurements.itemId)))
      .innerJoin(
        products,
        and(eq(products.customerId, measurements.customerId), eq(products.id, measurements.productId)),
      )
      .leftJoin(
        locations,
        and(eq(locations.customerId, measurements.customerId), eq(locations.uuid, measurements.locationUuid)),
      )
      .innerJoin(measurementTypes, eq(measurementTypes.uuid, measurements.typeUuid))
      .where(where)
      .orderBy(direction(column), direction(sql`${measurements.time}`), direction(sql`${measurements.uuid}`))
      .offset(page.offset)
      .limit(page.limit),
    sqlRows<{ n: number }>(
      tenant.db,
      sql`select count(*)::int as n from (select 1 from ${measurements} where ${where} limit ${countCap}) capped`,
    ),
  ]);
  return {
    count: counted?.n ?? 0,
    rows: rows.map((row) => ({ ...row, time: row.time.toISOString() })),
  };
}

/** The items of these EPCs (sensors), as they are now: id, product, location and whether removed. */
export async function findSensorItems(
  tenant: TenantScope,
  codes: readonly string[],
): Promise<Map<string, { id: number; productId: number; locationUuid: string; removed: boolean }>> {
  if (codes.length === 0) return new Map();
  const rows = await tenant.db
    .select({
      id: items.id,
      code: items.code,
      productId: items.productId,
      locationUuid: items.locationUuid,
      removed: items.removed,
    })
    .from(items)
    .where(tenant.where(items, inArray(items.code, [...codes])));
  return new Map(rows.map(({ code, ...item }) => [code, item]));
}

export type NewMeasurement = Omit<typeof measurements.$inferInsert, 'customerId' | 'uuid' | 'receivedAt'>;

/**
 * Stores measurements, each in its day's table, and keeps each sensor's per-minute aggregates and
 * latest value in step (docs/sensors.md), in the caller's transaction. One statement with one
 * array a column, so a batch costs one round trip and a few parameters whatever its size. Rows are
 * upserted in key order, so batches of the same sensors in other transactions never wait on each
 * other in a circle.
 */
export async function insertMeasurements(tenant: TenantScope, rows: readonly NewMeasurement[]): Promise<void> {
  if (rows.length === 0) return;
  const values = (column: (row: NewMeasurement) => unknown) => columnParam(rows, column);
  const customer = sql`${tenant.customerId}::bigint`;
  await tenant.db.execute(
    sql`with m as (
          select * from unnest(${values((r) => r.time.toISOString())}::timestamptz[],
            ${values((r) => r.itemId)}::bigint[], ${values((r) => r.productId)}::bigint[],
            ${values((r) => r.locationUuid ?? null)}::uuid[], ${values((r) => r.typeUuid)}::uuid[],
            ${values((r) => r.value)}::float8[], ${values((r) => r.readerId ?? null)}::bigint[])
            as m(time, item_id, product_id, location_uuid, type_uuid, value, reader_id)
        ), stored as (
          insert into measurements (customer_id, time, item_id, product_id, location_uuid, type_uuid, value, reader_id)
          select ${customer}, time, item_id, product_id, location_uuid, type_uuid, value, reader_id from m
        ), minutes as (
          insert into measurement_minutes as a (customer_id, item_id, type_uuid, minute, samples, total, low, high)
          select ${customer}, item_id, type_uuid, date_trunc('minute', time),
            count(*)::int, sum(value), min(value), max(value)
          from m
          group by item_id, type_uuid, date_trunc('minute', time)
          order by item_id, type_uuid, date_trunc('minute', time)
          on conflict (customer_id, item_id, type_uuid, minute) do update set
            samples = a.samples + excluded.samples, total = a.total + excluded.total,
            low = least(a.low, excluded.low), high = greatest(a.high, excluded.high)
        )
        insert into sensor_latest as l (customer_id, item_id, type_uuid, product_id, location_uuid, value, time)
        select distinct on (item_id, type_uuid) ${customer}, item_id, type_uuid, product_id, location_uuid, value, time
        from m
        order by item_id, type_uuid, time desc
        on conflict (customer_id, item_id, type_uuid) do update set
          product_id = excluded.product_id, location_uuid = excluded.location_uuid,
          value = excluded.value, time = excluded.time
        where excluded.time >= l.time`,
  );
}
