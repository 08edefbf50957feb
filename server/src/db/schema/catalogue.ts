import { sql } from 'drizzle-orm';
import {
  bigint,
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
import type { AttributeType, AttributeValue, EncodingMethod, ItemStatus, ProductMetadata } from '@tagtrack/contract';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';
import { locations } from './locations.js';

const updatedAtColumn = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** The encoding methods of a customer: one row per method, created with the customer. */
export const encodings = pgTable(
  'encodings',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    method: text('method').$type<EncodingMethod>().notNull(),
    disabled: boolean('disabled').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    metadata: jsonb('metadata').$type<{ companyPrefix?: string }>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    uniqueIndex('encodings_method_key').on(t.customerId, t.method),
    uniqueIndex('encodings_default_key')
      .on(t.customerId)
      .where(sql`${t.isDefault}`),
  ],
);

/** Categories: top level (parent null) and one level of subcategories. */
export const categories = pgTable(
  'categories',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    parentId: bigint('parent_id', { mode: 'number' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    encodingId: bigint('encoding_id', { mode: 'number' }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('categories_parent_name_idx').on(t.customerId, t.parentId, t.name),
    index('categories_name_idx').on(t.customerId, t.name),
    foreignKey({ columns: [t.customerId, t.parentId], foreignColumns: [t.customerId, t.id] }).onDelete('cascade'),
    foreignKey({
      columns: [t.customerId, t.encodingId],
      foreignColumns: [encodings.customerId, encodings.id],
    }).onDelete('restrict'),
  ],
);

/** The custom attributes (fields) of a category, in the order the form lists them. */
export const categoryFields = pgTable(
  'category_fields',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    categoryId: bigint('category_id', { mode: 'number' }).notNull(),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    type: text('type').$type<AttributeType>().notNull(),
    required: boolean('required').notNull().default(false),
    defaultValue: text('default_value'),
    fixedData: boolean('fixed_data').notNull().default(false),
    fixedValue: text('fixed_value'),
    assetData: boolean('asset_data').notNull().default(false),
    showInTable: boolean('show_in_table').notNull().default(false),
    options: jsonb('options').$type<string[]>().notNull().default([]),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('category_fields_category_idx').on(t.customerId, t.categoryId, t.position),
    foreignKey({
      columns: [t.customerId, t.categoryId],
      foreignColumns: [categories.customerId, categories.id],
    }).onDelete('cascade'),
  ],
);

/**
 * Products by SKU. The special product Unassigned (special = 'unassigned') receives items whose
 * EPC maps to no product. Attribute values of product-level fields are kept with the product.
 */
export const products = pgTable(
  'products',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    productCode: text('product_code'),
    categoryId: bigint('category_id', { mode: 'number' }),
    encodingId: bigint('encoding_id', { mode: 'number' }),
    metadata: jsonb('metadata').$type<ProductMetadata>().notNull().default({}),
    attributes: jsonb('attributes').$type<AttributeValue[]>().notNull().default([]),
    special: text('special').$type<'unassigned'>(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    uniqueIndex('products_sku_key').on(t.customerId, t.sku),
    uniqueIndex('products_product_code_key')
      .on(t.customerId, t.productCode)
      .where(sql`${t.productCode} is not null`),
    uniqueIndex('products_special_key')
      .on(t.customerId, t.special)
      .where(sql`${t.special} is not null`),
    index('products_category_idx').on(t.customerId, t.categoryId),
    index('products_name_idx').on(t.customerId, t.name),
    // The count lists walk products in the order shown (name, SKU or code, case-insensitive, then
    // id) and stop at the page's end, rather than counting every product and location first.
    index('products_lower_name_idx').on(t.customerId, sql`lower(${t.name})`, t.id),
    index('products_lower_sku_idx').on(t.customerId, sql`lower(${t.sku})`, t.id),
    index('products_lower_code_idx').on(t.customerId, sql`lower(${t.productCode})`, t.id),
    foreignKey({
      columns: [t.customerId, t.categoryId],
      foreignColumns: [categories.customerId, categories.id],
    }).onDelete('restrict'),
    foreignKey({
      columns: [t.customerId, t.encodingId],
      foreignColumns: [encodings.customerId, encodings.id],
    }).onDelete('restrict'),
  ],
);

/**
 * Items (assets) by EPC. A deleted item is marked removed and moved to the Removed root; it keeps
 * its history and remembers where it was (restore_location_uuid) for a restore.
 */
export const items = pgTable(
  'items',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    code: text('code').notNull(),
    productId: bigint('product_id', { mode: 'number' }).notNull(),
    name: text('name').notNull().default(''),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    attributes: jsonb('attributes').$type<AttributeValue[]>().notNull().default([]),
    status: text('status').$type<ItemStatus>().notNull().default('in'),
    locationUuid: uuid('location_uuid').notNull(),
    removed: boolean('removed').notNull().default(false),
    restoreLocationUuid: uuid('restore_location_uuid'),
    latestStatusUpdate: timestamp('latest_status_update', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When a reader last saw the item (null: never). Reads bump it at a coarse grain, so repeat
     * sightings seldom write; lost detection compares it with the customer's lost time. No index
     * holds it, so a sighting's write changes no index and stays on the item's page (a HOT update;
     * the table keeps a tenth of each page free for them, migration 0015).
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    uniqueIndex('items_code_key').on(t.customerId, t.code),
    index('items_location_product_idx').on(t.customerId, t.locationUuid, t.productId),
    index('items_product_idx').on(t.customerId, t.productId),
    index('items_removed_latest_idx').on(t.customerId, t.removed, t.latestStatusUpdate, t.id),
    // The list filtered by a status (lost, out), newest first, without walking every item.
    index('items_status_latest_idx').on(t.customerId, t.removed, t.status, t.latestStatusUpdate, t.id),
    foreignKey({
      columns: [t.customerId, t.productId],
      foreignColumns: [products.customerId, products.id],
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.customerId, t.locationUuid],
      foreignColumns: [locations.customerId, locations.uuid],
    }).onDelete('restrict'),
  ],
);

/**
 * The searchable text of each item (its EPC and name), kept by triggers on items (migration
 * 0012), under a trigram index for the search by part of it (ILIKE '%…%'). It lives apart from
 * items because reads update items all day: a trigram index there would take some twenty entries
 * per move, here it takes them once per item.
 */
export const itemSearch = pgTable(
  'item_search',
  {
    customerId: customerIdColumn(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.itemId] }),
    // Trigrams, the customer leading (btree_gin).
    index('item_search_trgm_idx').using('gin', t.customerId, t.code.op('gin_trgm_ops'), t.name.op('gin_trgm_ops')),
    foreignKey({ columns: [t.customerId, t.itemId], foreignColumns: [items.customerId, items.id] }).onDelete('cascade'),
  ],
);
