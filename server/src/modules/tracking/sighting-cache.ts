import { cacheSlot } from '../../lib/app-caches.js';
import { LAST_SEEN_GRAIN_SECONDS } from './read-plan.js';
import type { StoredItem } from './tracking.repository.js';

/** How many items the ingest remembers at most (TRACKING_CACHE_ITEMS), about 200 bytes each. */
export const DEFAULT_CACHE_ITEMS = 1_000_000;

/**
 * An item as remembered: flat, with times as numbers and its location and status strings shared,
 * so that a million of them stay small and cheap for the garbage collector.
 */
interface Entry {
  epoch: number;
  /** When the entry was last read from the database or written by this server (ms, this clock). */
  verifiedAt: number;
  id: number;
  removed: boolean;
  locationUuid: string | null;
  status: string;
  latestStatusUpdate: number;
  lastSeenAt: number;
}

const NONE = -1;
const ms = (date: Date | null) => (date === null ? NONE : date.getTime());
const date = (value: number) => (value === NONE ? null : new Date(value));

/**
 * What the read ingest remembers of the items it read and wrote, so that a repeat sighting (an
 * item read again where it is, within the grain) needs no query at all. Fixed readers see the
 * same tags over and over; without this each such read cost an index lookup.
 *
 * An entry holds while both are true:
 * - it is younger than the grain (the grain's allowance of read-plan.ts: a change made by another
 *   server's ingest reaches this one's repeat sightings at most a grain late, as a sighting within
 *   the grain already could); and
 * - the customer's items_epoch is the one it was read under: every other change to items (the
 *   console, imports, inventory sessions, the lost sweep) bumps it, and the ingest reads it with
 *   each batch, so those changes count from the next batch on.
 *
 * Entries are kept in the order they were last confirmed: the oldest go first, past the grain or
 * past the limit.
 */
export class SightingCache {
  /** Per customer, its entries by EPC in the order they were last confirmed. */
  private readonly customers = new Map<number, Map<string, Entry>>();
  private readonly epochs = new Map<number, number>();
  private readonly strings = new Map<string, string>();
  private count = 0;

  constructor(
    readonly maxItems = DEFAULT_CACHE_ITEMS,
    readonly ttlMs = LAST_SEEN_GRAIN_SECONDS * 1000,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.count;
  }

  /** The customer's items epoch as last read, or undefined before its first batch. */
  epochOf(customerId: number): number | undefined {
    return this.epochs.get(customerId);
  }

  /**
   * Records the epoch a batch read: answers false when it differs from the one known, which
   * forgets every entry of the customer.
   */
  confirmEpoch(customerId: number, epoch: number): boolean {
    const known = this.epochs.get(customerId);
    if (known === epoch) return true;
    if (known === undefined || epoch > known) {
      this.epochs.set(customerId, epoch);
      this.count -= this.customers.get(customerId)?.size ?? 0;
      this.customers.delete(customerId);
    }
    return false;
  }

  /** The remembered items among the codes, as a batch would have read them. */
  lookup(customerId: number, codes: readonly string[]): Map<string, StoredItem> {
    const found = new Map<string, StoredItem>();
    const entries = this.customers.get(customerId);
    const epoch = this.epochs.get(customerId);
    if (!entries || epoch === undefined) return found;
    const oldest = this.now() - this.ttlMs;
    for (const code of codes) {
      const entry = entries.get(code);
      if (!entry || entry.epoch !== epoch || entry.verifiedAt < oldest) continue;
      found.set(code, {
        id: entry.id,
        code,
        removed: entry.removed,
        locationUuid: entry.locationUuid,
        status: entry.status,
        latestStatusUpdate: date(entry.latestStatusUpdate),
        lastSeenAt: date(entry.lastSeenAt),
      });
    }
    return found;
  }

  /**
   * Remembers items as a batch read or left them, under the epoch the batch read. Ignored when
   * that epoch is no longer the customer's; an entry is never replaced by an older state (a
   * concurrent batch may have committed a later move first).
   */
  remember(customerId: number, epoch: number, items: Iterable<StoredItem>): void {
    if (this.epochs.get(customerId) !== epoch || this.maxItems === 0) return;
    let entries = this.customers.get(customerId);
    if (!entries) this.customers.set(customerId, (entries = new Map()));
    const now = this.now();
    for (const item of items) {
      const next: Entry = {
        epoch,
        verifiedAt: now,
        id: item.id,
        removed: item.removed,
        locationUuid: item.locationUuid === null ? null : this.shared(item.locationUuid),
        status: this.shared(item.status),
        latestStatusUpdate: ms(item.latestStatusUpdate),
        lastSeenAt: ms(item.lastSeenAt),
      };
      const previous = entries.get(item.code);
      if (previous && newer(previous, next)) continue;
      if (previous) entries.delete(item.code);
      else this.count += 1;
      entries.set(item.code, next);
    }
    this.prune(entries, now);
  }

  /** One string for each location and status, however many items hold it. */
  private shared(value: string): string {
    let known = this.strings.get(value);
    if (known === undefined) {
      if (this.strings.size > 100_000) this.strings.clear();
      this.strings.set(value, (known = value));
    }
    return known;
  }

  /** Drops the customer's entries that are past the grain, and its oldest beyond the limit. */
  private prune(entries: Map<string, Entry>, now: number): void {
    const oldest = now - this.ttlMs;
    for (const [code, entry] of entries) {
      if (this.count <= this.maxItems && entry.verifiedAt >= oldest) break;
      entries.delete(code);
      this.count -= 1;
    }
  }
}

/** Whether a is a later state of the item than b (its last status change, then its last sighting). */
function newer(a: Entry, b: Entry): boolean {
  const change = a.latestStatusUpdate - b.latestStatusUpdate;
  return change !== 0 ? change > 0 : a.lastSeenAt > b.lastSeenAt;
}

/** The app's memory of sightings (AppCaches), TRACKING_CACHE_ITEMS items at most. */
export const SIGHTINGS = cacheSlot('sightings', (config) => new SightingCache(config.TRACKING_CACHE_ITEMS));
