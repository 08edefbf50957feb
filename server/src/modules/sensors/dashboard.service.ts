import {
  MESSAGE_KEYS as M,
  SENSOR_ORDERINGS,
  SERIES_RANGE_SPEC,
  SERIES_RAW_POINTS_MAX,
  pageWindow,
  sensorStatus,
  singleOrdering,
  type MeasurementSeries,
  type MeasurementSeriesQuery,
  type Paged,
  type SensorLatest,
  type SensorListQuery,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import {
  findBucketSeries,
  findMeasurementType,
  findRawSeries,
  findRuleLimits,
  findSensorItem,
  findSensorPage,
  type RuleLimits,
} from './dashboard.repository.js';

const UNWATCHED: RuleLimits = { rules: 0, low: null, high: null };

/**
 * GET /sensor-data/sensor/ (the sensor dashboard, docs/sensors.md): each sensor's latest value of
 * each type, by product name unless ordered otherwise, with the tightest limits of the rules
 * watching its product and type and its status against them.
 */
export async function listSensors(ctx: ServiceContext, query: SensorListQuery): Promise<Paged<SensorLatest>> {
  const { count, rows } = await findSensorPage(
    ctx.tenant,
    {
      product: query.product,
      location: query.location,
      measurementType: query.measurement_type,
      search: query.search || undefined,
    },
    singleOrdering(query.ordering, SENSOR_ORDERINGS, 'product_name'),
    pageWindow(query),
  );
  const limits = await findRuleLimits(
    ctx.tenant,
    rows.map((row) => row.product),
  );
  return {
    count,
    results: rows.map((row) => {
      const watch = limits.get(`${row.product}|${row.measurement_type}`) ?? UNWATCHED;
      const bounds = { low: watch.low, high: watch.high };
      return {
        ...row,
        time: row.time.toISOString(),
        limits: bounds,
        status: sensorStatus(row.value, bounds, watch.rules),
      };
    }),
  };
}

/**
 * GET /sensor-data/measurement/series/: one sensor's values of one type over the range ending now.
 * The last hour is every raw value; the last day per minute and the last week per 10 minutes come
 * from the per-minute aggregates, so a week of a sensor reporting every second reads 10,080 rows.
 * An EPC that names no item of the customer is a NotFound.
 */
export async function getMeasurementSeries(
  ctx: ServiceContext,
  query: MeasurementSeriesQuery,
  now = new Date(),
): Promise<MeasurementSeries> {
  const [item, type] = await Promise.all([
    findSensorItem(ctx.tenant, query.sensor),
    findMeasurementType(ctx.tenant, query.measurement_type),
  ]);
  // SECURITY: the tenant scope makes another customer's sensor a NotFound.
  if (!item) throw notFound();
  if (!type) throw validationError({ measurement_type: [M.invalidValue] });
  const spec = SERIES_RANGE_SPEC[query.range];
  const from = new Date(now.getTime() - spec.ms);
  const sensor = { itemId: item.id, typeUuid: query.measurement_type };
  const [points, limits] = await Promise.all([
    spec.bucketSeconds === 0
      ? findRawSeries(ctx.tenant, sensor, from, now, SERIES_RAW_POINTS_MAX)
      : findBucketSeries(ctx.tenant, sensor, from, now, spec.bucketSeconds),
    findRuleLimits(ctx.tenant, [item.productId]),
  ]);
  const watch = limits.get(`${item.productId}|${query.measurement_type}`) ?? UNWATCHED;
  return {
    sensor: item.code,
    measurement_type: query.measurement_type,
    unit: type.unit,
    symbol: type.symbol,
    range: query.range,
    from: from.toISOString(),
    to: now.toISOString(),
    limits: { low: watch.low, high: watch.high },
    points: points.map((point) => ({ ...point, time: point.time.toISOString() })),
  };
}
