import { and, count, eq, isNull, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { SPECIAL_ROOTS } from '@tagtrack/contract';
import { locationFiles, locationFloorPlans, locations } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertedRow } from '../../db/sql-rows.js';

export type LocationRow = typeof locations.$inferSelect;

export async function findAllLocations(tenant: TenantScope): Promise<LocationRow[]> {
  return (await tenant.select(locations).orderBy(locations.name, locations.uuid)) as LocationRow[];
}

export async function findLocation(tenant: TenantScope, uuid: string): Promise<LocationRow | undefined> {
  const [row] = await tenant.select(locations, eq(locations.uuid, uuid)).limit(1);
  return row as LocationRow | undefined;
}

export async function countChildren(tenant: TenantScope, uuid: string): Promise<number> {
  return tenant.count(locations, eq(locations.parentUuid, uuid));
}

/** Leaves the subscription counts: ordinary locations without children. */
export async function countLeaves(tenant: TenantScope): Promise<number> {
  const child = alias(locations, 'child');
  const [row] = await tenant.db
    .select({ n: count() })
    .from(locations)
    .where(
      tenant.where(
        locations,
        isNull(locations.special),
        notExists(
          tenant.db
            .select({ one: sql`1` })
            .from(child)
            .where(and(eq(child.customerId, locations.customerId), eq(child.parentUuid, locations.uuid))),
        ),
      ),
    );
  return row?.n ?? 0;
}

export async function insertLocation(
  tenant: TenantScope,
  values: Pick<LocationRow, 'parentUuid' | 'name' | 'metadata'> & Partial<Pick<LocationRow, 'special' | 'active'>>,
): Promise<LocationRow> {
  const row = insertedRow(await tenant.insert(locations, values).returning());
  return row as LocationRow;
}

export async function updateLocation(tenant: TenantScope, uuid: string, set: Partial<LocationRow>): Promise<void> {
  await tenant.update(locations, { ...set, updatedAt: new Date() }, eq(locations.uuid, uuid));
}

export async function deleteLocationRow(tenant: TenantScope, uuid: string): Promise<void> {
  await tenant.delete(locations, eq(locations.uuid, uuid));
}

/** The special roots every customer has; creating them again does nothing. */
export async function ensureSpecialRoots(tenant: TenantScope): Promise<void> {
  for (const [special, name] of Object.entries(SPECIAL_ROOTS) as ['removed' | 'unassigned', string][]) {
    const exists = await tenant.count(locations, eq(locations.special, special));
    if (!exists) {
      await tenant.insert(locations, { parentUuid: null, name, metadata: {}, special }).onConflictDoNothing();
    }
  }
}

/**
 * SECURITY/consistency: tree changes of one customer run one at a time (inside a transaction), so
 * two concurrent moves can never build a cycle and two adds cannot both take the last free leaf.
 */
export async function lockTree(tenant: TenantScope): Promise<void> {
  await tenant.db.execute(sql`select pg_advisory_xact_lock(7274, ${tenant.customerId}::int)`);
}

/** Per location: the number of 'other' images and whether a floor plan image or shapes exist. */
export async function findFileStats(tenant: TenantScope): Promise<Map<string, { images: number; floorPlan: boolean }>> {
  const stats = new Map<string, { images: number; floorPlan: boolean }>();
  const files = await tenant.db
    .select({ location: locationFiles.locationUuid, type: locationFiles.type, n: count() })
    .from(locationFiles)
    .where(tenant.where(locationFiles))
    .groupBy(locationFiles.locationUuid, locationFiles.type);
  for (const f of files) {
    const entry = stats.get(f.location) ?? { images: 0, floorPlan: false };
    if (f.type === 'other') entry.images += f.n;
    else entry.floorPlan = true;
    stats.set(f.location, entry);
  }
  const plans = await tenant.db
    .select({ location: locationFloorPlans.locationUuid })
    .from(locationFloorPlans)
    .where(tenant.where(locationFloorPlans, sql`jsonb_array_length(${locationFloorPlans.shapes}) > 0`));
  for (const p of plans) {
    const entry = stats.get(p.location) ?? { images: 0, floorPlan: false };
    entry.floorPlan = true;
    stats.set(p.location, entry);
  }
  return stats;
}

export async function findStorageKeysUnder(tenant: TenantScope, uuids: string[]): Promise<string[]> {
  if (uuids.length === 0) return [];
  const rows = await tenant.db
    .select({ key: locationFiles.storageKey })
    .from(locationFiles)
    .where(tenant.where(locationFiles, sql`${locationFiles.locationUuid} in ${uuids}`));
  return rows.map((r) => r.key);
}
