import { eq, sql } from 'drizzle-orm';

import { customers, ingestBatches, items, itemHistory } from '../../db/schema/index.js';

import type { TenantScope } from '../../db/tenant.js';

import type { ReaderClaims, ReaderRow } from '../../lib/auth/reader-tokens.js';

import { placingConfigurationsJson, readerRowJson, type PlacingConfiguration } from './batch-reader.repository.js';

import type { ItemState, PlacedRead } from './read-plan.js';

import { sqlRows, columnParam } from '../../db/sql-rows.js';

export interface BatchCounts {
  accepted: number;
  moved: number;
  created: number;
  ignored: number;
}

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

/** A json value as the driver answers it: parsed (pg) or as text (some PGlite paths). */
type Json<T> = T | string;
const json = <T>(value: Json<T>): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/** The tenant's items of those codes, in id order. */
const itemsQuery = (tenant: TenantScope, codes: readonly string[]) => sql`
  select id, code, removed, location_uuid, status, latest_status_update, last_seen_at
  from ${items}
  where customer_id = ${tenant.customerId} and code = any(${sql.param([...codes])}::text[])
  order by id`;

/**
 * The existing items among the codes as last committed, in id order, without locks (one
 * statement; applyBatch locks what a batch writes). SECURITY: limited to the tenant.
 */
export async function findItemsByCodes(tenant: TenantScope, codes: readonly string[]): Promise<StoredItem[]> {
  if (codes.length === 0) return [];
  const result = (await tenant.db.execute(itemsQuery(tenant, codes))) as unknown as {
    rows: Parameters<typeof storedItem>[0][];
  };
  return result.rows.map(storedItem);
}

/**
 * What a batch starts from, in one round trip: its reader (which confirms the reader's token: see
 * confirmReader), those of its items it does not remember, as last
 * committed and not locked (most reads are repeat sightings that write nothing, and a lock is a
 * write of its own), the configurations assigned to its reader (which place the reads), and the
 * customer's items epoch (sighting-cache.ts). SECURITY: limited to the tenant.
 */
export async function readBatchItems(
  tenant: TenantScope,
  claims: ReaderClaims,
  codes: readonly string[],
): Promise<{ reader: ReaderRow | null; items: StoredItem[]; configurations: PlacingConfiguration[]; epoch: number }> {
  const result = (await tenant.db.execute(sql`
    with found as (${itemsQuery(tenant, codes)})
    select ${readerRowJson(claims)} as reader,
      coalesce((select json_agg(found) from found), '[]'::json) as items,
      ${placingConfigurationsJson(tenant, claims.readerId)} as configurations,
      (select items_epoch from ${customers} where id = ${tenant.customerId}) as epoch`)) as unknown as {
    rows: {
      reader: Json<ReaderRow | null>;
      items: Json<Parameters<typeof storedItem>[0][]>;
      configurations: Json<PlacingConfiguration[]>;
      epoch: number | string | null;
    }[];
  };
  const row = result.rows[0]!;
  return {
    reader: json(row.reader),
    items: json(row.items).map(storedItem),
    configurations: json(row.configurations),
    epoch: Number(row.epoch ?? 0),
  };
}

/**
 * New items for EPCs seen for the first time, each with its creation in the history (previous
 * location none). An EPC another batch created meanwhile is skipped here and left to applyBatch.
 * The rows go in in EPC order: two batches creating the same new EPCs each wait for the other's
 * insert of an EPC in one order, so they never wait for each other both ways. Answers the codes
 * created with their ids. SECURITY: customer_id is the tenant's on every row.
 */
export async function createReadItems(
  tenant: TenantScope,
  readerId: number,
  rows: readonly (PlacedRead & { productId: number })[],
): Promise<Map<string, number>> {
  if (rows.length === 0) return new Map();
  const result = await sqlRows<{ id: number | string; code: string }>(
    tenant.db,
    sql`
    with input as (
      select * from unnest(
        ${columnParam(rows, (r) => r.code)}::text[],
        ${columnParam(rows, (r) => r.productId)}::bigint[],
        ${columnParam(rows, (r) => r.location)}::uuid[],
        ${columnParam(rows, (r) => r.time.toISOString())}::timestamptz[],
        ${columnParam(rows, (r) => r.ledgerType)}::text[],
        ${columnParam(rows, (r) => r.configurationId)}::bigint[]
      ) as u(code, product_id, location_uuid, happened_at, ledger_type, configuration_id)
    ),
    created as (
      insert into ${items} (customer_id, code, product_id, status, location_uuid, latest_status_update, last_seen_at)
      select ${tenant.customerId}, code, product_id, 'in', location_uuid, happened_at, happened_at from input
      order by code
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
    select id, code from created`,
  );
  return new Map(result.map((r) => [r.code, Number(r.id)]));
}

/** An item as a batch's write found it (locked), with what the batch's read did to it. */
export type DecidedItem = StoredItem & { outcome: 'move' | 'sighting' | 'none' | 'removed' };

/** The deciding read of an EPC whose item a batch would write, with how many reads it stands for. */
export type CandidateRead = PlacedRead & { reads: number };

/**
 * Writes a batch in one statement, the last of its transaction when it has one: locks the items
 * its candidate reads name (in id order, so batches never deadlock on each other), decides each
 * read again on the item's latest committed state by the rules of planReads (read-plan.ts), and
 * writes the moves (location, status 'in', latest_status_update and last_seen_at, with one history
 * row each), the sightings (last_seen_at) and the batch id with its counts: the moves found, and
 * the reads of items found removed added to those ignored.
 *
 * A batch id already recorded changes nothing and answers recorded: false (a retry; the same batch
 * sent twice at once waits for the first and then finds its items as that one left them). Its
 * item updates set tagtrack.ingest for the transaction, so they leave the customer's items epoch
 * alone (sighting-cache.ts): this server remembers them itself. SECURITY: every row read and
 * written is the tenant's.
 */
export async function applyBatch(
  tenant: TenantScope,
  readerId: number,
  batchId: string,
  counts: BatchCounts,
  reads: readonly CandidateRead[],
  grainSeconds: number,
): Promise<{ recorded: boolean; moved: number; ignored: number; items: DecidedItem[] }> {
  const c = tenant.customerId;
  const result = (await tenant.db.execute(sql`
    with flag as (select set_config('tagtrack.ingest', 'on', true) as ingest),
    recorded as (
      select exists (select 1 from ${ingestBatches}
        where customer_id = ${c} and reader_id = ${readerId} and batch_id = ${batchId}) as yes
    ),
    input as (
      select * from unnest(
        ${columnParam(reads, (r) => r.code)}::text[],
        ${columnParam(reads, (r) => r.location)}::uuid[],
        ${columnParam(reads, (r) => r.time.toISOString())}::timestamptz[],
        ${columnParam(reads, (r) => r.ledgerType)}::text[],
        ${columnParam(reads, (r) => r.configurationId)}::bigint[],
        ${columnParam(reads, (r) => r.reads)}::int[]
      ) as u(code, location_uuid, happened_at, ledger_type, configuration_id, reads)
    ),
    locked as (
      select t.id, t.code, t.removed, t.location_uuid, t.status, t.latest_status_update, t.last_seen_at
      from ${items} t
      where t.customer_id = ${c} and t.code = any(${columnParam(reads, (r) => r.code)}::text[])
        and not (select yes from recorded)
      order by t.id
      for no key update
    ),
    decided as (
      select l.*, i.location_uuid as to_location_uuid, i.happened_at, i.ledger_type, i.configuration_id, i.reads,
        case
          when l.removed then 'removed'
          when l.latest_status_update > i.happened_at or l.last_seen_at > i.happened_at then 'none'
          when l.location_uuid is distinct from i.location_uuid or l.status <> 'in' then 'move'
          when l.last_seen_at is null or l.last_seen_at < i.happened_at - make_interval(secs => ${grainSeconds}) then 'sighting'
          else 'none'
        end as outcome
      from locked l join input i on i.code = l.code
    ),
    moved as (
      update ${items} t
      set location_uuid = d.to_location_uuid, status = 'in', latest_status_update = d.happened_at,
        last_seen_at = d.happened_at, updated_at = now()
      from decided d
      where d.outcome = 'move' and t.customer_id = ${c} and t.id = d.id and (select ingest from flag) = 'on'
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status, ledger_type,
        reader_id, configuration_id, happened_at)
      select ${c}, d.id, d.code, d.to_location_uuid, d.location_uuid, 'in', d.ledger_type, ${readerId},
        d.configuration_id, d.happened_at
      from decided d where d.outcome = 'move'
    ),
    seen as (
      update ${items} t
      set last_seen_at = d.happened_at
      from decided d
      where d.outcome = 'sighting' and t.customer_id = ${c} and t.id = d.id and (select ingest from flag) = 'on'
    ),
    batch as (
      insert into ${ingestBatches} (customer_id, reader_id, batch_id, accepted, moved, created, ignored)
      select ${c}, ${readerId}, ${batchId}, ${counts.accepted},
        (select count(*) from decided where outcome = 'move'), ${counts.created},
        ${counts.ignored} + (select coalesce(sum(reads), 0) from decided where outcome = 'removed')
      on conflict do nothing
      returning moved, ignored
    )
    select (select row_to_json(batch) from batch) as batch,
      coalesce((select json_agg(json_build_object('id', id, 'code', code, 'removed', removed,
        'location_uuid', location_uuid, 'status', status, 'latest_status_update', latest_status_update,
        'last_seen_at', last_seen_at, 'outcome', outcome)) from decided), '[]'::json) as items`)) as unknown as {
    rows: {
      batch: Json<{ moved: number | string; ignored: number | string } | null>;
      items: Json<(Parameters<typeof storedItem>[0] & { outcome: DecidedItem['outcome'] })[]>;
    }[];
  };
  const row = result.rows[0]!;
  const batch = json(row.batch);
  return {
    recorded: batch !== null,
    moved: Number(batch?.moved ?? 0),
    ignored: Number(batch?.ignored ?? 0),
    items: json(row.items).map((r) => ({ ...storedItem(r), outcome: r.outcome })),
  };
}
