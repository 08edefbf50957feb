import { z } from 'zod';
import { isEpcHex } from '../epc/epc.js';
import { MessageCodeSchema } from '../common/errors.js';
import { DateTimeSchema } from '../common/dates.js';

/** The most reads one batch may carry. */
export const READ_BATCH_MAX = 500;
export const READ_BATCH_ID_MAX_LENGTH = 64;

/** One tag read as a reader reports it. */
export const TagReadSchema = z.object({
  epc: z
    .string({ error: 'requiredEpc' })
    .trim()
    .refine(isEpcHex, 'invalidEpc')
    .transform((v) => v.toUpperCase()),
  antenna: z.number().int().min(1).max(64),
  rssi: z.number().optional(),
  time: DateTimeSchema,
});
export type TagRead = z.input<typeof TagReadSchema>;

/** POST /reader-api/reads/: a batch of reads; the batch id makes a retry harmless. */
export const ReadBatchSchema = z.object({
  batch_id: z.string().trim().min(1).max(READ_BATCH_ID_MAX_LENGTH),
  reads: z.array(TagReadSchema).min(1).max(READ_BATCH_MAX),
});
export type ReadBatch = z.input<typeof ReadBatchSchema>;

/** The answer, sent only after the batch is committed. */
export const ReadBatchResultSchema = z.object({
  batch_id: z.string(),
  /** Reads received in the batch. */
  accepted: z.number().int(),
  /** Existing items whose location or status changed. */
  moved: z.number().int(),
  /** New items for EPCs seen for the first time. */
  created: z.number().int(),
  /** Reads that changed nothing by rule: a reader without configuration, a removed item. */
  ignored: z.number().int(),
  /** True when this reader already sent this batch id: nothing changed this time. */
  duplicate: z.boolean(),
});
export type ReadBatchResult = z.infer<typeof ReadBatchResultSchema>;

/**
 * MQTT: a batch published to `tagtrack/readers/<serial>/reads` is the HTTP body plus the reader's
 * access token from POST /reader-api/token/, verified exactly like the HTTP bearer header.
 */
export const MqttReadBatchSchema = ReadBatchSchema.extend({ token: z.string().min(1) });
export type MqttReadBatch = z.input<typeof MqttReadBatchSchema>;

/** MQTT: the answer on `tagtrack/readers/<serial>/acks`, published only after the batch committed. */
export const MqttReadAckSchema = z.discriminatedUnion('ok', [
  ReadBatchResultSchema.extend({ ok: z.literal(true) }),
  z.object({
    ok: z.literal(false),
    /** The batch's id when the message carried one. */
    batch_id: z.string().nullable(),
    /**
     * The error type of the HTTP error payload (AuthenticationFailed, ValidationError, ParseError,
     * ServiceUnavailable, APIException).
     */
    type: z.string(),
    detail: z.union([z.string(), z.array(z.string()), z.record(z.string(), z.array(z.string()))]),
    /** The detail's messages as codes (docs/errors.md). */
    codes: z
      .union([MessageCodeSchema, z.array(MessageCodeSchema), z.record(z.string(), z.array(MessageCodeSchema))])
      .optional(),
    /** With ServiceUnavailable: seconds to wait before sending the batch again (HTTP's Retry-After). */
    retry_after: z.number().int().positive().optional(),
  }),
]);
export type MqttReadAck = z.infer<typeof MqttReadAckSchema>;
