import type { LedgerType } from '../../db/schema/index.js';

/**
 * How far items.last_seen_at may lag behind the latest sighting. A repeat read writes only when
 * the stored time is older than this, so steady repeat traffic seldom writes; the lost sweep
 * allows for the lag. The order of reads keeps the same allowance: a read elsewhere taken within
 * the grain before a sighting that was not written, and applied after it, still moves the item;
 * the item's next read where it is moves it back. A read older than the item's last move or its
 * stored sighting never moves it (docs/reader-protocol.md, Order).
 */
export const LAST_SEEN_GRAIN_SECONDS = 60;

/** One EPC's deciding read in a batch, with where its configuration puts it. */
export interface PlacedRead {
  code: string;
  location: string;
  time: Date;
  ledgerType: LedgerType;
  configurationId: number;
}

/** What a read needs to know of its item, as the batch read it (locked, for the items it writes). */
export interface ItemState {
  id: number;
  code: string;
  locationUuid: string | null;
  status: string;
  latestStatusUpdate: Date | null;
  lastSeenAt: Date | null;
}

export interface Move extends PlacedRead {
  itemId: number;
  previousLocation: string | null;
}

export interface Sighting {
  itemId: number;
  time: Date;
}

export interface ReadPlan {
  /** Items that change location or come back in: one history row each. */
  moves: Move[];
  /** Items read where they are, whose last_seen_at lags by more than the grain. */
  sightings: Sighting[];
}

/**
 * Decides, per existing item, what its batch's deciding read does (pure, so the rules are tested
 * without a database):
 * - a read older than the item's latest status update or its last sighting changes nothing, so an
 *   item never moves back for a read that arrives late;
 * - a read elsewhere, or of an item that is not in, moves it there and brings it in;
 * - a read where the item is bumps last_seen_at only once it lags by the grain (never backwards);
 *   every other repeat sighting writes nothing.
 */
export function planReads(
  reads: ReadonlyMap<string, PlacedRead>,
  states: readonly ItemState[],
  grainSeconds = LAST_SEEN_GRAIN_SECONDS,
): ReadPlan {
  const plan: ReadPlan = { moves: [], sightings: [] };
  for (const item of states) {
    const read = reads.get(item.code);
    if (!read) continue;
    const time = read.time.getTime();
    const lastSeen = item.lastSeenAt?.getTime() ?? null;
    if (item.latestStatusUpdate && item.latestStatusUpdate.getTime() > time) continue;
    if (lastSeen !== null && lastSeen > time) continue;
    if (item.locationUuid !== read.location || item.status !== 'in') {
      plan.moves.push({ ...read, itemId: item.id, previousLocation: item.locationUuid });
    } else if (lastSeen === null || lastSeen < time - grainSeconds * 1000) {
      plan.sightings.push({ itemId: item.id, time: read.time });
    }
  }
  return plan;
}
