import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { InventorySessionStatus } from '@tagtrack/contract';
import {
  inventorySessionLocations,
  inventorySessionReads,
  inventorySessions,
  locations,
  users,
} from '../../db/schema/index.js';
import { columnParam } from '../../db/sql-rows.js';
import type { TenantScope } from '../../db/tenant.js';

export type SessionRow = typeof inventorySessions.$inferSelect;

export interface SessionListRow extends SessionRow {
  username: string | null;
}

export type SessionOrderField = 'created_at' | 'updated_at' | 'status' | 'hash';

const ORDER_COLUMNS = {
  created_at: inventorySessions.createdAt,
  updated_at: inventorySessions.updatedAt,
  status: inventorySessions.status,
  hash: inventorySessions.hash,
} as const;

/**
 * Serialises the creation of sessions of one customer, so two sessions cannot claim the same
 * location at once (the partial unique index would refuse the second anyway).
 */
export async function lockSessionCreation(tenant: TenantScope): Promise<void> {
  await tenant.db.execute(sql`select pg_advisory_xact_lock(7275, ${tenant.customerId}::int)`);
}

/** The locations among the uuids with what decides whether a session may count them. */
export async function findCountableFacts(tenant: TenantScope, uuids: readonly string[]) {
  if (uuids.length === 0) return [];
  const [rows, parents] = await Promise.all([
    tenant.db
      .select({ uuid: locations.uuid, active: locations.active, special: locations.special })
      .from(locations)
      .where(tenant.where(locations, inArray(locations.uuid, [...uuids]))),
    tenant.db
      .selectDistinct({ uuid: locations.parentUuid })
      .from(locations)
      .where(tenant.where(locations, inArray(locations.parentUuid, [...uuids]))),
  ]);
  const withChildren = new Set(parents.map((p) => p.uuid));
  return rows.map((row) => ({ ...row, hasChildren: withChildren.has(row.uuid) }));
}

/** The locations held by open sessions (all of them, or those among the uuids). */
export async function findOpenLocationUuids(tenant: TenantScope, among?: readonly string[]): Promise<string[]> {
  if (among && among.length === 0) return [];
  const rows = await tenant.db
    .select({ uuid: inventorySessionLocations.locationUuid })
    .from(inventorySessionLocations)
    .where(
      tenant.where(
        inventorySessionLocations,
        eq(inventorySessionLocations.open, true),
        among ? inArray(inventorySessionLocations.locationUuid, [...among]) : undefined,
      ),
    )
    .orderBy(asc(inventorySessionLocations.locationUuid));
  return rows.map((r) => r.uuid);
}

/** Inserts a session with its locations; null when the hash is taken (the caller draws another). */
export async function insertSession(
  tenant: TenantScope,
  hash: string,
  createdBy: number,
  locationUuids: readonly string[],
): Promise<SessionRow | null> {
  const [row] = await tenant.insert(inventorySessions, { hash, createdBy }).onConflictDoNothing().returning();
  if (!row) return null;
  await tenant.insertMany(
    inventorySessionLocations,
    locationUuids.map((locationUuid) => ({ sessionId: row.id, locationUuid })),
  );
  return row;
}

export async function findSessionById(tenant: TenantScope, id: number, forUpdate = false) {
  const query = tenant.select(inventorySessions, eq(inventorySessions.id, id));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row as SessionRow | undefined;
}

export async function findSessionByHash(tenant: TenantScope, hash: string, forUpdate = false) {
  const query = tenant.select(inventorySessions, eq(inventorySessions.hash, hash));
  const [row] = await (forUpdate ? query.for('update') : query);
  return row as SessionRow | undefined;
}

export async function findSessionPage(
  tenant: TenantScope,
  filter: { statuses: readonly InventorySessionStatus[] },
  order: { field: SessionOrderField; descending: boolean },
  window: { limit: number; offset: number },
): Promise<{ count: number; rows: SessionListRow[] }> {
  const condition = tenant.where(
    inventorySessions,
    filter.statuses.length > 0 ? inArray(inventorySessions.status, [...filter.statuses]) : undefined,
  );
  const direction = order.descending ? desc : asc;
  const [count, rows] = await Promise.all([
    tenant.db.$count(inventorySessions, condition),
    tenant.db
      .select({ session: inventorySessions, username: users.username })
      .from(inventorySessions)
      .leftJoin(
        users,
        and(eq(users.customerId, inventorySessions.customerId), eq(users.id, inventorySessions.createdBy)),
      )
      .where(condition)
      .orderBy(direction(ORDER_COLUMNS[order.field]), direction(inventorySessions.id))
      .limit(window.limit)
      .offset(window.offset),
  ]);
  return { count, rows: rows.map((r) => ({ ...r.session, username: r.username })) };
}

export async function findUsername(tenant: TenantScope, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await tenant.db
    .select({ username: users.username })
    .from(users)
    .where(tenant.where(users, eq(users.id, userId)));
  return row?.username ?? null;
}

/** Each session's locations with their names, in name order. */
export async function findSessionLocations(
  tenant: TenantScope,
  sessionIds: readonly number[],
): Promise<Map<number, { uuid: string; name: string }[]>> {
  const result = new Map<number, { uuid: string; name: string }[]>(sessionIds.map((id) => [id, []]));
  if (sessionIds.length === 0) return result;
  const rows = await tenant.db
    .select({
      sessionId: inventorySessionLocations.sessionId,
      uuid: inventorySessionLocations.locationUuid,
      name: locations.name,
    })
    .from(inventorySessionLocations)
    .leftJoin(
      locations,
      and(
        eq(locations.customerId, inventorySessionLocations.customerId),
        eq(locations.uuid, inventorySessionLocations.locationUuid),
      ),
    )
    .where(tenant.where(inventorySessionLocations, inArray(inventorySessionLocations.sessionId, [...sessionIds])))
    .orderBy(asc(locations.name), asc(inventorySessionLocations.locationUuid));
  for (const row of rows) result.get(row.sessionId)?.push({ uuid: row.uuid, name: row.name ?? '' });
  return result;
}

/** Distinct EPCs read per session. */
export async function countSessionReads(tenant: TenantScope, sessionIds: readonly number[]) {
  const result = new Map<number, number>();
  if (sessionIds.length === 0) return result;
  const rows = await tenant.db
    .select({ sessionId: inventorySessionReads.sessionId, count: sql<number>`count(*)::int` })
    .from(inventorySessionReads)
    .where(tenant.where(inventorySessionReads, inArray(inventorySessionReads.sessionId, [...sessionIds])))
    .groupBy(inventorySessionReads.sessionId);
  for (const row of rows) result.set(row.sessionId, Number(row.count));
  return result;
}

export async function updateSessionStatus(
  tenant: TenantScope,
  id: number,
  status: InventorySessionStatus,
): Promise<SessionRow> {
  const [row] = await tenant
    .update(
      inventorySessions,
      { status, updatedAt: new Date(), ...(status === 'confirmed' ? { confirmedAt: new Date() } : {}) },
      eq(inventorySessions.id, id),
    )
    .returning();
  return row as SessionRow;
}

/** A confirmed or abandoned session releases its locations to other sessions. */
export async function closeSessionLocations(tenant: TenantScope, sessionId: number): Promise<void> {
  await tenant.update(inventorySessionLocations, { open: false }, eq(inventorySessionLocations.sessionId, sessionId));
}

export async function isSessionLocation(tenant: TenantScope, sessionId: number, uuid: string): Promise<boolean> {
  return (
    (await tenant.count(
      inventorySessionLocations,
      eq(inventorySessionLocations.sessionId, sessionId),
      eq(inventorySessionLocations.locationUuid, uuid),
    )) > 0
  );
}

/**
 * Records a batch's reads at one session location, one row per EPC: a later read of an EPC (here
 * or at another location of the session) replaces an earlier one, an older or equal one changes
 * nothing, so a retried batch leaves the session as it was.
 */
export async function upsertSessionReads(
  tenant: TenantScope,
  sessionId: number,
  readerId: number,
  location: string,
  reads: readonly { epc: string; time: Date }[],
): Promise<void> {
  if (reads.length === 0) return;
  await tenant.db.execute(sql`
    insert into ${inventorySessionReads} (customer_id, session_id, epc, location_uuid, reader_id, read_at)
    select ${tenant.customerId}, ${sessionId}, epc, ${location}::uuid, ${readerId}, read_at
    from unnest(${columnParam(reads, (r) => r.epc)}::text[], ${columnParam(reads, (r) => r.time.toISOString())}::timestamptz[])
      as u(epc, read_at)
    on conflict (customer_id, session_id, epc) do update
      set location_uuid = excluded.location_uuid, reader_id = excluded.reader_id, read_at = excluded.read_at
      where ${inventorySessionReads}.read_at < excluded.read_at`);
}

/** Sessions a handheld may count now (pending or reopened), newest first. */
export async function findCountingSessions(tenant: TenantScope): Promise<SessionRow[]> {
  return tenant.db
    .select()
    .from(inventorySessions)
    .where(tenant.where(inventorySessions, inArray(inventorySessions.status, ['pending', 'reopen'])))
    .orderBy(desc(inventorySessions.createdAt), desc(inventorySessions.id));
}
