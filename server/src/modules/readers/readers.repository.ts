import { and, asc, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import type { ReaderFamily } from '@tagtrack/contract';
import {
  locations,
  readerAssignments,
  readerConfigurations,
  readerHeartbeats,
  readers,
} from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import type { ReaderClaims } from '../../lib/auth/reader-tokens.js';
import { insertedRow, sqlRow } from '../../db/sql-rows.js';

export type ReaderRow = typeof readers.$inferSelect;
export type ReaderInsert = Omit<typeof readers.$inferInsert, 'customerId'>;
export type HeartbeatRow = typeof readerHeartbeats.$inferSelect;

export interface AssignedConfigurationRow {
  readerId: number;
  id: number;
  name: string;
  description: string;
  readerType: string;
  application: string;
  sensortypeUuid: string | null;
  confData: unknown;
  locationUuid: string | null;
  locationName: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_COLUMNS = {
  serial: readers.serial,
  name: readers.name,
  description: readers.description,
  state: readers.state,
  kind: readers.kind,
  last_process_list: readers.lastProcessList,
} as const;
export type ReaderOrderField = keyof typeof ORDER_COLUMNS;

export interface ReaderPageQuery {
  search?: string;
  family?: ReaderFamily;
  field: ReaderOrderField;
  descending: boolean;
  limit: number;
  offset: number;
}

export async function findReaderPage(
  tenant: TenantScope,
  query: ReaderPageQuery,
): Promise<{ count: number; rows: ReaderRow[] }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const conditions: (SQL | undefined)[] = [
    pattern
      ? or(ilike(readers.serial, pattern), ilike(readers.name, pattern), ilike(readers.description, pattern))
      : undefined,
    query.family ? eq(readers.family, query.family) : undefined,
  ];
  const column = ORDER_COLUMNS[query.field];
  // Nulls (never used) sort last either way, as "Unknown" reads best at the end.
  const order = query.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const [count, rows] = await Promise.all([
    tenant.count(readers, ...conditions),
    tenant
      .select(readers, ...conditions)
      .orderBy(order, asc(readers.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count, rows: rows as ReaderRow[] };
}

export async function findReaderByUuid(tenant: TenantScope, uuid: string): Promise<ReaderRow | undefined> {
  const [row] = await tenant.select(readers, eq(readers.uuid, uuid));
  return row as ReaderRow | undefined;
}

/**
 * SECURITY: serials are unique instance-wide (a reader signs in by serial alone), so this looks
 * across customers, through a database function that answers only whether the serial is taken,
 * never by whom.
 */
export async function serialTaken(tenant: TenantScope, serial: string, exceptReaderId?: number): Promise<boolean> {
  const row = await sqlRow<{ taken: boolean }>(
    tenant.db,
    sql`select tagtrack_serial_taken(${serial}, ${exceptReaderId ?? null}::bigint) as taken`,
  );
  return row?.taken === true;
}

/** The tenant's reader with this serial (compared without regard to case). */
export async function findReaderBySerial(tenant: TenantScope, serial: string): Promise<ReaderRow | undefined> {
  const [row] = await tenant.select(readers, eq(sql`lower(${readers.serial})`, serial.toLowerCase())).limit(1);
  return row as ReaderRow | undefined;
}

export async function insertReader(tenant: TenantScope, values: ReaderInsert): Promise<ReaderRow> {
  const row = insertedRow(await tenant.insert(readers, values).returning());
  return row as ReaderRow;
}

export async function updateReader(
  tenant: TenantScope,
  id: number,
  set: Partial<ReaderInsert>,
): Promise<ReaderRow | undefined> {
  const [row] = await tenant.update(readers, { ...set, updatedAt: new Date() }, eq(readers.id, id)).returning();
  return row as ReaderRow | undefined;
}

export async function deleteReader(tenant: TenantScope, id: number): Promise<void> {
  await tenant.delete(readers, eq(readers.id, id));
}

/** The assigned configurations of a page of readers (one query), with their locations' names. */
export async function findAssignedConfigurations(
  tenant: TenantScope,
  readerIds: number[],
): Promise<Map<number, AssignedConfigurationRow[]>> {
  const byReader = new Map<number, AssignedConfigurationRow[]>();
  if (readerIds.length === 0) return byReader;
  const rows = await tenant.db
    .select({
      readerId: readerAssignments.readerId,
      id: readerConfigurations.id,
      name: readerConfigurations.name,
      description: readerConfigurations.description,
      readerType: readerConfigurations.readerType,
      application: readerConfigurations.application,
      sensortypeUuid: readerConfigurations.sensortypeUuid,
      confData: readerConfigurations.confData,
      locationUuid: readerConfigurations.locationUuid,
      locationName: locations.name,
    })
    .from(readerAssignments)
    .innerJoin(
      readerConfigurations,
      and(
        eq(readerConfigurations.customerId, readerAssignments.customerId),
        eq(readerConfigurations.id, readerAssignments.configurationId),
      ),
    )
    .leftJoin(
      locations,
      and(
        eq(locations.customerId, readerConfigurations.customerId),
        eq(locations.uuid, readerConfigurations.locationUuid),
      ),
    )
    .where(tenant.where(readerAssignments, inArray(readerAssignments.readerId, readerIds)))
    .orderBy(asc(readerConfigurations.name), asc(readerConfigurations.id));
  for (const r of rows) byReader.set(r.readerId, [...(byReader.get(r.readerId) ?? []), r]);
  return byReader;
}

/** The latest heartbeat of each application, for a page of readers (one query). */
export async function findHeartbeats(tenant: TenantScope, readerIds: number[]): Promise<Map<number, HeartbeatRow[]>> {
  const byReader = new Map<number, HeartbeatRow[]>();
  if (readerIds.length === 0) return byReader;
  const rows = (await tenant
    .select(readerHeartbeats, inArray(readerHeartbeats.readerId, readerIds))
    .orderBy(asc(readerHeartbeats.application))) as HeartbeatRow[];
  for (const r of rows) byReader.set(r.readerId, [...(byReader.get(r.readerId) ?? []), r]);
  return byReader;
}

/** Replaces a reader's configurations with `configurationIds`. */
export async function replaceAssignments(tenant: TenantScope, readerId: number, configurationIds: number[]) {
  await tenant.delete(readerAssignments, eq(readerAssignments.readerId, readerId));
  await addAssignments(tenant, readerId, configurationIds);
}

/** Adds configurations to a reader's set; one it already has stays. */
export async function addAssignments(tenant: TenantScope, readerId: number, configurationIds: number[]) {
  if (configurationIds.length === 0) return;
  await tenant
    .insertMany(
      readerAssignments,
      configurationIds.map((configurationId) => ({ readerId, configurationId })),
    )
    .onConflictDoNothing();
}

export async function findAssignedIds(tenant: TenantScope, readerId: number): Promise<number[]> {
  const rows = await tenant.db
    .select({ id: readerAssignments.configurationId })
    .from(readerAssignments)
    .where(tenant.where(readerAssignments, eq(readerAssignments.readerId, readerId)));
  return rows.map((r) => r.id);
}

export interface HeartbeatWrite {
  application: string;
  interval: number;
  mode: HeartbeatRow['mode'];
  version: string;
  ipaddress: string;
  antennas: Record<string, number>;
}

/** One row per (reader, application): the latest heartbeat replaces the previous one. */
export async function upsertHeartbeat(tenant: TenantScope, readerId: number, beat: HeartbeatWrite, at: Date) {
  const values = { ...beat, readerId, updated: at };
  await tenant.insert(readerHeartbeats, values).onConflictDoUpdate({
    target: [readerHeartbeats.customerId, readerHeartbeats.readerId, readerHeartbeats.application],
    set: {
      updated: at,
      interval: beat.interval,
      mode: beat.mode,
      version: beat.version,
      ipaddress: beat.ipaddress,
      antennas: beat.antennas,
    },
  });
}

export async function clearHeartbeats(tenant: TenantScope, readerId: number): Promise<void> {
  await tenant.delete(readerHeartbeats, eq(readerHeartbeats.readerId, readerId));
}

/** Fixed readers in setup mode with a setup_mode_read (the banner rule, 01 §2.4). */
export async function countReadersInSetup(tenant: TenantScope): Promise<number> {
  return tenant.count(readers, eq(readers.family, 'fx'), eq(readers.status, 'setup'), isNotNull(readers.setupModeRead));
}

export async function findLocationNames(tenant: TenantScope, uuids: string[]): Promise<Map<string, string>> {
  if (uuids.length === 0) return new Map();
  const rows = await tenant.db
    .select({ uuid: locations.uuid, name: locations.name })
    .from(locations)
    .where(tenant.where(locations, inArray(locations.uuid, uuids)));
  return new Map(rows.map((r) => [r.uuid, r.name]));
}

/** assigned → uploaded once the reader has downloaded its configuration; true when it changed. */
export async function markUploaded(tenant: TenantScope, readerId: number): Promise<boolean> {
  const rows = await tenant
    .update(readers, { state: 'uploaded' }, eq(readers.id, readerId), eq(readers.state, 'assigned'))
    .returning({ id: readers.id });
  return rows.length > 0;
}

/** The token's reader, in the shape a reader principal is made of. */
export async function findReaderRow(tenant: TenantScope, claims: ReaderClaims): Promise<ReaderRow | undefined> {
  const [row] = await tenant.select(readers, eq(readers.id, claims.readerId)).limit(1);
  return row as ReaderRow | undefined;
}
