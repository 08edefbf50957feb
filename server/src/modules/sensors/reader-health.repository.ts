import { sql } from 'drizzle-orm';

import { HEARTBEAT_STALE_INTERVALS } from '@tagtrack/contract';

import { columnParam, sqlRows } from '../../db/sql-rows.js';

import type { TenantScope } from '../../db/tenant.js';

/** A fixed reader with heartbeats, as the sweep sees it now and as the last sweep judged it. */
export interface ReaderHealthRow {
  id: number;
  name: string;
  serial: string;
  /** Every heartbeat fresh (02 §4: none older than HEARTBEAT_STALE_INTERVALS of its interval). */
  online: boolean;
  /** The latest heartbeat, and when the first stale one went stale. */
  lastBeat: string | Date;
  staleAt: string | Date | null;
  location: string | null;
  /** The last sweep's judgement; null when it has not judged this reader yet. */
  wasOffline: boolean | null;
}

/**
 * The customer's fixed readers that have sent heartbeats, judged at `now`, with the last judgement;
 * serialised per customer (an advisory lock until the transaction ends), so two processes sweeping
 * at once see each transition once.
 */
export async function lockReaderHealth(tenant: TenantScope, now: Date): Promise<ReaderHealthRow[]> {
  const c = tenant.customerId;
  const at = now.toISOString();
  await tenant.db.execute(sql`select pg_advisory_xact_lock(7276, ${c}::int)`);
  return sqlRows<ReaderHealthRow>(
    tenant.db,
    sql`select r.id::int as id, r.name, r.serial,
          not exists (select 1 from reader_heartbeats h where h.customer_id = ${c} and h.reader_id = r.id
            and h.updated < ${at}::timestamptz - make_interval(secs => ${HEARTBEAT_STALE_INTERVALS} * h.interval)) as online,
          (select max(h.updated) from reader_heartbeats h where h.customer_id = ${c} and h.reader_id = r.id) as "lastBeat",
          (select min(h.updated + make_interval(secs => ${HEARTBEAT_STALE_INTERVALS} * h.interval))
             from reader_heartbeats h where h.customer_id = ${c} and h.reader_id = r.id
               and h.updated < ${at}::timestamptz - make_interval(secs => ${HEARTBEAT_STALE_INTERVALS} * h.interval)) as "staleAt",
          (select l.name from reader_assignments ra
             join reader_configurations rc on rc.customer_id = ra.customer_id and rc.id = ra.configuration_id
             join locations l on l.customer_id = rc.customer_id and l.uuid = rc.location_uuid
           where ra.customer_id = ${c} and ra.reader_id = r.id order by rc.id limit 1) as location,
          rh.offline as "wasOffline"
        from readers r
        left join reader_health rh on rh.customer_id = r.customer_id and rh.reader_id = r.id
        where r.customer_id = ${c} and r.family = 'fx'
          and exists (select 1 from reader_heartbeats h where h.customer_id = ${c} and h.reader_id = r.id)
        order by r.id`,
  );
}

/** Records the sweep's judgements (offline or not, since when). */
export async function saveReaderHealth(
  tenant: TenantScope,
  rows: readonly { readerId: number; offline: boolean; changedAt: Date }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tenant.db.execute(
    sql`insert into reader_health (customer_id, reader_id, offline, changed_at)
        select ${tenant.customerId}::bigint, * from unnest(
          ${columnParam(rows, (r) => r.readerId)}::bigint[],
          ${columnParam(rows, (r) => r.offline)}::boolean[],
          ${columnParam(rows, (r) => r.changedAt.toISOString())}::timestamptz[])
        on conflict (customer_id, reader_id) do update set offline = excluded.offline, changed_at = excluded.changed_at`,
  );
}

/** The customer's administrators who have an e-mail address, with their language. */
export async function findAdministratorAddresses(tenant: TenantScope): Promise<{ email: string; language: string }[]> {
  return sqlRows<{ email: string; language: string }>(
    tenant.db,
    sql`select email, language from users
        where customer_id = ${tenant.customerId} and role = 'administrator' and email <> ''
        order by id`,
  );
}
