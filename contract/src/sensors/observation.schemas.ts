import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, pageSizeSchema } from '../common/pagination.js';

/**
 * What raised an alert: a rule's limit crossed by a sensor, or (beyond the spec) a fixed reader
 * whose heartbeat went stale or came back (docs/sensors.md).
 */
export const OBSERVATION_KINDS = ['rule', 'reader_offline', 'reader_online'] as const;
export type ObservationKind = (typeof OBSERVATION_KINDS)[number];

/** The notification list's page sizes (03 §9) and its default. */
export const NOTIFICATION_PAGE_SIZES = [10, 20, 25] as const;

/**
 * One alert (03 §3 Observation; GET /sensor-data/observation/observation/): the rule with its name,
 * the sensor's product, the value that raised it with its type's unit, and when it was recorded.
 * A reader's health event has no rule, product or value, and names its reader.
 */
export const ObservationSchema = z.object({
  uuid: z.uuid(),
  kind: z.enum(OBSERVATION_KINDS),
  /** The rule (its id is null once the rule is deleted; the name stays). */
  rule: z.object({ id: z.uuid().nullable(), name: z.string() }),
  products: z.array(z.number().int()),
  product_names: z.array(z.string()),
  measurements: z.object({
    value: z.number().nullable(),
    measurement_type: z.uuid().nullable(),
    unit: z.string(),
    symbol: z.string(),
    sensor: z.string().nullable(),
    location: z.uuid().nullable(),
    time: z.iso.datetime({ offset: true }),
  }),
  reader: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  observation_time: z.iso.datetime({ offset: true }),
});
export type Observation = z.infer<typeof ObservationSchema>;

/** GET /sensor-data/observation/observation/ (03 §7): page and page_size, newest first. */
export const ObservationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: pageSizeSchema(MAX_PAGE_SIZE, DEFAULT_PAGE_SIZE),
});
export type ObservationListQuery = z.infer<typeof ObservationListQuerySchema>;
