import { integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';

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
