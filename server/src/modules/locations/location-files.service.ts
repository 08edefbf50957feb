import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  LOCATION_IMAGE_MAX_BYTES,
  MESSAGE_KEYS as M,
  type FloorPlan,
  type FloorPlanInput,
  type LocationFile,
  type LocationFileType,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { AppError, notFound, validationError } from '../../lib/errors.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import { findNode, subtreeUuids } from './location-tree.js';
import { findLocation } from './locations.repository.js';
import { loadTree } from './locations.service.js';
import { sanitizeSvg, sniffImageType } from '../../lib/images.js';

import {
  deleteFloorPlanShapes,
  deleteLocationFileRow,
  deletePlanImages,
  findFloorPlan,
  findLocationFile,
  findLocationFiles,
  findPlanImage,
  hasPlanImage,
  insertLocationFile,
  saveFloorPlanShapes,
  type FileRow,
} from './location-files.repository.js';

function presentFile(row: FileRow): LocationFile {
  return {
    pk: row.id,
    name: row.name,
    type: row.type,
    content_type: row.contentType,
    size: row.size,
    updated: row.updatedAt.toISOString(),
  };
}

async function requireLocation(tenant: TenantScope, uuid: string) {
  const row = await findLocation(tenant, uuid);
  if (!row) throw notFound();
  return row;
}

export interface Upload {
  name: string;
  type: LocationFileType;
  data: Buffer | null;
  /** The upload went past the request limit and was cut. */
  truncated: boolean;
}

/**
 * Stores an image of a location. The type is recognised from the bytes (png, jpeg, svg); an
 * SVG is sanitised before it is stored. A new 'floor plan' replaces the previous plan image.
 */
export async function uploadLocationFile(ctx: ServiceContext, storage: FileStorage, uuid: string, upload: Upload) {
  await requireLocation(ctx.tenant, uuid);
  if (!upload.data || upload.data.length === 0) throw validationError({ file: [M.requiredFile] });
  if (upload.truncated || upload.data.length > LOCATION_IMAGE_MAX_BYTES)
    throw validationError({ file: [M.imageTooLarge] });
  const sniffed = sniffImageType(upload.data);
  if (!sniffed) throw validationError({ file: [M.imageTypeNotAllowed] });
  let bytes = upload.data;
  if (sniffed === 'image/svg+xml') {
    const clean = sanitizeSvg(bytes);
    if (!clean) throw validationError({ file: [M.imageTypeNotAllowed] });
    bytes = clean;
  }
  const key = `${ctx.tenant.customerId}/${randomUUID()}`;
  await storage.put(key, bytes);
  let replaced: string[] = [];
  try {
    const row = await ctx.tenant.transaction(async (tenant) => {
      if (upload.type === 'floor plan') replaced = await deletePlanImages(tenant, uuid);
      return insertLocationFile(tenant, {
        locationUuid: uuid,
        name: upload.name,
        type: upload.type,
        contentType: sniffed,
        size: bytes.length,
        storageKey: key,
      });
    });
    await Promise.all(replaced.map((k) => storage.remove(k)));
    ctx.log.info({ location: uuid, file: row.id, type: upload.type }, 'location file stored');
    return presentFile(row);
  } catch (error) {
    // Nothing orphaned: the bytes go when the row could not be written.
    await storage.remove(key);
    throw error;
  }
}

export async function listLocationFiles(
  ctx: ServiceContext,
  uuid: string,
  type?: LocationFileType,
): Promise<LocationFile[]> {
  await requireLocation(ctx.tenant, uuid);
  return (await findLocationFiles(ctx.tenant, uuid, type)).map(presentFile);
}

async function requireFile(tenant: TenantScope, uuid: string, pk: number): Promise<FileRow> {
  const row = await findLocationFile(tenant, uuid, pk);
  if (!row) throw notFound();
  return row;
}

export async function readLocationFile(
  ctx: ServiceContext,
  storage: FileStorage,
  uuid: string,
  pk: number,
): Promise<{ file: LocationFile; stream: Readable }> {
  const row = await requireFile(ctx.tenant, uuid, pk);
  return { file: presentFile(row), stream: storage.read(row.storageKey) };
}

export async function deleteLocationFile(ctx: ServiceContext, storage: FileStorage, uuid: string, pk: number) {
  const row = await requireFile(ctx.tenant, uuid, pk);
  await deleteLocationFileRow(ctx.tenant, pk);
  await storage.remove(row.storageKey);
}

export async function getFloorPlan(ctx: ServiceContext, uuid: string): Promise<FloorPlan> {
  await requireLocation(ctx.tenant, uuid);
  const [image, plan] = [await findPlanImage(ctx.tenant, uuid), await findFloorPlan(ctx.tenant, uuid)];
  return {
    location: uuid,
    image: image ? presentFile(image) : null,
    shapes: plan?.shapes ?? [],
    updated: plan?.updatedAt.toISOString() ?? null,
  };
}

/** Saves the shapes of a plan: each bound to a location below this one, on an uploaded plan image. */
export async function saveFloorPlan(ctx: ServiceContext, uuid: string, input: FloorPlanInput): Promise<FloorPlan> {
  const node = findNode(await loadTree(ctx), uuid);
  if (!node) throw notFound();
  if (!(await hasPlanImage(ctx.tenant, uuid))) throw new AppError('ValidationError', M.floorPlanImageRequired);
  const below = new Set(subtreeUuids(node).slice(1));
  const wrong = input.shapes.findIndex((s) => !below.has(s.location));
  if (wrong >= 0) throw validationError({ [`shapes.${wrong}.location`]: [M.shapeLocationNotChild] });
  const ids = new Set(input.shapes.map((s) => s.id));
  if (ids.size !== input.shapes.length) throw validationError({ shapes: [M.invalidValue] });
  await saveFloorPlanShapes(ctx.tenant, uuid, input.shapes);
  return getFloorPlan(ctx, uuid);
}

/** The second delete: the plan image and all the plan's data. */
export async function deleteFloorPlan(ctx: ServiceContext, storage: FileStorage, uuid: string): Promise<void> {
  await requireLocation(ctx.tenant, uuid);
  const keys = await ctx.tenant.transaction(async (tenant) => {
    await deleteFloorPlanShapes(tenant, uuid);
    return deletePlanImages(tenant, uuid);
  });
  await Promise.all(keys.map((key) => storage.remove(key)));
}
