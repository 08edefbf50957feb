import { sql } from 'drizzle-orm';
import { HEARTBEAT_STALE_INTERVALS } from '@tagtrack/contract';

import {
  customers,
  itemHistory,
  items,
  readerAssignments,
  readerConfigurations,
  readerHeartbeats,
} from '../../db/schema/index.js';

import { sqlRows } from '../../db/sql-rows.js';

import type { TenantScope } from '../../db/tenant.js';

import { LAST_SEEN_GRAIN_SECONDS } from './read-plan.js';

/**
 * Marks the customer's items lost in one statement: an item 'in' at a watched location whose last
 * sighting (last_seen_at, or latest_status_update for one never seen by a reader) is older than the
 * customer's lost_after_minutes (plus the grain last_seen_at may lag by) becomes 'lost' with
 * latest_status_update `now`, and gets one history row (status 'lost', ledger type 'trace', no
 * reader).
 *
 * No index holds last_seen_at (sightings update it in place, migration 0015): the watched
 * locations' items are read in one bitmap scan of their location index, in page order. The
 * overdue ones are locked in id order, as read batches lock theirs (applyBatch), so the sweep and a
 * batch reading the same items wait for each other in one order only; an item a batch sighted
 * while the sweep waited for it is checked again on its new state and stays in.
 *
 * A location is watched when readers are assigned configurations at it and none of them is
 * offline: a reader without heartbeats, or with a heartbeat older than HEARTBEAT_STALE_INTERVALS
 * of its interval (as heartbeatStatus reports 'Stale data'), could not have seen the items, so
 * nothing is declared lost there. lost_after_minutes 0 turns the sweep off for the customer.
 * SECURITY: every table read and written is limited to the tenant.
 */
export async function markLostItems(tenant: TenantScope, now: Date = new Date()): Promise<number> {
  const c = tenant.customerId;
  const at = now.toISOString();
  const result = await sqlRows<{ lost: number }>(
    tenant.db,
    sql`
    with setting as (
      select ${customers.lostAfterMinutes} as minutes from ${customers}
      where ${customers.id} = ${c} and ${customers.lostAfterMinutes} > 0
    ),
    reader_locations as (
      select distinct rc.location_uuid, ra.reader_id
      from ${readerAssignments} ra
      join ${readerConfigurations} rc on rc.customer_id = ra.customer_id and rc.id = ra.configuration_id
      where ra.customer_id = ${c} and rc.customer_id = ${c} and rc.location_uuid is not null and not rc.is_template
    ),
    reader_online as (
      select rl.location_uuid,
        exists (select 1 from ${readerHeartbeats} h where h.customer_id = ${c} and h.reader_id = rl.reader_id)
        and not exists (
          select 1 from ${readerHeartbeats} h
          where h.customer_id = ${c} and h.reader_id = rl.reader_id
            and h.updated < ${at}::timestamptz - make_interval(secs => ${HEARTBEAT_STALE_INTERVALS} * h.interval)
        ) as online
      from reader_locations rl
    ),
    watched as (
      select location_uuid from reader_online group by location_uuid having bool_and(online)
    ),
    cutoff as (
      select ${at}::timestamptz - make_interval(mins => minutes, secs => ${LAST_SEEN_GRAIN_SECONDS}) as at from setting
    ),
    overdue as (
      select t.id from ${items} t, cutoff
      where t.customer_id = ${c} and t.location_uuid = any(array(select location_uuid from watched))
        and t.status = 'in' and not t.removed
        and (t.last_seen_at < cutoff.at or (t.last_seen_at is null and t.latest_status_update < cutoff.at))
      order by t.id
      for no key update of t
    ),
    lost as (
      update ${items} t
      set status = 'lost', latest_status_update = ${at}::timestamptz, updated_at = now()
      from overdue o
      where t.customer_id = ${c} and t.id = o.id
      returning t.id, t.code, t.location_uuid
    ),
    history as (
      insert into ${itemHistory} (customer_id, item_id, epc, location_uuid, previous_location_uuid, status, ledger_type,
        reader_id, configuration_id, happened_at)
      select ${c}, id, code, location_uuid, location_uuid, 'lost', 'trace', null, null, ${at}::timestamptz from lost
    )
    select count(*)::int as lost from lost`,
  );
  return Number(result[0]?.lost ?? 0);
}
