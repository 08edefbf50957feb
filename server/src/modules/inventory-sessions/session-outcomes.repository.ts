// Inventory session outcomes: what a session found, missed and did not expect, live while it is
// open and frozen when it is confirmed, and the confirmation that applies them to the items.
import { sql, type SQL } from 'drizzle-orm';
import type { InventoryOutcome } from '@tagtrack/contract';
import {
  inventorySessionLocations,
  inventorySessionReads,
  inventorySessionResults,
  items,
  itemHistory,
  locations,
  products,
} from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import type { SessionRow } from './inventory-sessions.repository.js';
import { sqlRows, columnParam } from '../../db/sql-rows.js';

/** The read EPCs of a session that no item carries yet. */
export async function findUnknownReadCodes(
  tenant: TenantScope,
  sessionId: number,
): Promise<{ epc: string; locationUuid: string; readerId: number | null; readAt: Date }[]> {
  const result = (await tenant.db.execute(sql`
    select r.epc, r.location_uuid, r.reader_id, r.read_at
    from ${inventorySessionReads} r
    where r.customer_id = ${tenant.customerId} and r.session_id = ${sessionId}
      and not exists (select 1 from ${items} i where i.customer_id = r.customer_id and i.code = r.epc)
    order by r.epc`)) as unknown as {
    rows: { epc: string; location_uuid: string; reader_id: number | string | null; read_at: string | Date }[];
  };
  return result.rows.map((r) => ({
    epc: r.epc,
    locationUuid: r.location_uuid,
    readerId: r.reader_id === null ? null : Number(r.reader_id),
    readAt: new Date(r.read_at),
  }));
}

/**
 * The live outcome of every EPC of an open session: found (expected here, status in, read here),
 * missing (expected here, not read anywhere in the session) and unexpected (read here but the
 * item is elsewhere, not in, removed, unknown, or one of `fresh`, the codes confirmation just
 * created). An expected item read at another location of the session counts there only. Columns:
 * epc, location_uuid, item_id, product_sku, product_name, outcome, reader_id, read_at.
 */
function liveOutcomes(tenant: TenantScope, sessionId: number, fresh: readonly string[] = []): SQL {
  const c = tenant.customerId;
  const freshCodes = sql`${sql.param([...fresh])}::text[]`;
  return sql`
    select e.code as epc, e.location_uuid, e.id as item_id, p.sku as product_sku, p.name as product_name,
      case when r.epc is null then 'missing' else 'found' end as outcome, r.reader_id, r.read_at
    from ${inventorySessionLocations} sl
    join ${items} e on e.customer_id = sl.customer_id and e.location_uuid = sl.location_uuid
      and not e.removed and e.status = 'in' and not (e.code = any(${freshCodes}))
    left join ${inventorySessionReads} r on r.customer_id = sl.customer_id and r.session_id = sl.session_id
      and r.epc = e.code
    left join ${products} p on p.customer_id = e.customer_id and p.id = e.product_id
    where sl.customer_id = ${c} and sl.session_id = ${sessionId}
      and (r.epc is null or r.location_uuid = e.location_uuid)
    union all
    select r.epc, r.location_uuid, i.id, p.sku, p.name, 'unexpected', r.reader_id, r.read_at
    from ${inventorySessionReads} r
    left join ${items} i on i.customer_id = r.customer_id and i.code = r.epc
    left join ${products} p on p.customer_id = i.customer_id and p.id = i.product_id
    where r.customer_id = ${c} and r.session_id = ${sessionId}
      and (i.id is null or i.removed or i.status <> 'in' or i.location_uuid <> r.location_uuid
        or i.code = any(${freshCodes}))`;
}

/** A confirmed session's frozen outcomes, in the same columns as liveOutcomes. */
function frozenOutcomes(tenant: TenantScope, sessionId: number): SQL {
  return sql`
    select epc, location_uuid, item_id, product_sku, product_name, outcome, null::bigint as reader_id,
      null::timestamptz as read_at
    from ${inventorySessionResults}
    where customer_id = ${tenant.customerId} and session_id = ${sessionId}`;
}

function outcomesOf(tenant: TenantScope, session: Pick<SessionRow, 'id' | 'status'>): SQL {
  return session.status === 'confirmed' ? frozenOutcomes(tenant, session.id) : liveOutcomes(tenant, session.id);
}

export interface ProductOutcomeRow {
  locationUuid: string;
  productSku: string | null;
  productName: string | null;
  found: number;
  missing: number;
  unexpected: number;
}

/** Per location and product, how many EPCs had each outcome (aggregated in the database). */
export async function countOutcomesByProduct(
  tenant: TenantScope,
  session: Pick<SessionRow, 'id' | 'status'>,
): Promise<ProductOutcomeRow[]> {
  const result = (await tenant.db.execute(sql`
    with outcomes as (${outcomesOf(tenant, session)})
    select location_uuid, product_sku, product_name,
      count(*) filter (where outcome = 'found')::int as found,
      count(*) filter (where outcome = 'missing')::int as missing,
      count(*) filter (where outcome = 'unexpected')::int as unexpected
    from outcomes
    group by location_uuid, product_sku, product_name
    order by location_uuid, product_name nulls last, product_sku nulls last`)) as unknown as {
    rows: {
      location_uuid: string;
      product_sku: string | null;
      product_name: string | null;
      found: number;
      missing: number;
      unexpected: number;
    }[];
  };
  return result.rows.map((r) => ({
    locationUuid: r.location_uuid,
    productSku: r.product_sku,
    productName: r.product_name,
    found: Number(r.found),
    missing: Number(r.missing),
    unexpected: Number(r.unexpected),
  }));
}

export interface OutcomeItemRow {
  epc: string;
  locationUuid: string;
  itemId: number | null;
  productSku: string | null;
  productName: string | null;
  outcome: InventoryOutcome;
}

/** The EPCs of each location, missing first, then unexpected, then found; at most `cap` per location. */
export async function findOutcomeItems(
  tenant: TenantScope,
  session: Pick<SessionRow, 'id' | 'status'>,
  cap: number,
): Promise<OutcomeItemRow[]> {
  const result = (await tenant.db.execute(sql`
    with outcomes as (${outcomesOf(tenant, session)}),
    ranked as (
      select *, row_number() over (partition by location_uuid
        order by case outcome when 'missing' then 0 when 'unexpected' then 1 else 2 end, epc) as n
      from outcomes
    )
    select epc, location_uuid, item_id, product_sku, product_name, outcome from ranked where n <= ${cap}
    order by location_uuid, n`)) as unknown as {
    rows: {
      epc: string;
      location_uuid: string;
      item_id: number | string | null;
      product_sku: string | null;
      product_name: string | null;
      outcome: InventoryOutcome;
    }[];
  };
  return result.rows.map((r) => ({
    epc: r.epc,
    locationUuid: r.location_uuid,
    itemId: r.item_id === null ? null : Number(r.item_id),
    productSku: r.product_sku,
    productName: r.product_name,
    outcome: r.outcome,
  }));
}

/**
 * Confirmation, in the caller's transaction: freezes the session's outcomes into its results
 * (product SKU and name and location name as they are now), then applies them to the items in
 * set-based statements: missing items become lost where they are, unexpected ones (other than
 * removed items and the `fresh` ones confirmation just created) move to the counted location with
 * status in, found and moved ones are marked seen at their read. Every change writes one history
 * row with ledger type 'inventory'. SECURITY: every table read and written is limited to the tenant.
 */
export async function freezeAndApplyOutcomes(
  tenant: TenantScope,
  sessionId: number,
  fresh: readonly string[],
): Promise<{ lost: number; moved: number }> {
  const c = tenant.customerId;
  await tenant.db.execute(sql`
    with outcomes as (${liveOutcomes(tenant, sessionId, fresh)})
    insert into ${inventorySessionResults} (customer_id, session_id, epc, location_uuid, location_name, item_id,
      product_sku, product_name, outcome)
    select ${c}, ${sessionId}, o.epc, o.location_uuid, coalesce(l.name, ''), o.item_id, coalesce(o.product_sku, ''),
      coalesce(o.product_name, ''), o.outcome
    from outcomes o
    left join ${locations} l on l.customer_id = ${c} and l.uuid = o.location_uuid`);

  const lost = await sqlRows<{ n: number }>(
    tenant.db,
    sql`
    with targets as (
      select res.item_id from ${inventorySessionResults} res
      where res.customer_id = ${c} and res.session_id = ${sessionId} and res.outcome = 'missing'
    ),
    changed as (
      update ${items} t set status = 'lost', latest_status_update = now(), updated_at = now()
      from targets g
      where t.customer_id = ${c} and t.id = g.item_id and not t.removed and t.status <> 'lost'
      returning t.id, t.code, t.location_uuid
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status,
        ledger_type, happened_at)
      select ${c}, id, code, location_uuid, location_uuid, 'lost', 'inventory', now() from changed
    )
    select count(*)::int as n from changed`,
  );

  const moved = await sqlRows<{ n: number }>(
    tenant.db,
    sql`
    with targets as (
      select res.item_id, res.location_uuid, r.reader_id, r.read_at
      from ${inventorySessionResults} res
      join ${inventorySessionReads} r on r.customer_id = res.customer_id and r.session_id = res.session_id
        and r.epc = res.epc
      where res.customer_id = ${c} and res.session_id = ${sessionId} and res.outcome = 'unexpected'
        and res.item_id is not null and not (res.epc = any(${sql.param([...fresh])}::text[]))
    ),
    previous as (
      select t.id, t.location_uuid as previous_location_uuid, g.location_uuid, g.reader_id, g.read_at
      from ${items} t join targets g on t.customer_id = ${c} and t.id = g.item_id
      where not t.removed
    ),
    changed as (
      update ${items} t
      set location_uuid = p.location_uuid, status = 'in', latest_status_update = now(), updated_at = now(),
        last_seen_at = greatest(t.last_seen_at, p.read_at)
      from previous p
      where t.customer_id = ${c} and t.id = p.id
      returning t.id, t.code, t.location_uuid, p.previous_location_uuid, p.reader_id
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status,
        ledger_type, reader_id, happened_at)
      select ${c}, id, code, location_uuid, previous_location_uuid, 'in', 'inventory', reader_id, now() from changed
    )
    select count(*)::int as n from changed`,
  );

  // Found items stay in place and in; they were seen at their read.
  await tenant.db.execute(sql`
    update ${items} t set last_seen_at = greatest(t.last_seen_at, r.read_at)
    from ${inventorySessionResults} res
    join ${inventorySessionReads} r on r.customer_id = res.customer_id and r.session_id = res.session_id
      and r.epc = res.epc
    where res.customer_id = ${c} and res.session_id = ${sessionId} and res.outcome = 'found'
      and t.customer_id = ${c} and t.id = res.item_id`);

  return { lost: Number(lost[0]?.n ?? 0), moved: Number(moved[0]?.n ?? 0) };
}

/**
 * Items for EPCs no item carried, created at the location they were counted in with status in,
 * each with its creation in the history (ledger type 'inventory'). Answers the codes created.
 */
export async function createCountedItems(
  tenant: TenantScope,
  rows: readonly { epc: string; productId: number; locationUuid: string; readerId: number | null; readAt: Date }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const c = tenant.customerId;
  const result = await sqlRows<{ code: string }>(
    tenant.db,
    sql`
    with input as (
      select * from unnest(
        ${columnParam(rows, (r) => r.epc)}::text[],
        ${columnParam(rows, (r) => r.productId)}::bigint[],
        ${columnParam(rows, (r) => r.locationUuid)}::uuid[],
        ${columnParam(rows, (r) => r.readerId)}::bigint[],
        ${columnParam(rows, (r) => r.readAt.toISOString())}::timestamptz[]
      ) as u(code, product_id, location_uuid, reader_id, read_at)
    ),
    created as (
      insert into ${items} (customer_id, code, product_id, status, location_uuid, latest_status_update, last_seen_at)
      select ${c}, code, product_id, 'in', location_uuid, now(), read_at from input
      on conflict (customer_id, code) do nothing
      returning id, code, location_uuid
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status,
        ledger_type, reader_id, happened_at)
      select ${c}, c.id, c.code, c.location_uuid, null, 'in', 'inventory', i.reader_id, now()
      from created c join input i on i.code = c.code
    )
    select code from created`,
  );
  return result.map((r) => r.code);
}
