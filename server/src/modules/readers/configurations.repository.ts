import { and, asc, eq, ilike, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { locations, readerAssignments, readerConfigurations, readers } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertedRow } from '../../db/sql-rows.js';

export type ConfigurationRow = typeof readerConfigurations.$inferSelect;
export type ConfigurationInsert = Omit<typeof readerConfigurations.$inferInsert, 'customerId' | 'id'>;

/** A configuration with its location's name and how many readers run it. */
export interface ConfigurationView extends ConfigurationRow {
  locationName: string | null;
  readerCount: number;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const readerCount = sql<number>`(
  select count(*)::int from ${readerAssignments}
  where ${readerAssignments.customerId} = ${readerConfigurations.customerId}
    and ${readerAssignments.configurationId} = ${readerConfigurations.id}
)`.mapWith(Number);

/** Text sorts ignore case, as a person reading the list expects. */
const ORDER_COLUMNS = {
  name: sql`lower(${readerConfigurations.name})`,
  reader_type: sql`lower(${readerConfigurations.readerType})`,
  application: sql`lower(${readerConfigurations.application})`,
  location_name: sql`lower(${locations.name})`,
  id: readerConfigurations.id,
} as const;

export interface ConfigurationPageQuery {
  search?: string;
  /** False: templates and Handheld configurations are left out. */
  includeHandheldsAndTemplates: boolean;
  handheldKind: string;
  readerType?: string;
  field: keyof typeof ORDER_COLUMNS;
  descending: boolean;
  limit: number;
  offset: number;
}

/** SECURITY: the location join matches on the configuration's customer, so a row only ever names its own location. */
function viewQuery(tenant: TenantScope, ...conditions: (SQL | undefined)[]) {
  return tenant.db
    .select({ configuration: readerConfigurations, locationName: locations.name, readerCount })
    .from(readerConfigurations)
    .leftJoin(
      locations,
      and(
        eq(locations.customerId, readerConfigurations.customerId),
        eq(locations.uuid, readerConfigurations.locationUuid),
      ),
    )
    .where(tenant.where(readerConfigurations, ...conditions))
    .$dynamic();
}

const toView = (r: { configuration: ConfigurationRow; locationName: string | null; readerCount: number }) => ({
  ...r.configuration,
  locationName: r.locationName,
  readerCount: r.readerCount,
});

export async function findConfigurationPage(
  tenant: TenantScope,
  query: ConfigurationPageQuery,
): Promise<{ count: number; rows: ConfigurationView[] }> {
  const pattern = query.search ? `%${escapeLike(query.search)}%` : undefined;
  const conditions = [
    pattern
      ? or(
          ilike(readerConfigurations.name, pattern),
          ilike(readerConfigurations.description, pattern),
          ilike(locations.name, pattern),
        )
      : undefined,
    query.includeHandheldsAndTemplates
      ? undefined
      : and(eq(readerConfigurations.isTemplate, false), ne(readerConfigurations.readerType, query.handheldKind)),
    query.readerType ? eq(readerConfigurations.readerType, query.readerType) : undefined,
  ];
  const column = ORDER_COLUMNS[query.field];
  const [counted, rows] = await Promise.all([
    tenant.db
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(readerConfigurations)
      .leftJoin(
        locations,
        and(
          eq(locations.customerId, readerConfigurations.customerId),
          eq(locations.uuid, readerConfigurations.locationUuid),
        ),
      )
      .where(tenant.where(readerConfigurations, ...conditions)),
    viewQuery(tenant, ...conditions)
      .orderBy(
        query.descending ? sql`${column} desc nulls last` : sql`${column} asc nulls last`,
        asc(readerConfigurations.id),
      )
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: counted[0]?.count ?? 0, rows: rows.map(toView) };
}

export async function findConfigurationView(tenant: TenantScope, id: number): Promise<ConfigurationView | undefined> {
  const [row] = await viewQuery(tenant, eq(readerConfigurations.id, id)).limit(1);
  return row ? toView(row) : undefined;
}

/** The tenant's configurations among `ids`, with location name and reader count; unknown ids are left out. */
export async function findConfigurationViews(tenant: TenantScope, ids: number[]): Promise<ConfigurationView[]> {
  if (ids.length === 0) return [];
  const rows = await viewQuery(tenant, inArray(readerConfigurations.id, ids)).orderBy(asc(readerConfigurations.id));
  return rows.map(toView);
}

export async function findConfigurationByName(
  tenant: TenantScope,
  name: string,
): Promise<ConfigurationRow | undefined> {
  const [row] = await tenant.select(readerConfigurations, eq(readerConfigurations.name, name)).limit(1);
  return row as ConfigurationRow | undefined;
}

/** Whether another configuration of the customer has this name (names are unique per customer). */
export async function configurationNameTaken(tenant: TenantScope, name: string, exceptId?: number): Promise<boolean> {
  const others = exceptId === undefined ? undefined : ne(readerConfigurations.id, exceptId);
  return (await tenant.count(readerConfigurations, eq(readerConfigurations.name, name), others)) > 0;
}

/** The name of the tenant's location, or undefined when the customer has no such location. */
export async function findLocationName(tenant: TenantScope, uuid: string): Promise<string | undefined> {
  const [row] = await tenant.db
    .select({ name: locations.name })
    .from(locations)
    .where(tenant.where(locations, eq(locations.uuid, uuid)))
    .limit(1);
  return row?.name;
}

export async function insertConfiguration(tenant: TenantScope, values: ConfigurationInsert): Promise<ConfigurationRow> {
  const row = insertedRow(await tenant.insert(readerConfigurations, values).returning());
  return row as ConfigurationRow;
}

export async function updateConfiguration(
  tenant: TenantScope,
  id: number,
  values: Partial<ConfigurationInsert>,
): Promise<ConfigurationRow | undefined> {
  const [row] = await tenant
    .update(readerConfigurations, { ...values, updatedAt: new Date() }, eq(readerConfigurations.id, id))
    .returning();
  return row as ConfigurationRow | undefined;
}

export async function deleteConfiguration(tenant: TenantScope, id: number): Promise<void> {
  await tenant.delete(readerConfigurations, eq(readerConfigurations.id, id));
}

/** A changed configuration must be downloaded again: its readers go back to 'assigned'. */
export async function markReadersOfConfigurationAssigned(tenant: TenantScope, configurationId: number): Promise<void> {
  const assigned = tenant.db
    .select({ id: readerAssignments.readerId })
    .from(readerAssignments)
    .where(tenant.where(readerAssignments, eq(readerAssignments.configurationId, configurationId)));
  await tenant.update(readers, { state: 'assigned', updatedAt: new Date() }, inArray(readers.id, assigned));
}

/** Whether a reader running this configuration runs another one too. */
export async function configurationSharesAReader(tenant: TenantScope, configurationId: number): Promise<boolean> {
  const other = alias(readerAssignments, 'other_assignments');
  const [row] = await tenant.db
    .select({ readerId: readerAssignments.readerId })
    .from(readerAssignments)
    .innerJoin(
      other,
      and(
        eq(other.customerId, readerAssignments.customerId),
        eq(other.readerId, readerAssignments.readerId),
        ne(other.configurationId, readerAssignments.configurationId),
      ),
    )
    .where(tenant.where(readerAssignments, eq(readerAssignments.configurationId, configurationId)))
    .limit(1);
  return row !== undefined;
}
