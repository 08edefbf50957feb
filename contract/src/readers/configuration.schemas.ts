import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../auth/auth.limits.js';
import { ListQuerySchema, orderingSchema } from '../common/pagination.js';
import { CHANNELS, SEND_INTERVAL_RANGE, TAG_TIMEOUT_RANGE } from './reader.limits.js';
import { hasAtMostOneDecimal, isValidRssiFilter } from './reader.rules.js';

const seconds = (range: { min: number; max: number }, message: string) =>
  z
    .number({ error: 'emptyNumberField' })
    .min(range.min, message)
    .max(range.max, message)
    .refine(hasAtMostOneDecimal, message);

/** One entry of conf_data.Rfid: power (device TxLevel), antennas as a bitmask, session and the EPC filter. */
export const RfidSettingsSchema = z.object({
  TxLevel: z.number().int().min(0).max(19),
  AntennaMask: z.number({ error: 'requiredAntenna' }).int().min(1, 'requiredAntenna'),
  Session: z.number().int().min(0).max(3),
  /** EPC key prefixes of the enabled encodings, filled by the server on save. */
  RfidFilter: z.array(z.string().max(32)).max(16).default([]),
});
export type RfidSettings = z.infer<typeof RfidSettingsSchema>;

/** A configuration's device settings (02 §3 Reader configuration, §5). */
export const ConfDataSchema = z.object({
  RssiFilter: z.string().trim().max(20).refine(isValidRssiFilter, 'rssiFilterInvalid').default(''),
  Channel: z.enum(CHANNELS).default('hop'),
  /** Ledger types joined by '|', e.g. trace|goodsin. */
  data_format: z
    .string()
    .trim()
    .regex(/^(trace|goodsin|goodsout|inventory)(\|(trace|goodsin|goodsout|inventory))*$/, 'invalidValue')
    .default('trace|goodsin'),
  time_2_collect: seconds(SEND_INTERVAL_RANGE, 'sendIntervalRange'),
  FilterLongTimeSeenTimeout: seconds(TAG_TIMEOUT_RANGE, 'tagTimeoutRange'),
  product: z.string({ error: 'skuRequired' }).trim().min(1, 'skuRequired').max(64),
  Rfid: z.array(RfidSettingsSchema).min(1, 'requiredAntenna').max(8),
});
export type ConfData = z.infer<typeof ConfDataSchema>;

/** POST and PUT /configuration/reader-configuration/ */
export const ReaderConfigurationWriteSchema = z
  .object({
    name: z.string({ error: 'requiredName' }).trim().min(1, 'requiredName').max(NAME_MAX_LENGTH, 'nameMaxLength'),
    description: z.string().trim().max(500).default(''),
    /** Required unless the configuration is a template. */
    location: z.uuid('locationRequired').nullable().default(null),
    is_template: z.boolean().default(false),
    reader_type: z.string({ error: 'requiredReaderType' }).trim().min(1, 'requiredReaderType').max(64),
    application: z.string({ error: 'requiredApplication' }).trim().min(1, 'requiredApplication').max(64),
    sensortype_uuid: z.uuid().nullable().default(null),
    conf_data: ConfDataSchema,
  })
  .superRefine((value, ctx) => {
    if (!value.is_template && !value.location)
      ctx.addIssue({ code: 'custom', path: ['location'], message: 'locationRequired' });
  });
export type ReaderConfigurationWrite = z.input<typeof ReaderConfigurationWriteSchema>;

/** PATCH /configuration/reader-configuration/{id}/ */
export const ReaderConfigurationSensorSchema = z.object({ sensortype_uuid: z.uuid().nullable() });

export const ReaderConfigurationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  customer: z.number().int(),
  location: z.string().nullable(),
  location_name: z.string().nullable(),
  is_template: z.boolean(),
  is_ready: z.boolean(),
  reader_type: z.string(),
  application: z.string(),
  sensortype_uuid: z.string().nullable(),
  conf_data: ConfDataSchema,
  /** How many readers have it assigned. */
  reader_count: z.number().int(),
});
export type ReaderConfiguration = z.infer<typeof ReaderConfigurationSchema>;

export const CONFIGURATION_ORDERING = ['name', 'reader_type', 'application', 'location_name', 'id'] as const;

/** show_handhelds_and_templates=true lists templates and handheld configurations too. */
export const ReaderConfigurationListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(CONFIGURATION_ORDERING),
  show_handhelds_and_templates: z.enum(['true', 'false']).optional(),
  reader_type: z.string().trim().max(64).optional(),
});
export type ReaderConfigurationListQuery = z.infer<typeof ReaderConfigurationListQuerySchema>;
