import { bigint, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './customers.js';

/** The tenant column every tenant-owned table starts with (and leads its keys and indexes with). */
export const customerIdColumn = () =>
  bigint('customer_id', { mode: 'number' })
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' });

/** A bigint identity id, unique instance-wide, used as the second part of (customer_id, id) keys. */
export const idColumn = () => bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity();

export const createdAtColumn = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
