import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ConfData, HeartbeatMode, ReaderFamily, ReaderState, ReaderStatus } from '@tagtrack/contract';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';
import { locations } from './locations.js';

/** Reader configurations and templates (02 §3): the settings a reader runs with at a location. */
export const readerConfigurations = pgTable(
  'reader_configurations',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** Null only for templates. */
    locationUuid: uuid('location_uuid'),
    isTemplate: boolean('is_template').notNull().default(false),
    isReady: boolean('is_ready').notNull().default(true),
    readerType: text('reader_type').notNull(),
    application: text('application').notNull(),
    sensortypeUuid: uuid('sensortype_uuid'),
    confData: jsonb('conf_data').$type<ConfData>().notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    uniqueIndex('reader_configurations_customer_name_key').on(t.customerId, t.name),
    index('reader_configurations_location_idx').on(t.customerId, t.locationUuid),
    foreignKey({ columns: [t.customerId, t.locationUuid], foreignColumns: [locations.customerId, locations.uuid] }),
  ],
);

/** Fixed (fx) and handheld (hh) readers. */
export const readers = pgTable(
  'readers',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    serial: text('serial').notNull(),
    name: text('name').notNull().default(''),
    description: text('description').notNull().default(''),
    kind: text('kind').notNull(),
    family: text('family').$type<ReaderFamily>().notNull(),
    state: text('state').$type<ReaderState>().notNull().default('unassigned'),
    status: text('status').$type<ReaderStatus>().notNull().default('normal'),
    setupModeRead: timestamp('setup_mode_read', { withTimezone: true }),
    metadata: jsonb('metadata').$type<{ ip_address?: string }>().notNull().default({}),
    /** Argon2 hash of the secret the reader signs in with; rotated by re-initialisation. */
    secretHash: text('secret_hash'),
    lastProcessList: timestamp('last_process_list', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    uniqueIndex('readers_customer_uuid_key').on(t.customerId, t.uuid),
    // A reader signs in with its serial alone, like a user with a username: unique instance-wide.
    uniqueIndex('readers_serial_key').on(sql`lower(${t.serial})`),
    index('readers_customer_family_serial_idx').on(t.customerId, t.family, t.serial),
  ],
);

/** Which configurations a reader runs; each configuration brings its location. */
export const readerAssignments = pgTable(
  'reader_assignments',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    readerId: bigint('reader_id', { mode: 'number' }).notNull(),
    configurationId: bigint('configuration_id', { mode: 'number' }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.readerId, t.configurationId] }),
    index('reader_assignments_configuration_idx').on(t.customerId, t.configurationId),
    foreignKey({ columns: [t.customerId, t.readerId], foreignColumns: [readers.customerId, readers.id] }).onDelete(
      'cascade',
    ),
    foreignKey({
      columns: [t.customerId, t.configurationId],
      foreignColumns: [readerConfigurations.customerId, readerConfigurations.id],
    }).onDelete('cascade'),
  ],
);

/** The latest heartbeat of each client application of a reader. */
export const readerHeartbeats = pgTable(
  'reader_heartbeats',
  {
    customerId: bigint('customer_id', { mode: 'number' }).notNull(),
    readerId: bigint('reader_id', { mode: 'number' }).notNull(),
    application: text('application').notNull(),
    updated: timestamp('updated', { withTimezone: true }).notNull(),
    interval: doublePrecision('interval').notNull(),
    mode: text('mode').$type<HeartbeatMode>().notNull(),
    version: text('version').notNull().default(''),
    ipaddress: text('ipaddress').notNull().default(''),
    antennas: jsonb('antennas').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.readerId, t.application] }),
    foreignKey({ columns: [t.customerId, t.readerId], foreignColumns: [readers.customerId, readers.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * On-premise autodiscovery: readers that announced themselves without being registered. They
 * belong to no customer yet (an on-premise install serves one), so the table is instance-wide.
 */
export const discoveredReaders = pgTable(
  'discovered_readers',
  {
    id: idColumn(),
    serial: text('serial').notNull(),
    kind: text('kind').notNull().default(''),
    ipAddress: text('ip_address').notNull(),
    version: text('version').notNull().default(''),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id] }), uniqueIndex('discovered_readers_serial_key').on(sql`lower(${t.serial})`)],
);
