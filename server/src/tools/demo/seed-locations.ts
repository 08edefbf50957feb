import { randomUUID } from 'node:crypto';
import type { FloorPlanShape } from '@tagtrack/contract';
import { locationFiles, locationFloorPlans } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';
import { insertLocation, updateLocation } from '../../modules/locations/locations.repository.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';

interface Node {
  name: string;
  metadata?: Record<string, unknown>;
  active?: boolean;
  children?: Node[];
}

const TREE: Node[] = [
  {
    name: 'Oslo Distribution Centre',
    metadata: { address: 'Alnabru, Oslo', manager: 'Ingrid Berg' },
    children: [
      {
        name: 'Building A',
        children: [
          { name: 'Goods In', metadata: { dock_doors: 4 } },
          { name: 'Zone A1 Racking', metadata: { aisles: 12 } },
          { name: 'Zone A2 Racking', metadata: { aisles: 10 } },
          { name: 'Dispatch', metadata: { dock_doors: 6 } },
        ],
      },
      {
        name: 'Building B',
        children: [{ name: 'Cold Store', metadata: { temperature: '2-6 °C' } }, { name: 'Returns' }],
      },
    ],
  },
  {
    name: 'Bergen Store',
    metadata: { address: 'Torgallmenningen, Bergen' },
    children: [{ name: 'Shop Floor' }, { name: 'Back Room' }],
  },
  {
    name: 'Trondheim Service Hub',
    children: [
      { name: 'Workshop' },
      { name: 'Old Depot', active: false, metadata: { note: 'closed for refurbishment' } },
    ],
  },
];

const ZONES: [string, number, number, number, number, string][] = [
  ['Goods In', 20, 20, 240, 160, '#dbeafe'],
  ['Zone A1 Racking', 280, 20, 240, 300, '#dcfce7'],
  ['Zone A2 Racking', 540, 20, 240, 300, '#fef9c3'],
  ['Dispatch', 20, 200, 240, 280, '#fee2e2'],
];

function floorPlanSvg(): Buffer {
  const rooms = ZONES.map(
    ([name, x, y, w, h, fill]) =>
      `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${fill}" stroke="#334155" stroke-width="3"/>` +
      `<text x="${x + 12}" y="${y + 30}" font-family="sans-serif" font-size="18" fill="#1e293b">${name}</text>`,
  ).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="500" viewBox="0 0 800 500">` +
      `<rect width="800" height="500" fill="#f8fafc"/>${rooms}` +
      `<rect x="280" y="340" width="500" height="140" fill="#e2e8f0" stroke="#334155" stroke-width="3"/>` +
      `<text x="300" y="420" font-family="sans-serif" font-size="18" fill="#475569">Office and charging area</text></svg>`,
  );
}

function pictureSvg(title: string, hue: number): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400" viewBox="0 0 640 400">` +
      `<rect width="640" height="400" fill="hsl(${hue},45%,88%)"/>` +
      `<rect x="80" y="120" width="480" height="240" fill="hsl(${hue},30%,70%)" stroke="hsl(${hue},30%,40%)" stroke-width="6"/>` +
      `<rect x="140" y="180" width="150" height="180" fill="hsl(${hue},25%,55%)"/><rect x="350" y="180" width="150" height="180" fill="hsl(${hue},25%,55%)"/>` +
      `<text x="320" y="80" text-anchor="middle" font-family="sans-serif" font-size="30" fill="hsl(${hue},40%,25%)">${title}</text></svg>`,
  );
}

async function storeFile(
  tenant: TenantScope,
  storage: FileStorage,
  location: string,
  name: string,
  type: 'floor plan' | 'other',
  data: Buffer,
) {
  const key = `${tenant.customerId}/${randomUUID()}`;
  await storage.put(key, data);
  await tenant.insert(locationFiles, {
    locationUuid: location,
    name,
    type,
    contentType: 'image/svg+xml',
    size: data.length,
    storageKey: key,
  });
}

/** The demo customer's sites, buildings and zones, with pictures and a floor plan of Building A. */
export async function seedDemoLocations(tenant: TenantScope, storage: FileStorage): Promise<void> {
  const ids = new Map<string, string>();
  const add = async (node: Node, parent: string | null) => {
    const row = await insertLocation(tenant, { parentUuid: parent, name: node.name, metadata: node.metadata ?? {} });
    ids.set(node.name, row.uuid);
    for (const child of node.children ?? []) await add(child, row.uuid);
    if (node.active === false) await updateLocation(tenant, row.uuid, { active: false });
  };
  for (const root of TREE) await add(root, null);

  const buildingA = ids.get('Building A')!;
  await storeFile(tenant, storage, buildingA, 'Building A ground floor', 'floor plan', floorPlanSvg());
  const shapes: FloorPlanShape[] = ZONES.map(([name, x, y, width, height], i) => ({
    id: `zone-${i + 1}`,
    type: 'rectangle',
    location: ids.get(name)!,
    x,
    y,
    width,
    height,
    rotation: 0,
  }));
  await tenant.insert(locationFloorPlans, { locationUuid: buildingA, shapes });
  await storeFile(
    tenant,
    storage,
    ids.get('Oslo Distribution Centre')!,
    'Main entrance',
    'other',
    pictureSvg('Main entrance', 205),
  );
  await storeFile(
    tenant,
    storage,
    ids.get('Oslo Distribution Centre')!,
    'Loading bays',
    'other',
    pictureSvg('Loading bays', 30),
  );
  await storeFile(tenant, storage, ids.get('Bergen Store')!, 'Shop front', 'other', pictureSvg('Shop front', 140));
}
