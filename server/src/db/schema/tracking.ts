import { bigint, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { ItemStatus } from '@tagtrack/contract';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';
import { items } from './catalogue.js';
import { readers } from './readers.js';

/** The ledger types a configuration's data_format names; a history row carries the first one. */
export type LedgerType = 'trace' | 'goodsin' | 'goodsout' | 'inventory';

/**
 * Item history: one row each time a read puts an item somewhere new or changes its status (and
 * when a read first creates it, previous_location_uuid null). Reader and configuration ids are
 * kept as plain numbers, so deleting either leaves the record as it was.
 */
export const itemHistory = pgTable(
  'item_history',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    locationUuid: uuid('location_uuid').notNull(),
    previousLocationUuid: uuid('previous_location_uuid'),
    status: text('status').$type<ItemStatus>().notNull(),
    ledgerType: text('ledger_type').$type<LedgerType>().notNull(),
    readerId: bigint('reader_id', { mode: 'number' }),
    configurationId: bigint('configuration_id', { mode: 'number' }),
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('item_history_item_idx').on(t.customerId, t.itemId, t.happenedAt),
    index('item_history_epc_idx').on(t.customerId, t.epc, t.happenedAt),
    index('item_history_location_idx').on(t.customerId, t.locationUuid, t.happenedAt),
    foreignKey({ columns: [t.customerId, t.itemId], foreignColumns: [items.customerId, items.id] }).onDelete('cascade'),
  ],
);

/**
 * The read batches each reader has had applied, so a retried batch (same id) changes nothing and
 * answers the counts of the first time.
 */
export const ingestBatches = pgTable(
  'ingest_batches',
  {
    customerId: customerIdColumn(),
    readerId: bigint('reader_id', { mode: 'number' }).notNull(),
    batchId: text('batch_id').notNull(),
    accepted: integer('accepted').notNull().default(0),
    moved: integer('moved').notNull().default(0),
    created: integer('created').notNull().default(0),
    ignored: integer('ignored').notNull().default(0),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.readerId, t.batchId] }),
    foreignKey({ columns: [t.customerId, t.readerId], foreignColumns: [readers.customerId, readers.id] }).onDelete(
      'cascade',
    ),
  ],
);
