import type { FastifyReply } from 'fastify';
import { EXPORT_LIMIT_ROWS, type ItemExportQuery, type ItemHistoryQuery } from '@tagtrack/contract';
import { EXPORT_CHUNK_ROWS, inChunks, sendCsv } from '../../lib/csv-export.js';
import type { ServiceContext } from '../../lib/context.js';
import { findHistoryRows, findLocationPaths } from './item-history.repository.js';
import { historyFilterOf, historyOrderingOf } from './item-history.service.js';
import { findItemExportRows, type ItemExportRow } from './items.repository.js';
import { itemFilterOf, itemOrderingOf } from './items.service.js';

export const ITEM_EXPORT_HEADER = [
  'EPC',
  'Name',
  'Product',
  'SKU',
  'Product Code',
  'Category',
  'Status',
  'Location',
  'Latest Status Update',
] as const;

export const HISTORY_EXPORT_HEADER = [
  'Time',
  'EPC',
  'Location',
  'Previous Location',
  'Status',
  'Ledger Type',
  'Reader',
  'Configuration',
] as const;

/** Location paths ('Site > Hall > Shelf') for the rows of a chunk, each location asked once per export. */
function pathCache(ctx: ServiceContext) {
  const known = new Map<string, string>();
  return async (uuids: readonly (string | null)[]) => {
    const missing = [...new Set(uuids)].filter((u): u is string => u !== null && !known.has(u));
    for (const [uuid, path] of await findLocationPaths(ctx.tenant, missing)) known.set(uuid, path);
    return (uuid: string | null, fallback: string | null) => (uuid === null ? '' : (known.get(uuid) ?? fallback ?? ''));
  };
}

/** GET /tag-data/tag/export/csv/: the list's rows (same filters and ordering) as item-tracking.csv. */
export async function exportItemsCsv(
  ctx: ServiceContext,
  reply: FastifyReply,
  query: ItemExportQuery,
  limit = EXPORT_LIMIT_ROWS,
  chunkRows = EXPORT_CHUNK_ROWS,
): Promise<FastifyReply> {
  const filter = itemFilterOf(query);
  const ordering = itemOrderingOf(query);
  const paths = pathCache(ctx);
  async function* rows() {
    for await (const chunk of inChunks<ItemExportRow>(
      (offset, size, last) => findItemExportRows(ctx.tenant, filter, ordering, { offset, limit: size }, last?.id),
      limit,
      chunkRows,
    )) {
      const pathOf = await paths(chunk.map((r) => r.locationUuid));
      yield chunk.map((r) => [
        r.code,
        r.name,
        r.productName,
        r.productSku,
        r.productCode,
        r.categoryName,
        r.status,
        pathOf(r.locationUuid, r.locationName),
        r.latestStatusUpdate,
      ]);
    }
  }
  return sendCsv(reply, 'item-tracking.csv', ITEM_EXPORT_HEADER, rows(), limit);
}

/** GET /tag-data/tag/history/export/csv/: the history list's rows as item-history-{EPC}.csv. */
export async function exportItemHistoryCsv(
  ctx: ServiceContext,
  reply: FastifyReply,
  query: Pick<ItemHistoryQuery, 'tag' | 'item' | 'location' | 'ordering'>,
  limit = EXPORT_LIMIT_ROWS,
): Promise<FastifyReply> {
  const filter = historyFilterOf(query);
  const ordering = historyOrderingOf(query);
  const paths = pathCache(ctx);
  async function* rows() {
    for await (const chunk of inChunks(
      (offset, size) => findHistoryRows(ctx.tenant, filter, ordering, { offset, limit: size }),
      limit,
    )) {
      const pathOf = await paths(chunk.flatMap((r) => [r.locationUuid, r.previousLocationUuid]));
      yield chunk.map((r) => [
        r.happenedAt,
        r.epc,
        pathOf(r.locationUuid, r.locationName),
        pathOf(r.previousLocationUuid, r.previousLocationName),
        r.status,
        r.ledgerType,
        r.readerSerial ?? (r.readerId === null ? '' : String(r.readerId)),
        r.configurationId,
      ]);
    }
  }
  const fileName = filter.epc ? `item-history-${filter.epc.replace(/[^0-9A-Za-z_-]/g, '_')}.csv` : 'item-history.csv';
  return sendCsv(reply, fileName, HISTORY_EXPORT_HEADER, rows(), limit);
}
