import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  INVENTORY_SESSION_ITEMS_CAP,
  INVENTORY_SESSION_ORDERING,
  acceptsSessionReads,
  allowedSessionActions,
  nextSessionStatus,
  pageWindow,
  singleOrdering,
  type DeviceSession,
  type InventorySession,
  type InventorySessionAction,
  type InventorySessionCreateSchema,
  type InventorySessionFull,
  type InventorySessionListQuerySchema,
  type OpenSessionLocations,
  type Paged,
  type SessionLocationResult,
  type SessionReadBatchResult,
  type SessionReadBatchSchema,
  MESSAGE_KEYS as M,
  timesAheadIssues,
  type ValidationMessageKey,
} from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import type { ServiceContext } from '../../lib/context.js';
import { notFound, validationError } from '../../lib/errors.js';
import { resolveProducts } from '../items/item-products.service.js';
import type { ReaderContext } from '../../lib/auth/reader-tokens.js';
import { findBatchCounts, recordBatch } from '../tracking/ingest.service.js';
import {
  closeSessionLocations,
  countSessionReads,
  findCountableFacts,
  findCountingSessions,
  findOpenLocationUuids,
  findSessionById,
  findSessionByHash,
  findSessionLocations,
  findSessionPage,
  findUsername,
  insertSession,
  isSessionLocation,
  lockSessionCreation,
  updateSessionStatus,
  upsertSessionReads,
  type SessionRow,
} from './inventory-sessions.repository.js';
import {
  countOutcomesByProduct,
  createCountedItems,
  findOutcomeItems,
  findUnknownReadCodes,
  freezeAndApplyOutcomes,
} from './session-outcomes.repository.js';

type CreateInput = z.infer<typeof InventorySessionCreateSchema>;
type ListInput = z.infer<typeof InventorySessionListQuerySchema>;
type ReadsInput = z.infer<typeof SessionReadBatchSchema>;

/** Hash characters a handheld user can type without confusing them (no 0/O, 1/I/L). */
const HASH_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const HASH_LENGTH = 8;

export function newSessionHash(): string {
  let hash = '';
  for (let i = 0; i < HASH_LENGTH; i += 1) hash += HASH_ALPHABET[randomInt(HASH_ALPHABET.length)];
  return hash;
}

const ACTION_REFUSALS: Record<InventorySessionAction, ValidationMessageKey> = {
  triage: 'sessionCannotTriage',
  confirm: 'sessionCannotConfirm',
  reopen: 'sessionCannotReopen',
  abandon: 'sessionCannotAbandon',
};

async function present(tenant: TenantScope, rows: (SessionRow & { username: string | null })[]) {
  const ids = rows.map((r) => r.id);
  const [places, reads] = await Promise.all([findSessionLocations(tenant, ids), countSessionReads(tenant, ids)]);
  return rows.map((row): InventorySession => ({
    id: row.id,
    hash: row.hash,
    status: row.status,
    locations: places.get(row.id) ?? [],
    read_count: reads.get(row.id) ?? 0,
    created_by__username: row.username,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    confirmed_at: row.confirmedAt?.toISOString() ?? null,
  }));
}

async function presentOne(tenant: TenantScope, row: SessionRow): Promise<InventorySession> {
  const [session] = await present(tenant, [{ ...row, username: await findUsername(tenant, row.createdBy) }]);
  return session as InventorySession;
}

/** POST /process-data/inventory/sessions/: active leaves only, none already in an open session. */
export async function createSession(ctx: ServiceContext, input: CreateInput): Promise<InventorySession> {
  const row = await ctx.tenant.transaction(async (tx) => {
    await lockSessionCreation(tx);
    const facts = await findCountableFacts(tx, input.locations);
    const countable = new Set(facts.filter((f) => f.active && !f.special && !f.hasChildren).map((f) => f.uuid));
    if (input.locations.some((uuid) => !countable.has(uuid))) {
      const known = new Set(facts.map((f) => f.uuid));
      const missing = input.locations.some((uuid) => !known.has(uuid));
      throw validationError({ locations: [missing ? M.invalidLocation : M.sessionLocationNotCountable] });
    }
    if ((await findOpenLocationUuids(tx, input.locations)).length > 0) {
      throw validationError({ locations: [M.sessionLocationTaken] });
    }
    for (;;) {
      const inserted = await insertSession(tx, newSessionHash(), ctx.actor.id, input.locations);
      if (inserted) return inserted;
    }
  });
  ctx.log.info({ sessionId: row.id, hash: row.hash, locations: input.locations.length }, 'inventory session created');
  return presentOne(ctx.tenant, row);
}

/** GET /process-data/inventory/sessions/?status=pending,triage */
export async function listSessions(ctx: ServiceContext, query: ListInput): Promise<Paged<InventorySession>> {
  const order = singleOrdering(query.ordering, INVENTORY_SESSION_ORDERING, '-created_at');
  const { count, rows } = await findSessionPage(ctx.tenant, { statuses: query.status }, order, pageWindow(query));
  return { count, results: await present(ctx.tenant, rows) };
}

/** GET /process-data/inventory/sessions/locations/: for disabling them in the session dialogs' tree. */
export async function openSessionLocations(ctx: ServiceContext): Promise<OpenSessionLocations> {
  return { locations: await findOpenLocationUuids(ctx.tenant) };
}

/** GET /process-data/inventory/sessions/{id}/full/ (the id or the hash). */
export async function getSessionFull(ctx: ServiceContext, idOrHash: string): Promise<InventorySessionFull> {
  const tenant = ctx.tenant;
  const row = /^\d{1,15}$/.test(idOrHash)
    ? await findSessionById(tenant, Number(idOrHash))
    : await findSessionByHash(tenant, idOrHash.toUpperCase());
  if (!row) throw notFound();
  const [session, counts, outcomeItems] = await Promise.all([
    presentOne(tenant, row),
    countOutcomesByProduct(tenant, row),
    findOutcomeItems(tenant, row, INVENTORY_SESSION_ITEMS_CAP),
  ]);
  const results = session.locations.map((place): SessionLocationResult => ({
    ...place,
    expected: 0,
    found: 0,
    missing: 0,
    unexpected: 0,
    products: [],
    items: [],
    items_total: 0,
  }));
  const byUuid = new Map(results.map((r) => [r.uuid, r]));
  for (const c of counts) {
    const place = byUuid.get(c.locationUuid);
    if (!place) continue;
    const expected = c.found + c.missing;
    place.products.push({
      product_sku: c.productSku,
      product_name: c.productName,
      expected,
      found: c.found,
      missing: c.missing,
      unexpected: c.unexpected,
    });
    place.expected += expected;
    place.found += c.found;
    place.missing += c.missing;
    place.unexpected += c.unexpected;
    place.items_total += c.found + c.missing + c.unexpected;
  }
  for (const item of outcomeItems) {
    byUuid.get(item.locationUuid)?.items.push({
      epc: item.epc,
      item_id: item.itemId,
      product_sku: item.productSku,
      product_name: item.productName,
      outcome: item.outcome,
    });
  }
  return { ...session, results, allowed_actions: allowedSessionActions(row.status) };
}

/**
 * POST /process-data/inventory/sessions/{id}/<action>/: one transition of the state machine, the
 * session row locked so two at once cannot both pass. Confirm applies the count in the same
 * transaction; confirm and abandon release the locations.
 */
export async function transitionSession(
  ctx: ServiceContext,
  id: number,
  action: InventorySessionAction,
): Promise<InventorySession> {
  const { row, applied } = await ctx.tenant.transaction(async (tx) => {
    const current = await findSessionById(tx, id, true);
    if (!current) throw notFound();
    const next = nextSessionStatus(current.status, action);
    if (!next) throw validationError({ status: [M[ACTION_REFUSALS[action]]] });
    let applied: { created: number; lost: number; moved: number } | null = null;
    if (action === 'confirm') applied = await confirmCount(tx, current.id);
    if (next === 'confirmed' || next === 'abandoned') await closeSessionLocations(tx, current.id);
    return { row: await updateSessionStatus(tx, current.id, next), applied };
  });
  ctx.log.info({ sessionId: id, action, status: row.status, ...applied }, 'inventory session changed');
  return presentOne(ctx.tenant, row);
}

/** Creates items for unknown EPCs (their product as ingest resolves it), freezes and applies the outcomes. */
async function confirmCount(tx: TenantScope, sessionId: number) {
  const unknown = await findUnknownReadCodes(tx, sessionId);
  const resolved = await resolveProducts(
    tx,
    unknown.map((u) => u.epc),
  );
  const fresh = await createCountedItems(
    tx,
    unknown.flatMap((u) => {
      const product = resolved.get(u.epc);
      return product && 'productId' in product ? [{ ...u, productId: product.productId }] : [];
    }),
  );
  const { lost, moved } = await freezeAndApplyOutcomes(tx, sessionId, fresh);
  return { created: fresh.length, lost, moved };
}

/** GET /reader-api/inventory/sessions/: the sessions a handheld may count now, with their locations. */
export async function deviceSessions(rctx: ReaderContext): Promise<DeviceSession[]> {
  const rows = await findCountingSessions(rctx.tenant);
  const places = await findSessionLocations(
    rctx.tenant,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    hash: row.hash,
    status: row.status,
    locations: places.get(row.id) ?? [],
    created_at: row.createdAt.toISOString(),
  }));
}

/**
 * POST /reader-api/inventory/sessions/{hash}/reads/: a batch counted at one location of the
 * session. A retried batch id changes nothing and answers duplicate: true, even after the session
 * stopped counting; a new batch into a suspended, confirmed or abandoned session is refused.
 */
export async function uploadSessionReads(
  rctx: ReaderContext,
  hash: string,
  input: ReadsInput,
): Promise<SessionReadBatchResult> {
  const { reader } = rctx;
  const ahead = timesAheadIssues('reads', input.reads, Date.now());
  if (Object.keys(ahead).length > 0) throw validationError(ahead);
  const result = await rctx.tenant.transaction(async (tx): Promise<SessionReadBatchResult> => {
    // Locked: a confirmation waits for the batch, or the batch sees the confirmed status.
    const session = await findSessionByHash(tx, hash.toUpperCase(), true);
    if (!session) throw notFound();
    const batchKey = `session:${session.id}:${input.batch_id}`;
    if (!acceptsSessionReads(session.status)) {
      const before = await findBatchCounts(tx, reader.id, batchKey);
      if (before.accepted > 0) return { batch_id: input.batch_id, accepted: before.accepted, duplicate: true };
      throw validationError({ non_field_errors: [M.sessionNotCounting] });
    }
    if (!(await isSessionLocation(tx, session.id, input.location))) {
      throw validationError({ location: [M.sessionLocationNotInSession] });
    }
    const counts = { accepted: input.reads.length, moved: 0, created: 0, ignored: 0 };
    if (!(await recordBatch(tx, reader.id, batchKey, counts))) {
      const before = await findBatchCounts(tx, reader.id, batchKey);
      return { batch_id: input.batch_id, accepted: before.accepted, duplicate: true };
    }
    const latest = new Map<string, Date>();
    for (const read of input.reads) {
      const time = new Date(read.time);
      const seen = latest.get(read.epc);
      if (!seen || seen.getTime() < time.getTime()) latest.set(read.epc, time);
    }
    const reads = [...latest].map(([epc, time]) => ({ epc, time }));
    await upsertSessionReads(tx, session.id, reader.id, input.location, reads);
    return { batch_id: input.batch_id, accepted: input.reads.length, duplicate: false };
  });
  if (!result.duplicate) rctx.log.debug({ readerId: reader.id, hash, ...result }, 'session reads recorded');
  return result;
}
