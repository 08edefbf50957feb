import { z } from 'zod';
import { NAME_MAX_LENGTH } from '../auth/auth.limits.js';
import { ListQuerySchema, orderingSchema } from '../common/pagination.js';
import { HEARTBEAT_MODES, READER_FAMILIES, READER_STATES, READER_STATUSES } from './reader.limits.js';

/** A reader type (02 §3 Reader kind) with what the configuration form needs to know of it. */
export const ReaderKindSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  disabled: z.boolean(),
  ui_configuration: z.object({
    antenna: z.number().int(),
    /** The highest RF power in percent the type allows. */
    max_power: z.number().int(),
    /** Beam-forming antenna: antennas are the picker's beams 5–28 and external antennas 29–32. */
    bfa: z.boolean(),
  }),
});
export type ReaderKind = z.infer<typeof ReaderKindSchema>;

export const ReaderAppSchema = z.object({ name: z.string(), version: z.string() });
export type ReaderApp = z.infer<typeof ReaderAppSchema>;

/** One client application's latest heartbeat (02 §3 Heartbeat). */
export const HeartbeatSchema = z.object({
  application: z.string(),
  updated: z.string(),
  /** Seconds between heartbeats. */
  interval: z.number(),
  mode: z.enum(HEARTBEAT_MODES),
  version: z.string(),
  ipaddress: z.string(),
  /** Reads per antenna since the previous heartbeat. */
  antennas: z.record(z.string(), z.number()),
});
export type Heartbeat = z.infer<typeof HeartbeatSchema>;

export const AssignedConfigurationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  reader_type: z.string(),
  location: z.string().nullable(),
  location_name: z.string().nullable(),
});

export const ConfigRowSchema = z.object({
  configuration: z.number({ error: 'configurationRequired' }).int().positive('configurationRequired'),
  location: z.uuid('rowLocationRequired'),
});
export type ConfigRow = z.infer<typeof ConfigRowSchema>;

export const ReaderSchema = z.object({
  uuid: z.string(),
  id: z.number().int(),
  serial: z.string(),
  name: z.string(),
  description: z.string(),
  kind: z.string(),
  reader_family: z.enum(READER_FAMILIES),
  state: z.enum(READER_STATES),
  status: z.enum(READER_STATUSES),
  setup_mode_read: z.string().nullable(),
  configurations: z.array(AssignedConfigurationSchema),
  config_data: z.array(ConfigRowSchema),
  heartbeats: z.array(HeartbeatSchema),
  metadata: z.object({ ip_address: z.string().optional() }),
  last_process_list: z.string().nullable(),
});
export type Reader = z.infer<typeof ReaderSchema>;

const serial = z
  .string({ error: 'serailNumberRequired' })
  .trim()
  .min(1, 'serailNumberRequired')
  .max(64, 'serailNumberRequired')
  .refine((v) => !/\s/.test(v), 'serailNumberNoSpace');
const ipv4 = z.ipv4('ipAddressRequiredOnPrem');

/** POST /configuration/reader/ (cloud) and …/reader-onprem-initialization/ (with ip_address and password). */
export const ReaderCreateSchema = z.object({
  serial_number: serial,
  name: z.string().trim().max(NAME_MAX_LENGTH, 'nameMaxLength').default(''),
  description: z.string().trim().max(500).default(''),
  reader_type: z.string({ error: 'requiredReaderType' }).trim().min(1, 'requiredReaderType'),
  ip_address: ipv4.optional(),
  password: z.string().min(1, 'passwordRequiredOnPrem').max(128).optional(),
});
export type ReaderCreate = z.input<typeof ReaderCreateSchema>;

/** A new or re-initialised reader's credentials: the secret is shown once. */
export const ReaderCredentialsSchema = z.object({ uuid: z.string(), serial: z.string(), secret: z.string() });
export type ReaderCredentials = z.infer<typeof ReaderCredentialsSchema>;

/** PATCH /configuration/reader/{uuid}/: the update payload, or {status} to toggle setup mode. */
export const ReaderUpdateSchema = z.object({
  serial_number: serial.optional(),
  /** The mobile edit names it serial. */
  serial: serial.optional(),
  name: z.string().trim().max(NAME_MAX_LENGTH, 'nameMaxLength').optional(),
  description: z.string().trim().max(500).optional(),
  reader_type: z.string().trim().min(1, 'requiredReaderType').optional(),
  metadata: z.object({ ip_address: ipv4.optional() }).optional(),
  status: z.enum(READER_STATUSES).optional(),
});
export type ReaderUpdate = z.infer<typeof ReaderUpdateSchema>;

/**
 * POST /configuration/reader-initialization/: re-issue the reader's secret (on-premise: the
 * password given). The console sends the reader's uuid; a client that posts the reader data again
 * (02 §4) names it by serial_number, and the rest of that data is ignored.
 */
export const ReaderInitializationSchema = z
  .object({
    uuid: z.uuid().optional(),
    serial_number: z.string().trim().min(1).max(100).optional(),
    password: z.string().min(1, 'passwordRequiredOnPrem').max(128).optional(),
  })
  .refine((body) => body.uuid !== undefined || body.serial_number !== undefined, {
    message: 'requiredField',
    path: ['uuid'],
  });
export type ReaderInitialization = z.infer<typeof ReaderInitializationSchema>;

/** POST /configuration/reader-assignment/: the reader's configurations, replacing the ones it had. */
export const ReaderAssignmentSchema = z.object({
  reader_uuid: z.uuid(),
  reader_configuration_ids: z.array(z.number().int().positive()).max(100),
});
export type ReaderAssignment = z.infer<typeof ReaderAssignmentSchema>;

/**
 * POST /configuration/reader-template-assignment/: each template row becomes a configuration of its
 * own at the row's location, assigned to the reader next to the ones it has.
 */
export const ReaderTemplateAssignmentSchema = z.object({
  reader_uuid: z.uuid(),
  config_data: z.array(ConfigRowSchema).max(100),
});

export const SetupTimeSchema = z.object({ uuid: z.string(), setup_mode_read: z.string() });

export const READER_ORDERING = ['serial', 'name', 'description', 'state', 'kind', 'last_process_list'] as const;

export const ReaderListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(READER_ORDERING),
  reader_family: z.enum(READER_FAMILIES).optional(),
  /** The console's own spelling of reader_family (02 §2: the list is requested with family=fx). */
  family: z.enum(READER_FAMILIES).optional(),
}).transform(({ family, ...query }) => ({ ...query, reader_family: query.reader_family ?? family }));
export type ReaderListQuery = z.infer<typeof ReaderListQuerySchema>;

/** The console banner (01 §2.4): whether any fixed reader of the customer is in setup mode. */
export const SetupModeSummarySchema = z.object({ active: z.boolean(), readers: z.number().int() });

/** What a reader announces of itself on-premise before it is registered (autodiscovery). */
export const DiscoveredReaderSchema = z.object({
  id: z.number().int(),
  serial: z.string(),
  kind: z.string(),
  ip_address: z.string(),
  version: z.string(),
  last_seen: z.string(),
});
export type DiscoveredReader = z.infer<typeof DiscoveredReaderSchema>;

export const DISCOVERED_READER_ORDERING = ['serial', 'kind', 'ip_address', 'version', 'last_seen', 'id'] as const;
export type DiscoveredReaderOrderField = (typeof DISCOVERED_READER_ORDERING)[number];

/** GET /configuration/reader-autodiscovery/ (default order: serial). */
export const DiscoveredReaderListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(DISCOVERED_READER_ORDERING),
});
export type DiscoveredReaderListQuery = z.infer<typeof DiscoveredReaderListQuerySchema>;

// ---- The reader-facing side (docs/reader-protocol.md) ----

/** POST /reader-api/token/: a reader signs in with its serial and secret. */
export const ReaderTokenRequestSchema = z.object({
  serial: z.string().trim().min(1, 'serailNumberRequired').max(64),
  secret: z.string().min(1, 'requiredPasswordField').max(256),
});
export const ReaderTokenSchema = z.object({ access: z.string(), expires_in: z.number().int() });

/** POST /reader-api/heartbeat/ */
export const HeartbeatReportSchema = z.object({
  application: z.string().trim().min(1).max(64),
  interval: z.number().positive().max(86_400),
  mode: z.enum(HEARTBEAT_MODES),
  version: z.string().trim().max(64).default(''),
  ipaddress: z.string().trim().max(64).default(''),
  antennas: z.record(z.string().regex(/^\d{1,2}$/), z.number().int().min(0)).default({}),
});
export type HeartbeatReport = z.input<typeof HeartbeatReportSchema>;

/** POST /reader-api/announce/ (on-premise): an unregistered reader makes itself known. */
export const ReaderAnnounceSchema = z.object({
  serial: z.string().trim().min(1).max(64),
  kind: z.string().trim().max(64).default(''),
  ip_address: z.ipv4(),
  version: z.string().trim().max(64).default(''),
});

export const ReaderDeviceConfigurationSchema = z.object({
  reader: z.object({ uuid: z.string(), serial: z.string(), kind: z.string() }),
  configurations: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      application: z.string(),
      location: z.string().nullable(),
      location_name: z.string().nullable(),
      conf_data: z.unknown(),
    }),
  ),
});
