import type { z } from 'zod';
import {
  antennasOfMask,
  timesAheadIssues,
  type ConfData,
  type ReadBatchResult,
  type ReadBatchSchema,
} from '@tagtrack/contract';
import { validationError } from '../../lib/errors.js';
import type { LedgerType } from '../../db/schema/index.js';
import { resolveProducts } from '../items/item-products.service.js';
import type { TenantScope } from '../../db/tenant.js';
import { confirmReader, readerTokenRefused, type IngestContext } from '../../lib/auth/reader-tokens.js';
import { SIGHTINGS } from './sighting-cache.js';
import type { PlacingConfiguration } from './batch-reader.repository.js';
import { LAST_SEEN_GRAIN_SECONDS, planReads, type PlacedRead } from './read-plan.js';
import { retryOnConflict } from '../../lib/retry.js';
import {
  applyBatch,
  createReadItems,
  findBatchCounts,
  findItemsByCodes,
  readBatchItems,
  recordBatch,
  type BatchCounts,
  type StoredItem,
} from './tracking.repository.js';

type ReadBatchInput = z.infer<typeof ReadBatchSchema>;
type Placement = Pick<PlacedRead, 'location' | 'ledgerType' | 'configurationId'>;

/** The ledger type of a configuration: the first entry of its data_format ('trace|goodsin' → 'trace'). */
export function ledgerTypeOf(dataFormat: string | undefined): LedgerType {
  const first = (dataFormat ?? '').split('|')[0]?.trim();
  return first === 'goodsin' || first === 'goodsout' || first === 'inventory' ? first : 'trace';
}

/**
 * Where a read on an antenna lands: the configuration whose first Rfid entry's AntennaMask
 * includes the antenna, else the reader's first configuration; null when the reader has none
 * with a location.
 */
export function placementFor(configurations: readonly PlacingConfiguration[], antenna: number): Placement | null {
  const usable = configurations.filter((c) => c.locationUuid);
  const conf = (c: (typeof usable)[number]) => (c.confData ?? {}) as Partial<ConfData>;
  const chosen = usable.find((c) => antennasOfMask(conf(c).Rfid?.[0]?.AntennaMask ?? 0).includes(antenna)) ?? usable[0];
  if (!chosen?.locationUuid) return null;
  return {
    location: chosen.locationUuid,
    ledgerType: ledgerTypeOf(conf(chosen).data_format),
    configurationId: chosen.id,
  };
}

/** Thrown inside a batch's transaction to roll it back when its batch id was already recorded. */
class DuplicateBatch extends Error {}

/** The reads of a batch placed by its reader's configurations: the deciding read of each EPC. */
interface PlacedBatch {
  latest: Map<string, PlacedRead & { reads: number }>;
  /** Reads no configuration places. */
  unplaced: number;
}

function placeReads(input: ReadBatchInput, configurations: readonly PlacingConfiguration[]): PlacedBatch {
  const placements = new Map<number, Placement | null>();
  const placementOf = (antenna: number) => {
    if (!placements.has(antenna)) placements.set(antenna, placementFor(configurations, antenna));
    return placements.get(antenna) ?? null;
  };
  // The deciding read of each EPC, and how many reads it stands for.
  const latest = new Map<string, PlacedRead & { reads: number }>();
  let unplaced = 0;
  for (const read of input.reads) {
    const placement = placementOf(read.antenna);
    if (!placement) {
      unplaced += 1;
      continue;
    }
    const time = new Date(read.time);
    const seen = latest.get(read.epc);
    if (!seen || seen.time.getTime() <= time.getTime()) {
      latest.set(read.epc, { code: read.epc, time, ...placement, reads: (seen?.reads ?? 0) + 1 });
    } else seen.reads += 1;
  }
  return { latest, unplaced };
}

/**
 * A batch of tag reads from HTTP (POST /reader-api/reads/) or MQTT: applies it in one transaction
 * and answers only after it committed. Within a batch the latest read of each EPC decides (the
 * earliest of equal times loses to the later one in the list). A retried batch id changes nothing
 * and answers the first counts with duplicate: true. A batch with a read dated more than a day
 * ahead of `now` is refused whole, with each such read's field (docs/reader-protocol.md).
 *
 * The items are read first, outside the transaction and without locks, except those this server
 * remembers (sighting-cache.ts). A batch whose reads would change nothing (repeat sightings within
 * the grain, reads of deleted items) only records its batch id; the others lock and decide again
 * what they would write.
 */
export async function ingestReads(
  ictx: IngestContext,
  input: ReadBatchInput,
  now = Date.now(),
): Promise<ReadBatchResult> {
  const { claims, tenant } = ictx;
  const ahead = timesAheadIssues('reads', input.reads, now);
  if (Object.keys(ahead).length > 0) throw validationError(ahead);
  const cache = ictx.caches.of(SIGHTINGS);
  const codes = [...new Set(input.reads.map((read) => read.epc))];
  let remembered = cache.lookup(claims.customerId, codes);
  const first = await readBatchItems(
    tenant,
    claims,
    remembered.size === 0 ? codes : codes.filter((code) => !remembered.has(code)),
  );
  // SECURITY: the token was verified; its reader is confirmed here, before anything is written.
  const reader = confirmReader(first.reader, claims);
  if (!reader || (ictx.serial !== undefined && reader.serial.toLowerCase() !== ictx.serial.toLowerCase())) {
    throw readerTokenRefused();
  }
  const read = [...first.items];
  const epoch = first.epoch;
  if (!cache.confirmEpoch(reader.customerId, epoch) && remembered.size > 0) {
    // The items changed elsewhere since they were remembered: read those too.
    read.push(...(await findItemsByCodes(tenant, [...remembered.keys()])));
    remembered = new Map();
  }
  const stored = [...read, ...remembered.values()];
  const placed = placeReads(input, first.configurations);

  // A batch that would write nothing records its id alone; one that creates no item writes in
  // one statement; the others create their items first, in a transaction with that statement.
  const tentative = attemptPlan(input, placed, stored);
  let outcome: { counts: BatchCounts; after: StoredItem[] } | null;
  if (!tentative.writes) {
    cache.remember(reader.customerId, epoch, read);
    outcome = (await recordBatch(tenant, reader.id, input.batch_id, tentative.counts))
      ? { counts: tentative.counts, after: [] }
      : null;
  } else {
    // A deadlock with a concurrent batch aborts the whole attempt: it is simply run again. A batch
    // id already recorded rolls the attempt back and answers the first counts.
    const attempt = (scope: TenantScope) => applyReads(scope, reader.id, input, placed, stored);
    outcome = await retryOnConflict(() =>
      tentative.fresh.length === 0 ? attempt(tenant) : tenant.transaction(attempt),
    ).catch((error: unknown) => {
      if (error instanceof DuplicateBatch) return null;
      throw error;
    });
    if (outcome) cache.remember(reader.customerId, epoch, [...read, ...outcome.after]);
  }
  if (!outcome) return duplicateOf(tenant, reader.id, input.batch_id);
  const result: ReadBatchResult = { batch_id: input.batch_id, ...outcome.counts, duplicate: false };
  if (result.moved > 0 || result.created > 0) {
    ictx.log.debug({ readerId: reader.id, ...result }, 'reads ingested');
  }
  return result;
}

async function duplicateOf(tenant: TenantScope, readerId: number, batchId: string): Promise<ReadBatchResult> {
  return { batch_id: batchId, ...(await findBatchCounts(tenant, readerId, batchId)), duplicate: true };
}

/**
 * What a batch's reads would do to the items as known (read unlocked, or remembered): its counts
 * so far, the new EPCs, and the tentative plan. writes is false when none of it writes.
 */
function attemptPlan(input: ReadBatchInput, placed: PlacedBatch, stored: readonly StoredItem[]) {
  const counts: BatchCounts = { accepted: input.reads.length, moved: 0, created: 0, ignored: placed.unplaced };
  const latest = new Map(placed.latest);
  const existing = stored.filter((row) => latest.has(row.code));
  const known = new Set(existing.map((row) => row.code));
  // A removed item is not revived by a read.
  for (const row of existing.filter((r) => r.removed)) {
    counts.ignored += latest.get(row.code)!.reads;
    latest.delete(row.code);
  }
  const fresh = [...latest.values()].filter((r) => !known.has(r.code));
  const tentative = planReads(latest, existing);
  const writes = fresh.length > 0 || tentative.moves.length > 0 || tentative.sightings.length > 0;
  return { counts, latest, fresh, tentative, writes };
}

/**
 * One attempt at a batch that writes: its new items first (in the transaction it then runs in),
 * then one statement that locks the items its reads would write, decides those reads again on
 * their latest committed state and writes them with the batch id. Answers the counts, and the
 * items as it left them.
 */
async function applyReads(
  scope: TenantScope,
  readerId: number,
  input: ReadBatchInput,
  placed: PlacedBatch,
  stored: readonly StoredItem[],
): Promise<{ counts: BatchCounts; after: StoredItem[] }> {
  const { counts, latest, fresh, tentative } = attemptPlan(input, placed, stored);
  const products = await resolveProducts(
    scope,
    fresh.map((r) => r.code),
  );
  const toCreate = fresh.flatMap((r) => {
    const product = products.get(r.code);
    return product && 'productId' in product ? [{ ...r, productId: product.productId }] : [];
  });
  const created = await createReadItems(scope, readerId, toCreate);
  counts.created = created.size;

  // What the items as read would change: moves, and sightings that lag by the grain. Only these
  // items are locked, with any EPC another batch created meanwhile, and decided again on their
  // latest committed state. A repeat sighting within the grain writes nothing and takes no lock:
  // should another batch have moved its item meanwhile, that is the grain's allowance
  // (read-plan.ts), and the item's next read settles it.
  // (A removed item's reads are already dropped from latest, so it is never planned.)
  const codeOf = new Map(stored.map((r) => [r.id, r.code]));
  const candidates = [
    ...tentative.moves.map((m) => m.code),
    ...tentative.sightings.map((s) => codeOf.get(s.itemId)!),
    ...toCreate.filter((r) => !created.has(r.code)).map((r) => r.code),
  ].map((code) => latest.get(code)!);
  const written = await applyBatch(scope, readerId, input.batch_id, counts, candidates, LAST_SEEN_GRAIN_SECONDS);
  if (!written.recorded) throw new DuplicateBatch();
  counts.moved = written.moved;
  counts.ignored = written.ignored;
  const after = written.items.map(({ outcome, ...item }): StoredItem => {
    const read = latest.get(item.code)!;
    if (outcome === 'move') {
      return {
        ...item,
        locationUuid: read.location,
        status: 'in',
        latestStatusUpdate: read.time,
        lastSeenAt: read.time,
      };
    }
    return outcome === 'sighting' ? { ...item, lastSeenAt: read.time } : item;
  });
  return { counts, after: [...after, ...createdItems(toCreate, created)] };
}

/** The items a batch created, as it left them. */
function createdItems(rows: readonly PlacedRead[], created: ReadonlyMap<string, number>): StoredItem[] {
  return rows.flatMap((r) => {
    const id = created.get(r.code);
    return id === undefined
      ? []
      : [
          {
            id,
            code: r.code,
            removed: false,
            locationUuid: r.location,
            status: 'in',
            latestStatusUpdate: r.time,
            lastSeenAt: r.time,
          },
        ];
  });
}

// The batch record other ingests (measurements, inventory sessions) keep through this service.
export { findBatchCounts, recordBatch } from './tracking.repository.js';
