import { z } from 'zod';
import { EpcSchema } from '../catalogue/item.schemas.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, orderingSchema, pageSizeSchema } from '../common/pagination.js';
import { MeasurementSchema } from './measurement.schemas.js';

/** The Temperature measurement type (fixed for every customer): the series' default type. */
export const TEMPERATURE_TYPE_UUID = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';

/**
 * How a sensor's latest value stands against the rules watching its product and type: `alert`
 * outside a rule's limits, `ok` within every rule's, `unwatched` when no rule watches it.
 */
export const SENSOR_STATUSES = ['alert', 'ok', 'unwatched'] as const;
export type SensorStatus = (typeof SENSOR_STATUSES)[number];

/**
 * The tightest limits of the rules watching a sensor (the highest low limit, the lowest high
 * limit): a value below `low` or above `high` is outside at least one rule's. Null where no rule
 * sets that limit.
 */
export const SensorLimitsSchema = z.object({ low: z.number().nullable(), high: z.number().nullable() });
export type SensorLimits = z.infer<typeof SensorLimitsSchema>;

/**
 * A sensor's latest value of one measurement type, as the dashboard shows it
 * (GET /sensor-data/sensor/, beyond the spec): a measurement's fields (sensor, product and location
 * when it reported, the value with its type's unit) without its uuid, and the rules' view of it.
 */
export const SensorLatestSchema = MeasurementSchema.omit({ uuid: true }).extend({
  limits: SensorLimitsSchema,
  status: z.enum(SENSOR_STATUSES),
});
export type SensorLatest = z.infer<typeof SensorLatestSchema>;

export const SENSOR_ORDERINGS = ['product_name', 'location_name', 'time', 'value'] as const;
export type SensorOrdering = (typeof SENSOR_ORDERINGS)[number];

/**
 * GET /sensor-data/sensor/: page, page_size, ordering (default product_name), product (an id),
 * location (a uuid: that location and the ones below it), measurement_type and search (the EPC or
 * the product's name, in part).
 */
export const SensorListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: pageSizeSchema(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  ordering: orderingSchema(SENSOR_ORDERINGS),
  product: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  location: z.uuid().optional(),
  measurement_type: z.uuid().optional(),
  search: z.string().trim().max(200).optional(),
});
export type SensorListQuery = z.infer<typeof SensorListQuerySchema>;

/** The chart's ranges: the last hour (every value), day (per minute) and week (per 10 minutes). */
export const SERIES_RANGES = ['1h', '24h', '7d'] as const;
export type SeriesRange = (typeof SERIES_RANGES)[number];
export const DEFAULT_SERIES_RANGE: SeriesRange = '24h';

/** Each range's length and the width of its points (0: every raw value). */
export const SERIES_RANGE_SPEC = {
  '1h': { ms: 3_600_000, bucketSeconds: 0 },
  '24h': { ms: 86_400_000, bucketSeconds: 60 },
  '7d': { ms: 7 * 86_400_000, bucketSeconds: 600 },
} as const satisfies Record<SeriesRange, { ms: number; bucketSeconds: number }>;

/** At most this many raw values in a 1-hour series (a sensor reporting every second sends 3,600). */
export const SERIES_RAW_POINTS_MAX = 20_000;

/**
 * GET /sensor-data/measurement/series/ (beyond the spec): one sensor's values of one type over a
 * range ending now. `sensor` is an EPC (either case); the type defaults to Temperature.
 */
export const MeasurementSeriesQuerySchema = z.object({
  sensor: EpcSchema,
  measurement_type: z.uuid().default(TEMPERATURE_TYPE_UUID),
  range: z.enum(SERIES_RANGES).default(DEFAULT_SERIES_RANGE),
});
export type MeasurementSeriesQuery = z.infer<typeof MeasurementSeriesQuerySchema>;

/**
 * One point of a series: a raw value (low = high = value) or a bucket's mean with its lowest and
 * highest value; `time` is the value's time or the bucket's start.
 */
export const SeriesPointSchema = z.object({
  time: z.iso.datetime({ offset: true }),
  value: z.number(),
  low: z.number(),
  high: z.number(),
});
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;

export const MeasurementSeriesSchema = z.object({
  sensor: z.string(),
  measurement_type: z.uuid(),
  unit: z.string(),
  symbol: z.string(),
  range: z.enum(SERIES_RANGES),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  /** The tightest limits of the rules watching the sensor's product and this type. */
  limits: SensorLimitsSchema,
  /** Oldest first. */
  points: z.array(SeriesPointSchema),
});
export type MeasurementSeries = z.infer<typeof MeasurementSeriesSchema>;
