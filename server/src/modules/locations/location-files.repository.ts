import { eq } from 'drizzle-orm';
import type { LocationFileType } from '@tagtrack/contract';
import { locationFiles, locationFloorPlans } from '../../db/schema/index.js';
import { insertedRow } from '../../db/sql-rows.js';
import type { TenantScope } from '../../db/tenant.js';

export type FileRow = typeof locationFiles.$inferSelect;
export type FloorPlanRow = typeof locationFloorPlans.$inferSelect;

const ofLocation = (uuid: string) => eq(locationFiles.locationUuid, uuid);
const isPlan = eq(locationFiles.type, 'floor plan');

export async function insertLocationFile(
  tenant: TenantScope,
  values: Pick<FileRow, 'locationUuid' | 'name' | 'type' | 'contentType' | 'size' | 'storageKey'>,
): Promise<FileRow> {
  return insertedRow(await tenant.insert(locationFiles, values).returning()) as FileRow;
}

/** Deletes the location's plan image (a location has one); answers the storage keys it held. */
export async function deletePlanImages(tenant: TenantScope, uuid: string): Promise<string[]> {
  const rows = await tenant
    .delete(locationFiles, ofLocation(uuid), isPlan)
    .returning({ key: locationFiles.storageKey });
  return rows.map((r) => r.key);
}

export async function findLocationFiles(
  tenant: TenantScope,
  uuid: string,
  type?: LocationFileType,
): Promise<FileRow[]> {
  return (await tenant
    .select(locationFiles, ofLocation(uuid), type ? eq(locationFiles.type, type) : undefined)
    .orderBy(locationFiles.createdAt, locationFiles.id)) as FileRow[];
}

export async function findLocationFile(tenant: TenantScope, uuid: string, pk: number): Promise<FileRow | undefined> {
  const [row] = await tenant.select(locationFiles, ofLocation(uuid), eq(locationFiles.id, pk)).limit(1);
  return row as FileRow | undefined;
}

export async function deleteLocationFileRow(tenant: TenantScope, pk: number): Promise<void> {
  await tenant.delete(locationFiles, eq(locationFiles.id, pk));
}

export async function findPlanImage(tenant: TenantScope, uuid: string): Promise<FileRow | undefined> {
  const [row] = await tenant.select(locationFiles, ofLocation(uuid), isPlan).limit(1);
  return row as FileRow | undefined;
}

export async function hasPlanImage(tenant: TenantScope, uuid: string): Promise<boolean> {
  return (await tenant.count(locationFiles, ofLocation(uuid), isPlan)) > 0;
}

export async function findFloorPlan(tenant: TenantScope, uuid: string): Promise<FloorPlanRow | undefined> {
  const [row] = await tenant.select(locationFloorPlans, eq(locationFloorPlans.locationUuid, uuid)).limit(1);
  return row as FloorPlanRow | undefined;
}

export async function saveFloorPlanShapes(tenant: TenantScope, uuid: string, shapes: FloorPlanRow['shapes']) {
  const now = new Date();
  await tenant.insert(locationFloorPlans, { locationUuid: uuid, shapes, updatedAt: now }).onConflictDoUpdate({
    target: [locationFloorPlans.customerId, locationFloorPlans.locationUuid],
    set: { shapes, updatedAt: now },
  });
}

export async function deleteFloorPlanShapes(tenant: TenantScope, uuid: string): Promise<void> {
  await tenant.delete(locationFloorPlans, eq(locationFloorPlans.locationUuid, uuid));
}
