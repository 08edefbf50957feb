import { eq, inArray, sql } from 'drizzle-orm';
import { ingestBatches, items, itemHistory, type LedgerType } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

/** One EPC's deciding read in a batch, with where its configuration puts it. */
export interface PlacedRead {
  code: string;
  location: string;
  time: Date;
  ledgerType: LedgerType;
  configurationId: number;
}

export interface BatchCounts {
  accepted: number;
  moved: number;
  created: number;
  ignored: number;
}

/**
 * How far items.last_seen_at may lag behind the latest sighting. A repeat read writes only when
 * the stored time is older than this, so steady repeat traffic seldom writes; the lost sweep
 * allows for the lag.
 */
export const LAST_SEEN_GRAIN_SECONDS = 60;

/** One array parameter per column, unnested by the database: a whole batch in one statement. */
const column = <T>(rows: readonly T[], pick: (row: T) => unknown) => sql.param(rows.map(pick));

/**
 * Claims a batch id for a reader: true when it is new. A second claim of the same id (a retry, or
 * the same batch sent twice at once) waits for the first transaction and then answers false.
 */
export async function claimBatch(tenant: TenantScope, readerId: number, batchId: string): Promise<boolean> {
  const rows = await tenant
    .insert(ingestBatches, { readerId, batchId })
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

export async function recordBatchCounts(
  tenant: TenantScope,
  readerId: number,
  batchId: string,
  counts: BatchCounts,
): Promise<void> {
  await tenant.update(ingestBatches, counts, eq(ingestBatches.readerId, readerId), eq(ingestBatches.batchId, batchId));
}

/** The existing items among the codes (one query). */
export async function findItemsByCodes(tenant: TenantScope, codes: readonly string[]) {
  if (codes.length === 0) return [];
  return tenant.db
    .select({ id: items.id, code: items.code, removed: items.removed })
    .from(items)
    .where(tenant.where(items, inArray(items.code, [...codes])));
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

/**
 * Applies reads to existing, not removed items in one statement: an item moves (location, status
 * 'in', latest_status_update, last_seen_at) only when the read is not older than its latest status
 * update and its location or status differs; each move writes one history row. An item already in
 * at the read's location gets its last_seen_at bumped when it lags by more than
 * LAST_SEEN_GRAIN_SECONDS (never backwards). The items are locked first, so concurrent batches
 * apply in turn and the newest read wins whatever order they commit in. Answers how many moved.
 * SECURITY: every table read and written is limited to the tenant.
 */
export async function applyMoves(tenant: TenantScope, readerId: number, rows: readonly PlacedRead[]): Promise<number> {
  if (rows.length === 0) return 0;
  // Lock the items first, in id order, in a statement of their own: the update below then takes
  // its snapshot after every concurrent batch on them committed. Without it, a batch whose
  // snapshot shows an item already where its newer read puts it writes nothing, and an older
  // read's move committing just after would win. The fixed order also keeps batches from
  // deadlocking on each other.
  await tenant.db.execute(sql`
    select id from ${items}
    where customer_id = ${tenant.customerId} and code = any(${column(rows, (r) => r.code)}::text[]) and not removed
    order by id
    for no key update`);
  const result = (await tenant.db.execute(sql`
    with input as (
      select * from unnest(
        ${column(rows, (r) => r.code)}::text[],
        ${column(rows, (r) => r.location)}::uuid[],
        ${column(rows, (r) => r.time.toISOString())}::timestamptz[],
        ${column(rows, (r) => r.ledgerType)}::text[],
        ${column(rows, (r) => r.configurationId)}::bigint[]
      ) as u(code, location_uuid, happened_at, ledger_type, configuration_id)
    ),
    candidates as (
      select o.id, o.location_uuid as previous_location_uuid, i.*
      from input i join ${items} o on o.customer_id = ${tenant.customerId} and o.code = i.code
      where not o.removed
    ),
    moved as (
      update ${items} t
      set location_uuid = c.location_uuid, status = 'in', latest_status_update = c.happened_at,
        last_seen_at = c.happened_at, updated_at = now()
      from candidates c
      where t.customer_id = ${tenant.customerId} and t.id = c.id and not t.removed
        and t.latest_status_update <= c.happened_at
        and (t.location_uuid <> c.location_uuid or t.status <> 'in')
      returning t.id, t.code, t.location_uuid, c.previous_location_uuid, c.ledger_type, c.configuration_id, c.happened_at
    ),
    seen as (
      -- A repeat sighting only bumps last_seen_at once it lags by a grain: most repeats write nothing.
      update ${items} t
      set last_seen_at = c.happened_at
      from candidates c
      where t.customer_id = ${tenant.customerId} and t.id = c.id and not t.removed
        and t.location_uuid = c.location_uuid and t.status = 'in'
        and (t.last_seen_at is null or t.last_seen_at < c.happened_at - make_interval(secs => ${LAST_SEEN_GRAIN_SECONDS}))
      returning t.id
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status, ledger_type,
        reader_id, configuration_id, happened_at)
      select ${tenant.customerId}, id, code, location_uuid, previous_location_uuid, 'in', ledger_type, ${readerId},
        configuration_id, happened_at
      from moved
    )
    select count(*)::int as moved from moved`)) as unknown as { rows: { moved: number }[] };
  return Number(result.rows[0]?.moved ?? 0);
}
