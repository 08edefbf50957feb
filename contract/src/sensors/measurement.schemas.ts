import { z } from 'zod';
import { EpcSchema } from '../catalogue/item.schemas.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, orderingSchema, pageSizeSchema } from '../common/pagination.js';

/**
 * A kind of measurement a sensor reports (03 §7 GET /sensor-data/measurement/type/): the same for
 * every customer. `unit` is what follows a degree sign where the spec shows one (Latest Active
 * Events: "4.25 °C"); `symbol` is the unit as it is written after a value.
 */
export const MeasurementTypeSchema = z.object({
  uuid: z.uuid(),
  name: z.string(),
  unit: z.string(),
  symbol: z.string(),
});
export type MeasurementType = z.infer<typeof MeasurementTypeSchema>;

/** One measurement as the list answers it (03 §7 GET /sensor-data/measurement/). */
export const MeasurementSchema = z.object({
  uuid: z.uuid(),
  /** The sensor: the EPC of the item that reported the value. */
  sensor: z.string(),
  /** The sensor item's id. */
  item: z.number().int(),
  product: z.number().int(),
  product_name: z.string(),
  /** The reporting reader's location, null when none; its name, null when it is gone. */
  location: z.uuid().nullable(),
  location_name: z.string().nullable(),
  measurement_type: z.uuid(),
  /** The type's unit and symbol (Temperature: C and °C). */
  unit: z.string(),
  symbol: z.string(),
  value: z.number(),
  time: z.iso.datetime({ offset: true }),
});
export type Measurement = z.infer<typeof MeasurementSchema>;

export const MEASUREMENT_ORDERINGS = ['time', 'value'] as const;

/**
 * GET /sensor-data/measurement/ (03 §7): ordering (default -time), product, location (with the
 * locations below it), sensor (an EPC), page and page_size.
 */
export const MeasurementListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: pageSizeSchema(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
  ordering: orderingSchema(MEASUREMENT_ORDERINGS),
  product: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  location: z.uuid().optional(),
  sensor: EpcSchema.optional(),
});
export type MeasurementListQuery = z.infer<typeof MeasurementListQuerySchema>;

/** How far a measurement list counts (beyond, its count says this many: a day can hold millions). */
export const MEASUREMENT_COUNT_CAP = 100_000;
