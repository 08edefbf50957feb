import {
  bigint,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { items, products } from './catalogue.js';
import { customerIdColumn } from './columns.js';

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
