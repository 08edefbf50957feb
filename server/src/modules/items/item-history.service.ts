import {
  ITEM_HISTORY_DEFAULT_ORDERING,
  ITEM_HISTORY_ORDERING,
  pageWindow,
  parseOrdering,
  type ItemHistory,
  type ItemHistoryQuery,
  type Paged,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import {
  countHistoryRows,
  findHistoryRows,
  type HistoryFilter,
  type HistoryListRow,
  type HistoryOrderField,
} from './item-history.repository.js';

export function historyFilterOf(query: Pick<ItemHistoryQuery, 'tag' | 'item' | 'location'>): HistoryFilter {
  return {
    epc: query.tag ? query.tag.toUpperCase() : undefined,
    itemId: query.item,
    locationUuid: query.location,
  };
}

export function historyOrderingOf(query: Pick<ItemHistoryQuery, 'ordering'>) {
  return parseOrdering<HistoryOrderField>(query.ordering, ITEM_HISTORY_ORDERING, ITEM_HISTORY_DEFAULT_ORDERING);
}

export function presentHistory(row: HistoryListRow): ItemHistory {
  return {
    id: row.id,
    epc: row.epc,
    item: row.itemId,
    location: row.locationUuid,
    location_name: row.locationName,
    previous_location: row.previousLocationUuid,
    previous_location_name: row.previousLocationName,
    status: row.status,
    ledger_type: row.ledgerType,
    reader_id: row.readerId,
    reader:
      row.readerId !== null && row.readerSerial !== null
        ? { id: row.readerId, serial: row.readerSerial, name: row.readerName ?? '' }
        : null,
    configuration: row.configurationId,
    happened_at: row.happenedAt.toISOString(),
  };
}

/** GET /tag-data/tag/history/: one page of the customer's item history, newest first by default. */
export async function listItemHistory(ctx: ServiceContext, query: ItemHistoryQuery): Promise<Paged<ItemHistory>> {
  const filter = historyFilterOf(query);
  const [count, rows] = await Promise.all([
    countHistoryRows(ctx.tenant, filter),
    findHistoryRows(ctx.tenant, filter, historyOrderingOf(query), pageWindow(query)),
  ]);
  return { count, results: rows.map(presentHistory) };
}
