// The readers' reads of the tracking scenario: which items each batch reads, and where every item
// is as the moves are sent.

/** EPC of item n (NID32: '8', 32-bit SKU, 60-bit serial), as the bench's seed SQL builds it too. */
export function benchEpc(sku: number, serial: number): string {
  return `8${sku.toString(16).padStart(8, '0')}${serial.toString(16).padStart(15, '0')}`.toUpperCase();
}

export const LOCATIONS = 50;
export const BATCH = 500;
/** Every 20th item is seeded out (the status filter has rows to find). */
export const OUT_EVERY = 20;
/**
 * The items in each fixed reader's field for the runs whose repeats are re-reads: a fixed reader
 * reports the tags in its field over and over, in turn (50 readers: 50,000 of the items).
 */
export const FIELD = 1_000;

/**
 * Item n starts at location n % 50 (reader n % 50's), every OUT_EVERY-th out. A repeat sighting
 * reads an item that is in where it is, a move reads it elsewhere (and brings it in). Where each
 * item is and which are out is followed here as the moves are made: a read of an item that is out
 * would be a move too.
 */
export class ReadModel {
  private readonly locationOf: Int8Array;
  private readonly isOut: Uint8Array;
  private moveCursor = 0;
  /** Reader r's field: FIELD items that are in at its location, read in turn. */
  private fields: number[][] = [];
  private readonly fieldCursor = Array.from({ length: LOCATIONS }, () => 0);

  constructor(
    private readonly itemCount: number,
    private readonly epcOf: (n: number) => string,
  ) {
    this.locationOf = Int8Array.from({ length: itemCount }, (_, n) => n % LOCATIONS);
    this.isOut = Uint8Array.from({ length: itemCount }, (_, n) => (n % OUT_EVERY === 0 ? 1 : 0));
  }

  /** Takes the readers' fields afresh, as the runs before moved items about. */
  takeFields(): void {
    this.fields = Array.from({ length: LOCATIONS }, () => []);
    for (let n = 0; n < this.itemCount; n++) {
      const field = this.fields[this.locationOf[n]!]!;
      if (!this.isOut[n] && field.length < FIELD) field.push(n);
    }
    this.fieldCursor.fill(0);
  }

  /**
   * A batch of a reader's reads at time t: repeats at repeatShare, the rest moves. Repeats are
   * random items of the location, or with reRead the next items of the reader's field (those
   * still there).
   */
  batch(reader: number, repeatShare: number, t: number, reRead = false) {
    const reads = [];
    const seen = new Set<number>();
    const field = this.fields[reader] ?? [];
    const repeatable = (n: number) => !seen.has(n) && this.locationOf[n] === reader && !this.isOut[n];
    for (let k = 0; k < BATCH; k++) {
      let n: number;
      if (Math.random() < repeatShare) {
        // A field that no longer holds an item to read (a small BENCH_ITEMS, moves taking its
        // items away) gives way to a random item of the location.
        let tries = reRead ? field.length : 0;
        do
          n =
            tries-- > 0
              ? field[this.fieldCursor[reader]!++ % field.length]!
              : Math.floor(Math.random() * this.itemCount);
        while (!repeatable(n));
      } else {
        // Items taken in a stride, each read away from where it is: every one of these reads is a move.
        do n = this.moveCursor = (this.moveCursor + 7919) % this.itemCount;
        while (seen.has(n) || this.locationOf[n] === reader);
        this.locationOf[n] = reader;
        this.isOut[n] = 0;
      }
      seen.add(n);
      reads.push({ epc: this.epcOf(n), antenna: 1, rssi: -50, time: new Date(t).toISOString() });
    }
    return reads;
  }
}
