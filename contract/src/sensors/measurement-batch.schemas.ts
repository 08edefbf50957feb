import { z } from 'zod';
import { DateTimeSchema } from '../common/dates.js';
import { MqttReadAckSchema, READ_BATCH_ID_MAX_LENGTH, TagReadSchema } from '../tracking/read.schemas.js';

/** The most measurements one batch may carry. */
export const MEASUREMENT_BATCH_MAX = 500;

/** One value a sensor tag reported, as its reader sends it (docs/reader-protocol.md, Measurements). */
export const MeasurementReadingSchema = z.object({
  epc: TagReadSchema.shape.epc,
  /** A measurement type's uuid (GET /sensor-data/measurement/type/). */
  measurement_type: z.uuid(),
  value: z.number(),
  time: DateTimeSchema,
});
export type MeasurementReading = z.input<typeof MeasurementReadingSchema>;

/** POST /reader-api/measurements/: a batch of measurements; the batch id makes a retry harmless. */
export const MeasurementBatchSchema = z.object({
  batch_id: z.string().trim().min(1).max(READ_BATCH_ID_MAX_LENGTH),
  measurements: z.array(MeasurementReadingSchema).min(1).max(MEASUREMENT_BATCH_MAX),
});
export type MeasurementBatch = z.input<typeof MeasurementBatchSchema>;

/** The answer, sent only after the batch is committed. */
export const MeasurementBatchResultSchema = z.object({
  batch_id: z.string(),
  /** Measurements received in the batch. */
  accepted: z.number().int(),
  /** New items for sensor EPCs seen for the first time. */
  created: z.number().int(),
  /** Measurements not kept by rule: a reader without configuration, a removed item. */
  ignored: z.number().int(),
  /** True when this reader already sent this batch id: nothing changed this time. */
  duplicate: z.boolean(),
});
export type MeasurementBatchResult = z.infer<typeof MeasurementBatchResultSchema>;

/**
 * MQTT: a batch published to `tagtrack/readers/<serial>/measurements` is the HTTP body plus the
 * reader's access token, as for reads; its ack goes to the same acks topic.
 */
export const MqttMeasurementBatchSchema = MeasurementBatchSchema.extend({ token: z.string().min(1) });
export type MqttMeasurementBatch = z.input<typeof MqttMeasurementBatchSchema>;

/** MQTT: the ack of a measurement batch (the refusals are those of reads). */
export const MqttMeasurementAckSchema = z.discriminatedUnion('ok', [
  MeasurementBatchResultSchema.extend({ ok: z.literal(true) }),
  MqttReadAckSchema.options[1],
]);
export type MqttMeasurementAck = z.infer<typeof MqttMeasurementAckSchema>;
