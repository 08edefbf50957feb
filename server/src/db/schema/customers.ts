import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A tenant. Its id leads the keys of every tenant-owned table. */
export const customers = pgTable('customers', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  /** A data: URL of the company logo, or null for the default. */
  logo: text('logo'),
  extensions: jsonb('extensions').$type<string[]>().notNull().default([]),
  leafLocationLimit: integer('leaf_location_limit'),
  isDemo: boolean('is_demo').notNull().default(false),
  /** Minutes an item may go unseen at a location with readers before it is lost; 0 turns it off. */
  lostAfterMinutes: integer('lost_after_minutes').notNull().default(1440),
  /**
   * Bumped by every change to the customer's items that the read ingest did not make itself (the
   * console, imports, inventory sessions, the lost sweep): the ingest's memory of its items holds
   * only while it is unchanged (modules/tracking/sighting-cache.ts).
   */
  itemsEpoch: bigint('items_epoch', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Instance-wide settings that are not tenant data (e.g. the generated JWT secret). */
export const instanceSettings = pgTable('instance_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
