import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ItemStatus } from '@tagtrack/contract';
import { itemHistory, locations, readers, type LedgerType } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

const place = alias(locations, 'history_location');
const previous = alias(locations, 'history_previous_location');

export interface HistoryFilter {
  epc?: string;
  itemId?: number;
  locationUuid?: string;
}

export type HistoryOrderField = 'happened_at' | 'location' | 'status' | 'ledger_type' | 'id';

const ORDER_COLUMNS: Record<HistoryOrderField, SQL> = {
  happened_at: sql`${itemHistory.happenedAt}`,
  location: sql`lower(${place.name})`,
  status: sql`${itemHistory.status}`,
  ledger_type: sql`${itemHistory.ledgerType}`,
  id: sql`${itemHistory.id}`,
};

export interface HistoryListRow {
  id: number;
  itemId: number;
  epc: string;
  locationUuid: string;
  locationName: string | null;
  previousLocationUuid: string | null;
  previousLocationName: string | null;
  status: ItemStatus;
  ledgerType: LedgerType;
  readerId: number | null;
  readerSerial: string | null;
  readerName: string | null;
  configurationId: number | null;
  happenedAt: Date;
}

function conditionsOf(filter: HistoryFilter): (SQL | undefined)[] {
  return [
    filter.epc === undefined ? undefined : eq(itemHistory.epc, filter.epc),
    filter.itemId === undefined ? undefined : eq(itemHistory.itemId, filter.itemId),
    filter.locationUuid === undefined ? undefined : eq(itemHistory.locationUuid, filter.locationUuid),
  ];
}

/**
 * History rows, filtered, ordered and windowed in the database. The filters ride the
 * (customer, epc | item | location, happened_at) indexes. SECURITY: every joined table is matched
 * on the row's own customer, and the rows are the tenant's.
 */
export async function findHistoryRows(
  tenant: TenantScope,
  filter: HistoryFilter,
  ordering: { field: HistoryOrderField; descending: boolean }[],
  page: { offset: number; limit: number },
): Promise<HistoryListRow[]> {
  const orderBy = ordering.map(({ field, descending }) =>
    descending ? sql`${ORDER_COLUMNS[field]} desc` : sql`${ORDER_COLUMNS[field]} asc`,
  );
  const last = ordering[ordering.length - 1];
  return tenant.db
    .select({
      id: itemHistory.id,
      itemId: itemHistory.itemId,
      epc: itemHistory.epc,
      locationUuid: itemHistory.locationUuid,
      locationName: place.name,
      previousLocationUuid: itemHistory.previousLocationUuid,
      previousLocationName: previous.name,
      status: itemHistory.status,
      ledgerType: itemHistory.ledgerType,
      readerId: itemHistory.readerId,
      readerSerial: readers.serial,
      readerName: readers.name,
      configurationId: itemHistory.configurationId,
      happenedAt: itemHistory.happenedAt,
    })
    .from(itemHistory)
    .leftJoin(place, and(eq(place.customerId, itemHistory.customerId), eq(place.uuid, itemHistory.locationUuid)))
    .leftJoin(
      previous,
      and(eq(previous.customerId, itemHistory.customerId), eq(previous.uuid, itemHistory.previousLocationUuid)),
    )
    .leftJoin(readers, and(eq(readers.customerId, itemHistory.customerId), eq(readers.id, itemHistory.readerId)))
    .where(tenant.where(itemHistory, ...conditionsOf(filter)))
    .orderBy(...orderBy, last?.descending ? desc(itemHistory.id) : asc(itemHistory.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countHistoryRows(tenant: TenantScope, filter: HistoryFilter): Promise<number> {
  const [row] = await tenant.db
    .select({ n: count() })
    .from(itemHistory)
    .where(tenant.where(itemHistory, ...conditionsOf(filter)));
  return row?.n ?? 0;
}

/** A change made by a person (or the server) rather than a reader: ledger 'trace', no reader. */
export interface ManualHistoryEntry {
  itemId: number;
  epc: string;
  locationUuid: string;
  previousLocationUuid: string | null;
  status: ItemStatus;
  happenedAt: Date;
}

export async function insertManualHistory(tenant: TenantScope, entries: readonly ManualHistoryEntry[]): Promise<void> {
  for (let i = 0; i < entries.length; i += 1000) {
    await tenant.insertMany(
      itemHistory,
      entries.slice(i, i + 1000).map((e) => ({
        ...e,
        ledgerType: 'trace' as const,
        readerId: null,
        configurationId: null,
      })),
    );
  }
}

/**
 * The path of each location from its root, names joined with ' > ' (one recursive query).
 * SECURITY: both arms stay inside the customer's tree.
 */
export async function findLocationPaths(tenant: TenantScope, uuids: readonly string[]): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  if (uuids.length === 0) return paths;
  const result = (await tenant.db.execute(sql`
    with recursive up(start, parent, name, depth) as (
      select l.uuid, l.parent_uuid, l.name, 0 from locations l
       where l.customer_id = ${tenant.customerId}
         and l.uuid in (${sql.join(
           uuids.map((uuid) => sql`${uuid}::uuid`),
           sql`, `,
         )})
      union all
      select up.start, p.parent_uuid, p.name, up.depth + 1 from locations p join up on p.uuid = up.parent
       where p.customer_id = ${tenant.customerId} and up.depth < 64
    )
    select start::text as uuid, string_agg(name, ' > ' order by depth desc) as path from up group by start`)) as unknown as {
    rows: { uuid: string; path: string }[];
  };
  for (const row of result.rows) paths.set(row.uuid, row.path);
  return paths;
}
