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

/**
 * An item as a batch read it, with its row version (xmin: any later write of the row changes it),
 * which the batch's writes require unchanged.
 */
export type BatchItem = ItemState & { removed: boolean; version: string };

const batchItem = (row: {
  id: number | string;
  code: string;
  removed: boolean;
  location_uuid: string | null;
  status: string;
  latest_status_update: Date | string | null;
  last_seen_at: Date | string | null;
  version: string;
}): BatchItem => {
  const date = (value: Date | string | null) => (value === null ? null : new Date(value));
  return {
    id: Number(row.id),
    code: row.code,
    removed: row.removed,
    locationUuid: row.location_uuid,
    status: row.status,
    latestStatusUpdate: date(row.latest_status_update),
    lastSeenAt: date(row.last_seen_at),
    version: row.version,
  };
};

/** The tenant's items of those codes in id order, locked for the transaction when `lock` is set. */
const batchItemsQuery = (tenant: TenantScope, codes: readonly string[], lock: boolean) => sql`
  select id, code, removed, location_uuid, status, latest_status_update, last_seen_at, xmin::text as version
  from ${items}
  where customer_id = ${tenant.customerId} and code = any(${sql.param([...codes])}::text[])
  order by id${lock ? sql` for no key update` : sql``}`;

/**
 * The existing items among the codes, in one statement. With `lock`, they are locked for the rest
 * of the transaction in id order: a concurrent batch on the same items waits, the state read is
 * the latest committed one, and the fixed order keeps batches from deadlocking on each other.
 * SECURITY: limited to the tenant.
 */
export async function findItemsByCodes(
  tenant: TenantScope,
  codes: readonly string[],
  lock: boolean,
): Promise<BatchItem[]> {
  if (codes.length === 0) return [];
  const result = (await tenant.db.execute(batchItemsQuery(tenant, codes, lock))) as unknown as {
    rows: Parameters<typeof batchItem>[0][];
  };
  return result.rows.map(batchItem);
}

/**
 * What a batch starts from, in one round trip: its items as findItemsByCodes reads them, and the
 * configurations assigned to its reader (which place the reads). SECURITY: limited to the tenant.
 */
export async function findBatchItems(
  tenant: TenantScope,
  readerId: number,
  codes: readonly string[],
  lock: boolean,
): Promise<{ items: BatchItem[]; configurations: PlacingConfiguration[] }> {
  const result = (await tenant.db.execute(sql`
    with found as (${batchItemsQuery(tenant, codes, lock)})
    select coalesce((select json_agg(found) from found), '[]'::json) as items,
      ${placingConfigurationsJson(tenant, readerId)} as configurations`)) as unknown as {
    rows: { items: Parameters<typeof batchItem>[0][] | string; configurations: PlacingConfiguration[] | string }[];
  };
  const row = result.rows[0]!;
  const json = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return { items: json(row.items).map(batchItem), configurations: json(row.configurations) };
}

/**
 * New items for EPCs seen for the first time, each with its creation in the history (previous
 * location none). An EPC another batch created meanwhile is skipped here and left to applyMoves.
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

/** How a batch's writes went: done, its id already recorded, or an item changed since it was read. */
export type BatchOutcome = 'applied' | 'duplicate' | 'stale';

/**
 * Writes what a batch decided in one statement, the last of its transaction: the moves (location,
 * status 'in', latest_status_update and last_seen_at, with one history row each), the sightings
 * (last_seen_at of items read where they are, never backwards) and the batch id with its counts.
 * Each item is written only if its row version is still the one the plan was made on (`versions`,
 * by item id); else the answer is 'stale', and the caller rolls back and plans again on locked
 * items. 'duplicate' when the batch id was already recorded (a retry, or the same batch sent twice
 * at once, which waits for the first transaction): the caller rolls back too. A move and a
 * sighting never name the same item. SECURITY: every row read and written is the tenant's.
 */
export async function applyBatch(
  tenant: TenantScope,
  readerId: number,
  batchId: string,
  counts: BatchCounts,
  plan: { moves: readonly Move[]; sightings: readonly Sighting[] },
  versions: ReadonlyMap<number, string>,
): Promise<BatchOutcome> {
  // In id order, as the batch's items are locked, so that concurrent batches seldom deadlock.
  const moves = [...plan.moves].sort((x, y) => x.itemId - y.itemId);
  const sightings = [...plan.sightings].sort((x, y) => x.itemId - y.itemId);
  const version = (itemId: number) => versions.get(itemId) ?? '0';
  const result = (await tenant.db.execute(sql`
    with move as (
      select * from unnest(
        ${column(moves, (m) => m.itemId)}::bigint[],
        ${column(moves, (m) => version(m.itemId))}::xid[],
        ${column(moves, (m) => m.previousLocation)}::uuid[],
        ${column(moves, (m) => m.location)}::uuid[],
        ${column(moves, (m) => m.time.toISOString())}::timestamptz[],
        ${column(moves, (m) => m.ledgerType)}::text[],
        ${column(moves, (m) => m.configurationId)}::bigint[]
      ) as u(id, version, previous_location_uuid, location_uuid, happened_at, ledger_type, configuration_id)
    ),
    moved as (
      update ${items} t
      set location_uuid = i.location_uuid, status = 'in', latest_status_update = i.happened_at,
        last_seen_at = i.happened_at, updated_at = now()
      from move i
      where t.customer_id = ${tenant.customerId} and t.id = i.id and t.xmin = i.version
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
      set last_seen_at = greatest(t.last_seen_at, u.at)
      from unnest(
        ${column(sightings, (s) => s.itemId)}::bigint[],
        ${column(sightings, (s) => version(s.itemId))}::xid[],
        ${column(sightings, (s) => s.time.toISOString())}::timestamptz[]
      ) as u(id, version, at)
      where t.customer_id = ${tenant.customerId} and t.id = u.id and t.xmin = u.version
      returning t.id
    ),
    batch as (
      insert into ${ingestBatches} (customer_id, reader_id, batch_id, accepted, moved, created, ignored)
      values (${tenant.customerId}, ${readerId}, ${batchId}, ${counts.accepted}, ${counts.moved}, ${counts.created},
        ${counts.ignored})
      on conflict do nothing
      returning 1
    )
    select (select count(*) from batch)::int as recorded, (select count(*) from moved)::int as moved,
      (select count(*) from seen)::int as seen`)) as unknown as {
    rows: { recorded: number; moved: number; seen: number }[];
  };
  const row = result.rows[0]!;
  if (row.recorded !== 1) return 'duplicate';
  return row.moved === moves.length && row.seen === sightings.length ? 'applied' : 'stale';
}
