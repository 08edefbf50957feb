import {
  bigint,
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ObservationKind, RuleAction } from '@tagtrack/contract';
import { items, products } from './catalogue.js';
import { createdAtColumn, customerIdColumn } from './columns.js';
import { readers } from './readers.js';

/**
 * The kinds of measurement sensors report (Temperature, Humidity): the same for every customer,
 * instance-wide like the customers themselves, written only by their migration (tenants may read
 * them, never change them).
 */
export const measurementTypes = pgTable('measurement_types', {
  uuid: uuid('uuid').primaryKey(),
  name: text('name').notNull().unique(),
  /** What follows a degree sign where the spec shows one ("°" + "C"). */
  unit: text('unit').notNull(),
  /** The unit as written after a value ("°C", "%"). */
  symbol: text('symbol').notNull(),
  /** Their order in lists: the first is the spec's default type of a new rule. */
  position: integer('position').notNull(),
});

/**
 * Raw measurements, partitioned by day on `time` (docs/sensors.md): the migration makes the table
 * PARTITION BY RANGE (time), which this definition cannot say; tagtrack_measurement_partitions()
 * makes each day's table ahead of time and drops those past MEASUREMENT_RETENTION_DAYS. The key
 * holds `time` because a partitioned table's keys must hold its partition key.
 */
export const measurements = pgTable(
  'measurements',
  {
    customerId: customerIdColumn(),
    uuid: uuid('uuid')
      .notNull()
      .default(sql`gen_random_uuid()`),
    time: timestamp('time', { withTimezone: true }).notNull(),
    /** The sensor: the item whose EPC reported the value. */
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    /** The sensor's product when it reported (filters by product without a join). */
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    /** Where the reporting reader was: a location's uuid, kept after the location is gone. */
    locationUuid: uuid('location_uuid'),
    typeUuid: uuid('type_uuid').notNull(),
    value: doublePrecision('value').notNull(),
    readerId: bigint('reader_id', { mode: 'number' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.uuid, t.time] }),
    foreignKey({ columns: [t.customerId, t.itemId], foreignColumns: [items.customerId, items.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.customerId, t.productId], foreignColumns: [products.customerId, products.id] }).onDelete(
      'cascade',
    ),
    index('measurements_time_idx').on(t.customerId, t.time.desc(), t.uuid),
    index('measurements_sensor_idx').on(t.customerId, t.itemId, t.typeUuid, t.time.desc()),
    index('measurements_product_idx').on(t.customerId, t.productId, t.time.desc()),
    index('measurements_location_idx').on(t.customerId, t.locationUuid, t.time.desc()),
  ],
);

/**
 * Observation rules (sensor monitoring events, 03 §3): alert when a sensor of one of the rule's
 * products reports a value of its type below `low_limit` or above `high_limit` for
 * `active_time_threshold` seconds, again only after `cooldown` seconds (docs/sensors.md).
 */
export const observationRules = pgTable(
  'observation_rules',
  {
    customerId: customerIdColumn(),
    id: uuid('id')
      .notNull()
      .default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    typeUuid: uuid('type_uuid')
      .notNull()
      .references(() => measurementTypes.uuid),
    cooldown: integer('cooldown').notNull(),
    activeTimeThreshold: integer('active_time_threshold').notNull(),
    /** The limits (at least one): a value below the low one or above the high one crosses. */
    lowLimit: doublePrecision('low_limit'),
    highLimit: doublePrecision('high_limit'),
    /** E-mail and SMS actions with their recipients, as the console sends them. */
    actions: jsonb('actions').$type<RuleAction[]>().notNull(),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('observation_rules_modified_idx').on(t.customerId, t.modifiedAt.desc()),
  ],
);

/** The products a rule watches; the engine finds a measurement's rules by its product. */
export const observationRuleProducts = pgTable(
  'observation_rule_products',
  {
    customerId: customerIdColumn(),
    ruleId: uuid('rule_id').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.ruleId, t.productId] }),
    foreignKey({
      columns: [t.customerId, t.ruleId],
      foreignColumns: [observationRules.customerId, observationRules.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.customerId, t.productId], foreignColumns: [products.customerId, products.id] }).onDelete(
      'cascade',
    ),
    index('observation_rule_products_product_idx').on(t.customerId, t.productId),
  ],
);

/**
 * A rule's evaluation of one sensor, kept in the database so it survives a restart and is shared
 * by every server process (each batch locks its rows): since when the sensor's values have been
 * over a limit, when it last alerted and the time of the latest value evaluated.
 */
export const observationRuleStates = pgTable(
  'observation_rule_states',
  {
    customerId: customerIdColumn(),
    ruleId: uuid('rule_id').notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    breachSince: timestamp('breach_since', { withTimezone: true }),
    lastAlertAt: timestamp('last_alert_at', { withTimezone: true }),
    lastTime: timestamp('last_time', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.ruleId, t.itemId] }),
    foreignKey({
      columns: [t.customerId, t.ruleId],
      foreignColumns: [observationRules.customerId, observationRules.id],
    }).onDelete('cascade'),
    foreignKey({ columns: [t.customerId, t.itemId], foreignColumns: [items.customerId, items.id] }).onDelete('cascade'),
    index('observation_rule_states_item_idx').on(t.customerId, t.itemId),
  ],
);

/**
 * Alerts (03 §3 Observation, Latest Active Events): a rule's alert for a sensor with the value that
 * raised it, or a reader's health event (a fixed reader gone offline or back). The rule's and
 * reader's names are kept, so an alert outlives them; their ids go null when they are deleted.
 */
export const observations = pgTable(
  'observations',
  {
    customerId: customerIdColumn(),
    uuid: uuid('uuid')
      .notNull()
      .default(sql`gen_random_uuid()`),
    kind: text('kind').$type<ObservationKind>().notNull(),
    ruleId: uuid('rule_id'),
    ruleName: text('rule_name').notNull(),
    itemId: bigint('item_id', { mode: 'number' }),
    productId: bigint('product_id', { mode: 'number' }),
    locationUuid: uuid('location_uuid'),
    readerId: bigint('reader_id', { mode: 'number' }),
    typeUuid: uuid('type_uuid').references(() => measurementTypes.uuid),
    value: doublePrecision('value'),
    /** When the value was measured (or the reader's heartbeat went stale or came back). */
    measuredAt: timestamp('measured_at', { withTimezone: true }).notNull(),
    observationTime: timestamp('observation_time', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.uuid] }),
    // ON DELETE SET NULL (rule_id), which the migration says and this definition cannot. The sensor,
    // product and reader are plain ids: an alert outlives them and shows what is left of them.
    foreignKey({
      columns: [t.customerId, t.ruleId],
      foreignColumns: [observationRules.customerId, observationRules.id],
    }),
    index('observations_time_idx').on(t.customerId, t.observationTime.desc(), t.uuid),
    index('observations_rule_idx').on(t.customerId, t.ruleId),
  ],
);

/**
 * Per-minute aggregates of each sensor's values of each type (docs/sensors.md): the dashboard's
 * 24-hour and 7-day charts read these instead of the raw measurements. Kept in step by each batch,
 * in its transaction; they outlive the raw day tables no longer than MEASUREMENT_RETENTION_DAYS.
 */
export const measurementMinutes = pgTable(
  'measurement_minutes',
  {
    customerId: customerIdColumn(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    typeUuid: uuid('type_uuid').notNull(),
    minute: timestamp('minute', { withTimezone: true }).notNull(),
    samples: integer('samples').notNull(),
    total: doublePrecision('total').notNull(),
    low: doublePrecision('low').notNull(),
    high: doublePrecision('high').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.itemId, t.typeUuid, t.minute] }),
    foreignKey({ columns: [t.customerId, t.itemId], foreignColumns: [items.customerId, items.id] }).onDelete('cascade'),
    // Housekeeping's look across customers for minutes past the retention.
    index('measurement_minutes_minute_idx').on(t.minute),
  ],
);

/**
 * Each sensor's latest value of each type, with its product and location then: the dashboard's
 * tiles, one row a sensor and type, whatever the number of measurements.
 */
export const sensorLatest = pgTable(
  'sensor_latest',
  {
    customerId: customerIdColumn(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    typeUuid: uuid('type_uuid').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    locationUuid: uuid('location_uuid'),
    value: doublePrecision('value').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.itemId, t.typeUuid] }),
    foreignKey({ columns: [t.customerId, t.itemId], foreignColumns: [items.customerId, items.id] }).onDelete('cascade'),
    foreignKey({ columns: [t.customerId, t.productId], foreignColumns: [products.customerId, products.id] }).onDelete(
      'cascade',
    ),
    index('sensor_latest_product_idx').on(t.customerId, t.productId, t.locationUuid),
    index('sensor_latest_location_idx').on(t.customerId, t.locationUuid),
  ],
);

/**
 * Each fixed reader's health as the last sweep judged it (online: every heartbeat fresh; offline:
 * one older than its stale limit, 02 §4), so the next sweep sees a transition and raises one event
 * for it (docs/sensors.md, Reader health).
 */
export const readerHealth = pgTable(
  'reader_health',
  {
    customerId: customerIdColumn(),
    readerId: bigint('reader_id', { mode: 'number' }).notNull(),
    offline: boolean('offline').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.readerId] }),
    foreignKey({ columns: [t.customerId, t.readerId], foreignColumns: [readers.customerId, readers.id] }).onDelete(
      'cascade',
    ),
  ],
);
