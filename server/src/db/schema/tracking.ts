import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
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
 * answers the counts of the first time. Kept INGEST_BATCH_RETENTION_DAYS (the window a reader has to
 * send a batch again), then deleted by the housekeeping.
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
    // Housekeeping deletes each customer's batches past INGEST_BATCH_RETENTION_DAYS through it.
    index('ingest_batches_received_idx').on(t.customerId, t.receivedAt),
    foreignKey({ columns: [t.customerId, t.readerId], foreignColumns: [readers.customerId, readers.id] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * How many items of each product each location holds, per status. Kept exact by statement-level
 * triggers on items (migration 0010): every insert, delete and change of location, product or
 * status adds its difference in the same transaction, so counts never drift while items move and
 * answer without scanning items. `GET /tag-data/location/itemcount/recalculate` rebuilds them.
 */
export const locationProductCounts = pgTable(
  'location_product_counts',
  {
    customerId: customerIdColumn(),
    locationUuid: uuid('location_uuid').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    status: text('status').$type<ItemStatus>().notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.locationUuid, t.productId, t.status] }),
    index('location_product_counts_product_idx').on(t.customerId, t.productId, t.locationUuid),
  ],
);

/**
 * How many items each location holds, per status: location_product_counts summed over products,
 * kept exact by the same triggers (migration 0014), so totals that name no product (the item
 * list's count, a location's inventory) read a few rows per location instead of one per product.
 */
export const locationStatusCounts = pgTable(
  'location_status_counts',
  {
    customerId: customerIdColumn(),
    locationUuid: uuid('location_uuid').notNull(),
    status: text('status').$type<ItemStatus>().notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
    /**
     * How many products the location holds in this status: its location_product_counts rows
     * above 0, kept by the same settle (migration 0031), so the count lists' totals read a few
     * rows per location instead of one per product.
     */
    products: bigint('products', { mode: 'number' }).notNull().default(0),
    /**
     * How many times one of the location's product rows in this status crossed 0 (a product
     * arriving or leaving): it changes exactly when the set of products held here does, so the
     * location tree can tell whether what it counted over each subtree still holds.
     */
    productChanges: bigint('product_changes', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.locationUuid, t.status] })],
);

/**
 * Count changes a transaction has made and not yet applied: one row per statement that changed
 * items (and per customer), written by the items' count triggers and settled at commit (migration
 * 0016). A deferred trigger applies all of a transaction's rows to location_product_counts and
 * location_status_counts in one statement, in key order, and deletes them: no row outlives its
 * transaction. Taking every count row at commit, in one order, is what keeps concurrent writers
 * moving items both ways between the same locations from deadlocking (docs/counts.md).
 */
export const locationCountChanges = pgTable(
  'location_count_changes',
  {
    customerId: customerIdColumn(),
    /** The writing transaction (txid_current()). */
    xact: bigint('xact', { mode: 'number' }).notNull(),
    id: idColumn(),
    locationUuids: uuid('location_uuids').array().notNull(),
    productIds: bigint('product_ids', { mode: 'number' }).array().notNull(),
    statuses: text('statuses').array().notNull(),
    changes: bigint('changes', { mode: 'number' }).array().notNull(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.xact, t.id] })],
);

export type InventorySessionStatus = 'pending' | 'triage' | 'confirmed' | 'abandoned' | 'reopen';

/**
 * An inventory session (03 §4): handheld readers count the chosen locations; confirming applies
 * the result to the items. The hash names it in the console's URL and to handheld readers.
 */
export const inventorySessions = pgTable(
  'inventory_sessions',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    hash: text('hash').notNull(),
    status: text('status').$type<InventorySessionStatus>().notNull().default('pending'),
    createdBy: bigint('created_by', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    uniqueIndex('inventory_sessions_hash_key').on(t.customerId, t.hash),
    index('inventory_sessions_status_idx').on(t.customerId, t.status, t.createdAt),
  ],
);

/**
 * The locations of a session. `open` is true while the session is not confirmed or abandoned; a
 * location can be in one open session only (partial unique index).
 */
export const inventorySessionLocations = pgTable(
  'inventory_session_locations',
  {
    customerId: customerIdColumn(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    locationUuid: uuid('location_uuid').notNull(),
    open: boolean('open').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.sessionId, t.locationUuid] }),
    uniqueIndex('inventory_session_locations_open_key')
      .on(t.customerId, t.locationUuid)
      .where(sql`${t.open}`),
    foreignKey({
      columns: [t.customerId, t.sessionId],
      foreignColumns: [inventorySessions.customerId, inventorySessions.id],
    }).onDelete('cascade'),
  ],
);

/** The tags handheld readers saw in a session, each at the session location it was counted in. */
export const inventorySessionReads = pgTable(
  'inventory_session_reads',
  {
    customerId: customerIdColumn(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    locationUuid: uuid('location_uuid').notNull(),
    readerId: bigint('reader_id', { mode: 'number' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.sessionId, t.epc] }),
    index('inventory_session_reads_location_idx').on(t.customerId, t.sessionId, t.locationUuid),
    foreignKey({
      columns: [t.customerId, t.sessionId],
      foreignColumns: [inventorySessions.customerId, inventorySessions.id],
    }).onDelete('cascade'),
  ],
);

export type InventoryOutcome = 'found' | 'missing' | 'unexpected';

/**
 * A confirmed session's result, written once at confirmation with the product's SKU and name as
 * they were, so later changes (deleted products or items) do not rewrite the record.
 */
export const inventorySessionResults = pgTable(
  'inventory_session_results',
  {
    customerId: customerIdColumn(),
    sessionId: bigint('session_id', { mode: 'number' }).notNull(),
    epc: text('epc').notNull(),
    locationUuid: uuid('location_uuid').notNull(),
    locationName: text('location_name').notNull(),
    itemId: bigint('item_id', { mode: 'number' }),
    productSku: text('product_sku').notNull(),
    productName: text('product_name').notNull(),
    outcome: text('outcome').$type<InventoryOutcome>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.sessionId, t.epc] }),
    index('inventory_session_results_location_idx').on(t.customerId, t.sessionId, t.locationUuid, t.outcome),
    foreignKey({
      columns: [t.customerId, t.sessionId],
      foreignColumns: [inventorySessions.customerId, inventorySessions.id],
    }).onDelete('cascade'),
  ],
);
