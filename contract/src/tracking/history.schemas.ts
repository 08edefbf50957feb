import { z } from 'zod';
import { ItemStatusSchema } from '../catalogue/item.schemas.js';
import { DEFAULT_PAGE_SIZE, orderingSchema, pageSizeSchema } from '../common/pagination.js';

/** The ledger types a history row may carry: 'trace' for moves by people and trace readers. */
export const LEDGER_TYPES = ['trace', 'goodsin', 'goodsout', 'inventory'] as const;
export type LedgerTypeName = (typeof LEDGER_TYPES)[number];

/** The reader that made a history row, while it still exists. */
export const HistoryReaderSchema = z.object({ id: z.number().int(), serial: z.string(), name: z.string() });

/** One item history row (GET /tag-data/tag/history/). */
export const ItemHistorySchema = z.object({
  id: z.number().int(),
  epc: z.string(),
  item: z.number().int(),
  location: z.uuid(),
  /** Null when the location has been deleted since. */
  location_name: z.string().nullable(),
  previous_location: z.uuid().nullable(),
  previous_location_name: z.string().nullable(),
  status: ItemStatusSchema,
  ledger_type: z.enum(LEDGER_TYPES),
  /** The id the row recorded (null: a change made by a person or by the server). */
  reader_id: z.number().int().nullable(),
  /** That reader, if it still exists. */
  reader: HistoryReaderSchema.nullable(),
  configuration: z.number().int().nullable(),
  happened_at: z.string(),
});
export type ItemHistory = z.infer<typeof ItemHistorySchema>;

export const ITEM_HISTORY_ORDERING = ['happened_at', 'location', 'status', 'ledger_type', 'id'] as const;
export const ITEM_HISTORY_DEFAULT_ORDERING = '-happened_at';

/**
 * GET /tag-data/tag/history/ and its CSV export. `tag` is always an EPC (hex, any case): an EPC can
 * be all digits, so a number there is never read as an item id; `item` takes the item id instead.
 * `location` (a uuid) keeps rows that put an item there.
 */
export const ItemHistoryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  page_size: pageSizeSchema(100, DEFAULT_PAGE_SIZE),
  ordering: orderingSchema(ITEM_HISTORY_ORDERING),
  tag: z.string().trim().max(200).optional(),
  item: z.coerce.number().int().min(1).optional(),
  location: z.uuid({ error: 'invalidLocation' }).optional(),
});
export type ItemHistoryQuery = z.infer<typeof ItemHistoryQuerySchema>;
