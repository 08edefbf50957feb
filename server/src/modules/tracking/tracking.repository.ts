import { eq, sql } from 'drizzle-orm';
import { ingestBatches, items, itemHistory } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { placingConfigurationsJson, type PlacingConfiguration } from '../readers/readers.repository.js';
import type { ItemState, Move, PlacedRead, Sighting } from './read-plan.js';

export interface BatchCounts {
  accepted: number;
  moved: number;
  created: number;
  ignored: number;
}

/** One array parameter per column, unnested by the database: a whole batch in one statement. */
const column = <T>(rows: readonly T[], pick: (row: T) => unknown) => sql.param(rows.map(pick));

/**
 * Records a batch id for a reader with the counts it is answered with: true when it is new. A
 * second record of the same id (a retry, or the same batch sent twice at once) waits for the first
 * transaction and then answers false.
 */
export async function recordBatch(
  tenant: TenantScope,
  readerId: number,
  batchId: string,
  counts: BatchCounts,
): Promise<boolean> {
  const rows = await tenant
    .insert(ingestBatches, { readerId, batchId, ...counts })
    .onConflictDoNothing()
    .returning({ batchId: ingestBatches.batchId });
  return rows.length > 0;
}

/** The counts a batch was answered with the first time. */
export async function findBatchCounts(tenant: TenantScope, readerId: number, batchId: string): Promise<BatchCounts> {
  const [row] = await tenant.db
    .select({
      accepted: ingestBatches.accepted,
      moved: ingestBatches.moved,
      created: ingestBatches.created,
      ignored: ingestBatches.ignored,
    })
    .from(ingestBatches)
    .where(tenant.where(ingestBatches, eq(ingestBatches.readerId, readerId), eq(ingestBatches.batchId, batchId)));
  return row ?? { accepted: 0, moved: 0, created: 0, ignored: 0 };
}

export type StoredItem = ItemState & { removed: boolean };

const storedItem = (row: {
  id: number | string;
  code: string;
  removed: boolean;
  location_uuid: string | null;
  status: string;
  latest_status_update: Date | string | null;
  last_seen_at: Date | string | null;
}): StoredItem => {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: Number(row.id),
    code: row.code,
    removed: row.removed,
    locationUuid: row.location_uuid,
    status: row.status,
    latestStatusUpdate: date(row.latest_status_update),
    lastSeenAt: date(row.last_seen_at),
  };
};

/** The tenant's items of those codes, in id order; locked when lock is set. */
const itemsQuery = (tenant: TenantScope, codes: readonly string[], lock: boolean) => sql`
  select id, code, removed, location_uuid, status, latest_status_update, last_seen_at
  from ${items}
  where customer_id = ${tenant.customerId} and code = any(${sql.param([...codes])}::text[])
  order by id
  ${lock ? sql`for no key update` : sql``}`;

/**
 * The existing items among the codes, locked for the rest of the transaction in id order (one
 * statement). Locking first means a concurrent batch on the same items waits, and the state read
 * here is the latest committed one, so what is decided on it holds until the commit; the fixed
 * order keeps batches from deadlocking on each other. SECURITY: limited to the tenant.
 */
export async function lockItemsByCodes(tenant: TenantScope, codes: readonly string[]): Promise<StoredItem[]> {
  if (codes.length === 0) return [];
  const result = (await tenant.db.execute(itemsQuery(tenant, codes, true))) as unknown as {
    rows: Parameters<typeof storedItem>[0][];
  };
  return result.rows.map(storedItem);
}

/**
 * What a batch starts from, in one round trip: its items as last committed, not locked (most
 * reads are repeat sightings that write nothing, and a lock is a write of its own), and the
 * configurations assigned to its reader (which place the reads). SECURITY: limited to the tenant.
 */
export async function readBatchItems(
  tenant: TenantScope,
  readerId: number,
  codes: readonly string[],
): Promise<{ items: StoredItem[]; configurations: PlacingConfiguration[] }> {
  const result = (await tenant.db.execute(sql`
    with found as (${itemsQuery(tenant, codes, false)})
    select coalesce((select json_agg(found) from found), '[]'::json) as items,
      ${placingConfigurationsJson(tenant, readerId)} as configurations`)) as unknown as {
    rows: { items: Parameters<typeof storedItem>[0][] | string; configurations: PlacingConfiguration[] | string }[];
  };
  const row = result.rows[0]!;
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return { items: json(row.items).map(storedItem), configurations: json(row.configurations) };
}

/**
 * New items for EPCs seen for the first time, each with its creation in the history (previous
 * location none). An EPC another batch created meanwhile is skipped here and left to applyBatch.
 * Answers the codes created. SECURITY: customer_id is the tenant's on every row.
 */
export async function createReadItems(
  tenant: TenantScope,
  readerId: number,
  rows: readonly (PlacedRead & { productId: number })[],
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const result = (await tenant.db.execute(sql`
    with input as (
      select * from unnest(
        ${column(rows, (r) => r.code)}::text[],
        ${column(rows, (r) => r.productId)}::bigint[],
        ${column(rows, (r) => r.location)}::uuid[],
        ${column(rows, (r) => r.time.toISOString())}::timestamptz[],
        ${column(rows, (r) => r.ledgerType)}::text[],
        ${column(rows, (r) => r.configurationId)}::bigint[]
      ) as u(code, product_id, location_uuid, happened_at, ledger_type, configuration_id)
    ),
    created as (
      insert into ${items} (customer_id, code, product_id, status, location_uuid, latest_status_update, last_seen_at)
      select ${tenant.customerId}, code, product_id, 'in', location_uuid, happened_at, happened_at from input
      on conflict (customer_id, code) do nothing
      returning id, code, location_uuid, latest_status_update
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status, ledger_type,
        reader_id, configuration_id, happened_at)
      select ${tenant.customerId}, c.id, c.code, c.location_uuid, null, 'in', i.ledger_type, ${readerId}, i.configuration_id,
        c.latest_status_update
      from created c join input i on i.code = c.code
    )
    select code from created`)) as unknown as { rows: { code: string }[] };
  return new Set(result.rows.map((r) => r.code));
}

/**
 * Writes what a batch decided in one statement, the last of its transaction: the moves (location,
 * status 'in', latest_status_update and last_seen_at, with one history row each), the sightings
 * (last_seen_at of items read where they are, never backwards) and the batch id with its counts.
 * Answers false when the batch id was already recorded (a retry, or the same batch sent twice at
 * once, which waits for the first transaction): the caller then rolls its work back. The items it
 * writes are locked by lockItemsByCodes, so the plan was made on their current state; a move and a
 * sighting never name the same item. SECURITY: every row read and written is the tenant's.
 */
export async function applyBatch(
  tenant: TenantScope,
  readerId: number,
  batchId: string,
  counts: BatchCounts,
  plan: { moves: readonly Move[]; sightings: readonly Sighting[] },
): Promise<boolean> {
  const { moves, sightings } = plan;
  const result = (await tenant.db.execute(sql`
    with move as (
      select * from unnest(
        ${column(moves, (m) => m.itemId)}::bigint[],
        ${column(moves, (m) => m.previousLocation)}::uuid[],
        ${column(moves, (m) => m.location)}::uuid[],
        ${column(moves, (m) => m.time.toISOString())}::timestamptz[],
        ${column(moves, (m) => m.ledgerType)}::text[],
        ${column(moves, (m) => m.configurationId)}::bigint[]
      ) as u(id, previous_location_uuid, location_uuid, happened_at, ledger_type, configuration_id)
    ),
    moved as (
      update ${items} t
      set location_uuid = i.location_uuid, status = 'in', latest_status_update = i.happened_at,
        last_seen_at = i.happened_at, updated_at = now()
      from move i
      where t.customer_id = ${tenant.customerId} and t.id = i.id
      returning t.id, t.code
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status, ledger_type,
        reader_id, configuration_id, happened_at)
      select ${tenant.customerId}, m.id, m.code, i.location_uuid, i.previous_location_uuid, 'in', i.ledger_type,
        ${readerId}, i.configuration_id, i.happened_at
      from moved m join move i on i.id = m.id
    ),
    seen as (
      update ${items} t
      set last_seen_at = u.at
      from unnest(
        ${column(sightings, (s) => s.itemId)}::bigint[],
        ${column(sightings, (s) => s.time.toISOString())}::timestamptz[]
      ) as u(id, at)
      where t.customer_id = ${tenant.customerId} and t.id = u.id and (t.last_seen_at is null or t.last_seen_at < u.at)
    ),
    batch as (
      insert into ${ingestBatches} (customer_id, reader_id, batch_id, accepted, moved, created, ignored)
      values (${tenant.customerId}, ${readerId}, ${batchId}, ${counts.accepted}, ${counts.moved}, ${counts.created},
        ${counts.ignored})
      on conflict do nothing
      returning 1
    )
    select count(*)::int as recorded from batch`)) as unknown as { rows: { recorded: number }[] };
  return result.rows[0]?.recorded === 1;
}
