import { z } from 'zod';
import { ListQuerySchema, orderingSchema } from '../common/pagination.js';
import { ReadBatchSchema } from './read.schemas.js';

/** Inventory session statuses (03 §3). */
export const INVENTORY_SESSION_STATUSES = ['pending', 'triage', 'confirmed', 'abandoned', 'reopen'] as const;
export type InventorySessionStatus = (typeof INVENTORY_SESSION_STATUSES)[number];

/** What a user can do to a session; each is a POST /process-data/inventory/sessions/{id}/<action>/. */
export const INVENTORY_SESSION_ACTIONS = ['triage', 'confirm', 'reopen', 'abandon'] as const;
export type InventorySessionAction = (typeof INVENTORY_SESSION_ACTIONS)[number];

/** The outcome of one EPC at one counted location. */
export const INVENTORY_OUTCOMES = ['found', 'missing', 'unexpected'] as const;
export type InventoryOutcome = (typeof INVENTORY_OUTCOMES)[number];

/**
 * The state machine (03 §4): pending → triage (suspend), triage → confirmed (confirm), triage →
 * reopen (resume; counts like pending), reopen → triage, and pending, triage or reopen →
 * abandoned. Confirmed and abandoned are final.
 */
export const INVENTORY_SESSION_TRANSITIONS: Record<
  InventorySessionAction,
  { from: readonly InventorySessionStatus[]; to: InventorySessionStatus }
> = {
  triage: { from: ['pending', 'reopen'], to: 'triage' },
  confirm: { from: ['triage'], to: 'confirmed' },
  reopen: { from: ['triage'], to: 'reopen' },
  abandon: { from: ['pending', 'triage', 'reopen'], to: 'abandoned' },
};

/** The status an action leads to, or null when the action is not allowed from this status. */
export function nextSessionStatus(
  status: InventorySessionStatus,
  action: InventorySessionAction,
): InventorySessionStatus | null {
  const transition = INVENTORY_SESSION_TRANSITIONS[action];
  return transition.from.includes(status) ? transition.to : null;
}

/** The actions allowed from a status, in the order the console offers them. */
export function allowedSessionActions(status: InventorySessionStatus): InventorySessionAction[] {
  return INVENTORY_SESSION_ACTIONS.filter((action) => nextSessionStatus(status, action) !== null);
}

/** Handheld readers may upload reads while a session is pending or reopened. */
export function acceptsSessionReads(status: InventorySessionStatus): boolean {
  return status === 'pending' || status === 'reopen';
}

/** The most locations one session may count. */
export const INVENTORY_SESSION_MAX_LOCATIONS = 500;
/** The most items the session view lists per location (counts are always complete). */
export const INVENTORY_SESSION_ITEMS_CAP = 500;

export const InventorySessionStatusSchema = z.enum(INVENTORY_SESSION_STATUSES);

/** POST /process-data/inventory/sessions/. */
export const InventorySessionCreateSchema = z.object({
  locations: z
    .array(z.uuid({ error: 'invalidLocation' }), { error: 'sessionLocationsRequired' })
    .min(1, 'sessionLocationsRequired')
    .max(INVENTORY_SESSION_MAX_LOCATIONS)
    .transform((uuids) => [...new Set(uuids.map((u) => u.toLowerCase()))]),
});
export type InventorySessionCreate = z.input<typeof InventorySessionCreateSchema>;

export const INVENTORY_SESSION_ORDERING = ['created_at', 'updated_at', 'status', 'hash'] as const;

/** `status=pending` or `status=pending,triage`; none means every status. */
export const InventorySessionListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(INVENTORY_SESSION_ORDERING),
  status: z
    .string()
    .trim()
    .optional()
    .transform((text) => (text ? text.split(',').map((s) => s.trim()) : []))
    .pipe(z.array(InventorySessionStatusSchema)),
});
export type InventorySessionListQuery = z.input<typeof InventorySessionListQuerySchema>;

export const SessionLocationSchema = z.object({ uuid: z.string(), name: z.string() });
export type SessionLocation = z.infer<typeof SessionLocationSchema>;

/** A session as lists show it. */
export const InventorySessionSchema = z.object({
  id: z.number().int(),
  hash: z.string(),
  status: InventorySessionStatusSchema,
  locations: z.array(SessionLocationSchema),
  /** Distinct EPCs read so far. */
  read_count: z.number().int(),
  created_by__username: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type InventorySession = z.infer<typeof InventorySessionSchema>;

/** GET /process-data/inventory/sessions/locations/: locations held by open sessions. */
export const OpenSessionLocationsSchema = z.object({ locations: z.array(z.string()) });
export type OpenSessionLocations = z.infer<typeof OpenSessionLocationsSchema>;

const outcomeCounts = {
  expected: z.number().int(),
  found: z.number().int(),
  missing: z.number().int(),
  unexpected: z.number().int(),
};

/** Per product: expected = found + missing; unexpected were read here but belonged elsewhere. */
export const SessionProductCountSchema = z.object({
  /** null for an EPC no item has yet (shown as Unknown until confirmation creates it). */
  product_sku: z.string().nullable(),
  product_name: z.string().nullable(),
  ...outcomeCounts,
});
export type SessionProductCount = z.infer<typeof SessionProductCountSchema>;

export const SessionItemSchema = z.object({
  epc: z.string(),
  item_id: z.number().int().nullable(),
  product_sku: z.string().nullable(),
  product_name: z.string().nullable(),
  outcome: z.enum(INVENTORY_OUTCOMES),
});
export type SessionItem = z.infer<typeof SessionItemSchema>;

export const SessionLocationResultSchema = SessionLocationSchema.extend({
  ...outcomeCounts,
  products: z.array(SessionProductCountSchema),
  /** Missing first, then unexpected, then found; at most INVENTORY_SESSION_ITEMS_CAP. */
  items: z.array(SessionItemSchema),
  items_total: z.number().int(),
});
export type SessionLocationResult = z.infer<typeof SessionLocationResultSchema>;

/** GET /process-data/inventory/sessions/{id}/full/: live while open, the frozen record once confirmed. */
export const InventorySessionFullSchema = InventorySessionSchema.extend({
  results: z.array(SessionLocationResultSchema),
  allowed_actions: z.array(z.enum(INVENTORY_SESSION_ACTIONS)),
});
export type InventorySessionFull = z.infer<typeof InventorySessionFullSchema>;

/** GET /reader-api/inventory/sessions/: the sessions a handheld may count now. */
export const DeviceSessionSchema = z.object({
  hash: z.string(),
  status: InventorySessionStatusSchema,
  locations: z.array(SessionLocationSchema),
  created_at: z.string(),
});
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

/** POST /reader-api/inventory/sessions/{hash}/reads/: a read batch counted at one session location. */
export const SessionReadBatchSchema = ReadBatchSchema.extend({
  location: z.uuid({ error: 'invalidLocation' }).transform((u) => u.toLowerCase()),
});
export type SessionReadBatch = z.input<typeof SessionReadBatchSchema>;

export const SessionReadBatchResultSchema = z.object({
  batch_id: z.string(),
  /** Reads received in the batch. */
  accepted: z.number().int(),
  /** True when this reader already sent this batch id to the session: nothing changed this time. */
  duplicate: z.boolean(),
});
export type SessionReadBatchResult = z.infer<typeof SessionReadBatchResultSchema>;
