import { sql } from 'drizzle-orm';
import {
  boolean,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FloorPlanShape } from '@tagtrack/contract';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';

/** The location tree of a customer. Roots have no parent; Removed and Unassigned are special roots. */
export const locations = pgTable(
  'locations',
  {
    customerId: customerIdColumn(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    parentUuid: uuid('parent_uuid'),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    special: text('special').$type<'removed' | 'unassigned'>(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.uuid] }),
    index('locations_parent_idx').on(t.customerId, t.parentUuid),
    uniqueIndex('locations_special_key')
      .on(t.customerId, t.special)
      .where(sql`${t.special} is not null`),
    foreignKey({ columns: [t.customerId, t.parentUuid], foreignColumns: [t.customerId, t.uuid] }).onDelete('restrict'),
  ],
);

/** Images of a location; the bytes live in the file storage under storage_key. */
export const locationFiles = pgTable(
  'location_files',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    locationUuid: uuid('location_uuid').notNull(),
    name: text('name').notNull(),
    type: text('type').$type<'floor plan' | 'other'>().notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('location_files_location_idx').on(t.customerId, t.locationUuid, t.type),
    foreignKey({
      columns: [t.customerId, t.locationUuid],
      foreignColumns: [locations.customerId, locations.uuid],
    }).onDelete('cascade'),
  ],
);

/** The shapes drawn on a location's floor plan, each bound to a descendant location. */
export const locationFloorPlans = pgTable(
  'location_floor_plans',
  {
    customerId: customerIdColumn(),
    locationUuid: uuid('location_uuid').notNull(),
    shapes: jsonb('shapes').$type<FloorPlanShape[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.locationUuid] }),
    foreignKey({
      columns: [t.customerId, t.locationUuid],
      foreignColumns: [locations.customerId, locations.uuid],
    }).onDelete('cascade'),
  ],
);
