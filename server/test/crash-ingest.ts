import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.js';

/** The counts a batch answers (and ingest_batches keeps). */
interface Counts {
  accepted: number;
  created: number;
  moved: number;
  ignored: number;
}

interface Batch {
  id: string;
  /** Which of the world's readers sends it (reader i reads at location i). */
  reader: number;
  epcs: string[];
  /** The reads' time (ms): later for each batch, so the reads' times and the sending order agree. */
  time: number;
  sends: number;
  ack?: Counts;
  verified?: boolean;
}

/** A reader client's lane: its own tags, one batch at a time, the unacknowledged one kept to send again. */
interface Sender {
  tags: string[];
  pending: Batch | null;
  acked: Batch[];
}

interface HistoryRow {
  epc: string;
  location: string;
  previous: string | null;
  status: string;
  at: string;
}

const SENDERS = 4;
const TAGS_PER_SENDER = 30;
const MAX_BATCH = 30;
/** Acknowledged batches of each lane sent again after each restart: the last ones before the kill. */
const VERIFY_PER_SENDER = 5;

/** The server could not be reached (it was killed): the batch stays pending. */
class Gone extends Error {}

async function call(url: string, method: string, token: string | null, body?: unknown) {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    text = await res.text();
  } catch (error) {
    throw new Gone(String(error));
  }
  return { status: res.status, headers: res.headers, json: <T>() => JSON.parse(text) as T, text };
}

async function created<T>(url: string, token: string, body: object): Promise<T> {
  const res = await call(url, 'POST', token, body);
  if (res.status !== 201 && res.status !== 200) throw new Error(`${url}: ${res.status} ${res.text}`);
  return res.json<T>();
}

/**
 * Readers at two locations sending batches of reads to the real server over HTTP, and what the
 * server must have made of the acknowledged ones. Each lane owns its tags and sends one batch at
 * a time, so every tag's reads are applied in the order of their times, and the item each read
 * leaves, its history and each batch's counts follow from the batches alone.
 */
export class IngestWorld {
  private readonly senders: Sender[];
  /** Where each tag is (reader index) since when (ms), from the acknowledged batches. */
  private readonly where = new Map<string, { reader: number; since: number }>();
  private readonly history = new Map<string, { reader: number; previous: number | null; at: number }[]>();
  private clock = Date.now() - 24 * 3600_000;
  private acknowledged = 0;
  private resentDuplicates = 0;
  private onAcknowledged = () => undefined as void;

  private constructor(
    private readonly rand: () => number,
    /** Location uuid of reader i. */
    private readonly locations: string[],
    private readonly credentials: { serial: string; secret: string }[],
    private readonly tokens: (string | null)[],
  ) {
    let tag = 0;
    this.senders = Array.from({ length: SENDERS }, () => ({
      tags: Array.from({ length: TAGS_PER_SENDER }, () =>
        `E2801160${(++tag).toString(16).padStart(16, '0')}`.toUpperCase(),
      ),
      pending: null,
      acked: [],
    }));
  }

  /** Two locations, each with a configuration and a reader assigned to it, made through the API. */
  static async create(url: string, adminPassword: string, rand: () => number): Promise<IngestWorld> {
    const signIn = await call(`${url}/api/token/`, 'POST', null, { username: 'admin', password: adminPassword });
    expect(signIn.status, signIn.text).toBe(200);
    const token = signIn.json<{ access: string }>().access;
    const locations: string[] = [];
    const credentials: { serial: string; secret: string }[] = [];
    for (const i of [0, 1]) {
      const location = await created<{ uuid: string }>(`${url}/configuration/location/`, token, {
        name: `Crash zone ${i}`,
        parent: null,
      });
      const configuration = await created<{ id: number }>(`${url}/configuration/reader-configuration/`, token, {
        name: `Crash configuration ${i}`,
        description: '',
        location: location.uuid,
        reader_type: 'FR22',
        application: 'BradyReaderApp',
        conf_data: {
          RssiFilter: '',
          Channel: 'hop',
          data_format: 'trace',
          time_2_collect: 30,
          FilterLongTimeSeenTimeout: 60,
          product: 'epc',
          Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
        },
      });
      const reader = await created<{ uuid: string; serial: string; secret: string }>(
        `${url}/configuration/reader/`,
        token,
        {
          serial_number: `CRASH-${i}-${randomUUID().slice(0, 8)}`,
          name: `Crash reader ${i}`,
          description: '',
          reader_type: 'FR22',
        },
      );
      await created(`${url}/configuration/reader-assignment/`, token, {
        reader_uuid: reader.uuid,
        reader_configuration_ids: [configuration.id],
      });
      locations.push(location.uuid);
      credentials.push({ serial: reader.serial, secret: reader.secret });
    }
    return new IngestWorld(rand, locations, credentials, [null, null]);
  }

  describe(): string {
    const batches = this.senders.reduce((n, s) => n + s.acked.length, 0);
    return `${batches} batches acknowledged (${this.where.size} items), ${this.resentDuplicates} sent again after a restart`;
  }

  private async token(url: string, reader: number): Promise<string> {
    const known = this.tokens[reader];
    if (known) return known;
    const res = await call(`${url}/reader-api/token/`, 'POST', null, this.credentials[reader]);
    expect(res.status, res.text).toBe(200);
    return (this.tokens[reader] = res.json<{ access: string }>().access);
  }

  private nextBatch(sender: Sender): Batch {
    const size = 1 + Math.floor(this.rand() * MAX_BATCH);
    const epcs = [
      ...new Set(Array.from({ length: size }, () => sender.tags[Math.floor(this.rand() * sender.tags.length)]!)),
    ];
    this.clock += 10;
    return { id: randomUUID(), reader: this.rand() < 0.5 ? 0 : 1, epcs, time: this.clock, sends: 0 };
  }

  /** Sends a batch until the server answers it (a 503 or an expired token asks for it again). */
  private async send(url: string, batch: Batch): Promise<{ duplicate: boolean } & Counts> {
    for (;;) {
      batch.sends += 1;
      const time = new Date(batch.time).toISOString();
      const res = await call(`${url}/reader-api/reads/`, 'POST', await this.token(url, batch.reader), {
        batch_id: batch.id,
        reads: batch.epcs.map((epc) => ({ epc, antenna: 1, time })),
      });
      if (res.status === 200) return res.json<{ duplicate: boolean } & Counts>();
      if (res.status === 503) {
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers.get('retry-after') ?? 1) * 1000));
      } else if (res.status === 401) {
        this.tokens[batch.reader] = null;
      } else {
        throw new Error(`batch ${batch.id}: ${res.status} ${res.text}`);
      }
    }
  }

  /** What the batch must answer, given the acknowledged batches before it (each lane's tags are its own). */
  private expected(batch: Batch): Counts {
    const known = batch.epcs.filter((epc) => this.where.has(epc));
    return {
      accepted: batch.epcs.length,
      created: batch.epcs.length - known.length,
      moved: known.filter((epc) => this.where.get(epc)!.reader !== batch.reader).length,
      ignored: 0,
    };
  }

  private acknowledge(sender: Sender, batch: Batch, answer: { duplicate: boolean } & Counts) {
    const { duplicate, ...counts } = answer;
    const expected = this.expected(batch);
    expect(counts, `batch ${batch.id} (sent ${batch.sends} times)`).toMatchObject(expected);
    // Only a batch sent before (unanswered, cut off by a kill) may already have been applied.
    if (duplicate) expect(batch.sends, `batch ${batch.id} answered duplicate on its first send`).toBeGreaterThan(1);
    for (const epc of batch.epcs) {
      const before = this.where.get(epc);
      if (before?.reader === batch.reader) continue;
      this.where.set(epc, { reader: batch.reader, since: batch.time });
      const rows = this.history.get(epc) ?? [];
      rows.push({ reader: batch.reader, previous: before?.reader ?? null, at: batch.time });
      this.history.set(epc, rows);
    }
    batch.ack = expected;
    sender.acked.push(batch);
    sender.pending = null;
    this.acknowledged += 1;
    this.onAcknowledged();
  }

  /** One lane: its pending batch first, then new ones, until the server is gone (or, with `only`, the pending one). */
  private async lane(url: string, sender: Sender, pendingOnly: boolean): Promise<void> {
    for (;;) {
      if (pendingOnly && !sender.pending) return;
      const batch = (sender.pending ??= this.nextBatch(sender));
      try {
        this.acknowledge(sender, batch, await this.send(url, batch));
      } catch (error) {
        if (error instanceof Gone && !pendingOnly) return;
        throw error;
      }
    }
  }

  /**
   * After a restart: the last acknowledged batches of each lane, sent again, answer duplicate with
   * their first counts (a batch the kill lost would be applied afresh). Answers how many.
   */
  async verifyAcknowledged(url: string): Promise<number> {
    let verified = 0;
    for (const sender of this.senders) {
      for (const batch of sender.acked.slice(-VERIFY_PER_SENDER).filter((b) => !b.verified)) {
        const answer = await this.send(url, batch);
        expect(answer, `acknowledged batch ${batch.id} sent again after a kill`).toEqual({
          batch_id: batch.id,
          ...batch.ack,
          duplicate: true,
        });
        batch.verified = true;
        verified += 1;
      }
    }
    this.resentDuplicates += verified;
    return verified;
  }

  /**
   * Every lane sends (its pending batch first) until `kill` runs, `windowMs` after the first answer
   * (the first batches after a restart are slow: they are not the traffic a kill should cut).
   */
  async sendUntilKilled(url: string, windowMs: number, kill: () => Promise<void>): Promise<string> {
    const before = this.acknowledged;
    const firstAnswer = new Promise<void>((resolve) => (this.onAcknowledged = resolve));
    const lanes = Promise.allSettled(this.senders.map((sender) => this.lane(url, sender, false)));
    await Promise.race([firstAnswer, lanes]);
    await new Promise((resolve) => setTimeout(resolve, windowMs));
    await kill();
    const failed = (await lanes).find((r) => r.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    const pending = this.senders.filter((s) => s.pending).length;
    return `${this.acknowledged - before} batches acknowledged, ${pending} unanswered`;
  }

  /** Sends every unanswered batch again until it is answered. */
  async finishPending(url: string): Promise<void> {
    await Promise.all(this.senders.map((sender) => this.lane(url, sender, true)));
  }

  /** The stored items, their history and the recorded batches are exactly what the acknowledged batches make. */
  async checkStored(database: Database): Promise<void> {
    const rows = async <T>(query: ReturnType<typeof sql>) =>
      ((await database.privileged.execute(query)) as unknown as { rows: T[] }).rows;
    const byCode = <T extends { epc: string }>(a: T, b: T) => (a.epc < b.epc ? -1 : a.epc > b.epc ? 1 : 0);

    const items = await rows<{ epc: string; location: string; status: string; since: string }>(
      sql`select code as epc, location_uuid::text as location, status,
          (extract(epoch from latest_status_update) * 1000)::bigint::text as since from items`,
    );
    const expectedItems = [...this.where].map(([epc, { reader, since }]) => ({
      epc,
      location: this.locations[reader]!,
      status: 'in',
      since: String(since),
    }));
    expect(items.sort(byCode)).toEqual(expectedItems.sort(byCode));

    const history = await rows<HistoryRow>(
      sql`select epc, location_uuid::text as location, previous_location_uuid::text as previous, status,
          (extract(epoch from happened_at) * 1000)::bigint::text as at from item_history order by happened_at, id`,
    );
    const expectedHistory: HistoryRow[] = [...this.history].flatMap(([epc, moves]) =>
      moves.map((m) => ({
        epc,
        location: this.locations[m.reader]!,
        previous: m.previous === null ? null : this.locations[m.previous]!,
        status: 'in',
        at: String(m.at),
      })),
    );
    // Stable sorts: each tag's rows stay in the order of their times.
    expect(history.sort(byCode)).toEqual(expectedHistory.sort(byCode));

    const batches = await rows<Counts & { batch_id: string }>(
      sql`select batch_id, accepted, created, moved, ignored from ingest_batches`,
    );
    const expectedBatches = this.senders
      .flatMap((s) => s.acked)
      .map((b) => ({ batch_id: b.id, ...b.ack }))
      .sort((a, b) => a.batch_id.localeCompare(b.batch_id));
    expect(batches.sort((a, b) => a.batch_id.localeCompare(b.batch_id))).toEqual(expectedBatches);
  }
}
