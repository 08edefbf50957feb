import type { z } from 'zod';
import { antennasOfMask, type ConfData, type ReadBatchResult, type ReadBatchSchema } from '@tagtrack/contract';
import type { LedgerType } from '../../db/schema/index.js';
import { resolveProducts } from '../items/item-products.js';
import type { TenantScope } from '../../db/tenant.js';
import type { ReaderContext } from '../readers/reader-auth.js';
import type { PlacingConfiguration } from '../readers/readers.repository.js';
import { planReads, type PlacedRead } from './read-plan.js';
import { retryOnConflict } from './retry.js';
import {
  applyBatch,
  createReadItems,
  findBatchCounts,
  lockItemsByCodes,
  readBatchItems,
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

/**
 * A batch of tag reads from HTTP (POST /reader-api/reads/) or MQTT: applies it in one transaction
 * and answers only after it committed. Within a batch the latest read of each EPC decides (the
 * earliest of equal times loses to the later one in the list). A retried batch id changes nothing
 * and answers the first counts with duplicate: true.
 */
export async function ingestReads(rctx: ReaderContext, input: ReadBatchInput): Promise<ReadBatchResult> {
  const { reader } = rctx;
  const codes = [...new Set(input.reads.map((read) => read.epc))];
  // A deadlock with a concurrent batch aborts the whole attempt: it is simply run again. A batch id
  // already recorded rolls the attempt back and answers the first counts.
  const result = await retryOnConflict(() =>
    rctx.tenant.transaction((tx) => applyReads(tx, reader.id, input, codes)),
  ).catch(async (error: unknown): Promise<ReadBatchResult> => {
    if (!(error instanceof DuplicateBatch)) throw error;
    return {
      batch_id: input.batch_id,
      ...(await findBatchCounts(rctx.tenant, reader.id, input.batch_id)),
      duplicate: true,
    };
  });
  if (!result.duplicate && (result.moved > 0 || result.created > 0)) {
    rctx.log.debug({ readerId: reader.id, ...result }, 'reads ingested');
  }
  return result;
}

/** One attempt at a batch, inside its transaction. */
async function applyReads(
  tx: TenantScope,
  readerId: number,
  input: ReadBatchInput,
  codes: readonly string[],
): Promise<ReadBatchResult> {
  const counts: BatchCounts = { accepted: input.reads.length, moved: 0, created: 0, ignored: 0 };
  // The items read as last committed, and the reader's configurations. Nothing is locked yet:
  // what would change is locked and decided again below.
  const { items: stored, configurations } = await readBatchItems(tx, readerId, codes);
  const placements = new Map<number, Placement | null>();
  const placementOf = (antenna: number) => {
    if (!placements.has(antenna)) placements.set(antenna, placementFor(configurations, antenna));
    return placements.get(antenna) ?? null;
  };

  // The deciding read of each EPC, and how many reads it stands for.
  const latest = new Map<string, PlacedRead & { reads: number }>();
  for (const read of input.reads) {
    const placement = placementOf(read.antenna);
    if (!placement) {
      counts.ignored += 1;
      continue;
    }
    const time = new Date(read.time);
    const seen = latest.get(read.epc);
    if (!seen || seen.time.getTime() <= time.getTime()) {
      latest.set(read.epc, { code: read.epc, time, ...placement, reads: (seen?.reads ?? 0) + 1 });
    } else seen.reads += 1;
  }
  // A removed item is not revived by a read.
  const ignoreRemoved = (rows: readonly StoredItem[]) => {
    for (const row of rows.filter((r) => r.removed && latest.has(r.code))) {
      counts.ignored += latest.get(row.code)!.reads;
      latest.delete(row.code);
    }
  };

  const existing = stored.filter((row) => latest.has(row.code));
  const known = new Set(existing.map((row) => row.code));
  ignoreRemoved(existing);

  const fresh = [...latest.values()].filter((r) => !known.has(r.code));
  const products = await resolveProducts(
    tx,
    fresh.map((r) => r.code),
  );
  const toCreate = fresh.flatMap((r) => {
    const product = products.get(r.code);
    return product && 'productId' in product ? [{ ...r, productId: product.productId }] : [];
  });
  const created = await createReadItems(tx, readerId, toCreate);
  counts.created = created.size;

  // What the items as read would change: moves, and sightings that lag by the grain. Only these
  // items are locked, with any EPC another batch created meanwhile, and decided again on their
  // latest committed state. A repeat sighting within the grain writes nothing and takes no lock:
  // should another batch have moved its item meanwhile, that is the grain's allowance
  // (read-plan.ts), and the item's next read settles it.
  // (A removed item's reads are already dropped from latest, so it is never planned.)
  const tentative = planReads(latest, existing);
  const codeOf = new Map(existing.map((r) => [r.id, r.code]));
  const locked = await lockItemsByCodes(tx, [
    ...tentative.moves.map((m) => m.code),
    ...tentative.sightings.map((s) => codeOf.get(s.itemId)!),
    ...toCreate.filter((r) => !created.has(r.code)).map((r) => r.code),
  ]);
  ignoreRemoved(locked);
  const plan = planReads(latest, locked);
  counts.moved = plan.moves.length;
  if (!(await applyBatch(tx, readerId, input.batch_id, counts, plan))) throw new DuplicateBatch();
  return { batch_id: input.batch_id, ...counts, duplicate: false };
}
