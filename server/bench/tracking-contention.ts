// The contention run of the tracking scenario: goods-in traffic, where several senders move items
// both ways between the same two locations at once. Each sender is a pair of fixed readers (one at
// a dock, one at a zone of the same site) with 120 EPCs of its own; each batch reads a random 60
// of them in random order, from its dock and zone readers in turn, half the senders starting at
// the dock and half at the zone. It reports one sender's batches a second and latency, then the
// same for N senders at once (BENCH_CONTENTION_SENDERS, default 8), with the batches refused.
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { locations } from '../src/db/schema/index.js';
import type { TenantScope } from '../src/db/tenant.js';
import { benchConfiguration, benchReader } from './bench-readers.js';
import type { RunBatch } from './reader-devices.js';
import { startDevices } from './tracking-transports.js';

const SENDERS = Number(process.env.BENCH_CONTENTION_SENDERS ?? 8);
const EPCS_PER_SENDER = 120;
const READS_PER_BATCH = 60;
/** Batches each sender sends in a measured run. */
const BATCHES_PER_SENDER = Number(process.env.BENCH_CONTENTION_BATCHES ?? 40);

export interface ContentionSetup {
  app: FastifyInstance;
  tenant: TenantScope;
  auth: Record<string, string>;
  /** The listening server's address. */
  address: string;
  /** The EPC of serial `serial` of product `sku` (bench products 1 to 1,000). */
  epc: (sku: number, serial: number) => string;
  /** The first serial no bench item uses. */
  firstSerial: number;
  /** The reads' clock (ms) to start from; answered moved on. */
  clock: number;
}

type Report = (label: string, figure: string) => void;

/** The contention run: one sender, then SENDERS at once. Answers the reads' clock where it left it. */
export async function benchContention(setup: ContentionSetup, report: Report): Promise<number> {
  const { app, tenant, auth } = setup;
  const [site] = await tenant.insert(locations, { name: 'Contention site', metadata: {} }).returning();
  const places = await tenant
    .insertMany(
      locations,
      ['Contention dock', 'Contention zone'].map((name) => ({ name, parentUuid: site!.uuid, metadata: {} })),
    )
    .returning();
  const configurations = [];
  for (const [i, place] of places.entries()) {
    configurations.push(await benchConfiguration(tenant, `Contention configuration ${i}`, place.uuid));
  }
  // Two readers a sender, dock first: reader 2s is sender s's dock reader, 2s + 1 its zone reader.
  const readers: { serial: string; token: string }[] = [];
  for (let s = 0; s < SENDERS; s++) {
    for (const [side, configurationId] of configurations.entries()) {
      readers.push(
        await benchReader(app, auth, {
          serial: `CONTENTION-${tenant.customerId}-${s}-${side}`,
          name: `Contention reader ${s}.${side}`,
          configurationId,
        }),
      );
    }
  }
  const senders = Array.from({ length: SENDERS }, (_, s) => ({
    epcs: Array.from({ length: EPCS_PER_SENDER }, (_, i) =>
      setup.epc(1 + ((s * EPCS_PER_SENDER + i) % 1_000), setup.firstSerial + s * EPCS_PER_SENDER + i),
    ),
    side: s % 2,
  }));
  let clock = setup.clock;
  const batch = (s: number, reads: string[]): RunBatch => {
    const time = new Date((clock += 1_000)).toISOString();
    const sender = senders[s]!;
    const body = JSON.stringify({
      batch_id: randomUUID(),
      reads: reads.map((epc) => ({ epc, antenna: 1, time })),
    });
    const reader = 2 * s + sender.side;
    sender.side = 1 - sender.side;
    return { reader, body, lane: s };
  };
  /** Each of the first `count` senders' next `perSender` batches: a random 60 of its EPCs each. */
  const run = (count: number, perSender: number) =>
    Array.from({ length: count }, (_, s) =>
      Array.from({ length: perSender }, () => {
        const sender = senders[s]!;
        const chosen = sender.epcs
          .map((epc) => ({ epc, key: Math.random() }))
          .sort((a, b) => a.key - b.key)
          .slice(0, READS_PER_BATCH)
          .map((r) => r.epc);
        return batch(s, chosen);
      }),
    ).flat();

  const devices = startDevices({ address: setup.address, readers });
  try {
    // Unmeasured: every sender's EPCs created where it starts, and the path warmed up.
    await devices.run(
      'http',
      senders.map((sender, s) => batch(s, sender.epcs)),
      SENDERS,
      0,
    );
    await devices.run('http', run(SENDERS, 5), SENDERS, 0);
    let single = 0;
    for (const count of [1, SENDERS]) {
      const batches = run(count, count === 1 ? BATCHES_PER_SENDER * 2 : BATCHES_PER_SENDER);
      const t0 = performance.now();
      const result = await devices.run('http', batches, count, 0);
      const seconds = (performance.now() - t0) / 1000;
      const rate = (batches.length - result.failed) / seconds;
      if (count === 1) single = rate;
      const latencies = result.latencies.sort((a, b) => a - b);
      const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
      const share = count === 1 ? '' : `, ${((rate / single) * 100).toFixed(0)} % of one sender`;
      const refused = result.failed === 0 ? 'none refused' : `${result.failed} refused (${result.firstFailure})`;
      report(
        `contention HTTP, ${count} sender${count === 1 ? '' : 's'} moving ${READS_PER_BATCH} of ${EPCS_PER_SENDER} items dock ⇄ zone`,
        `${rate.toFixed(1)} batches/s${share}, p50 ${at(0.5).toFixed(1)} ms, p95 ${at(0.95).toFixed(1)} ms, ${refused}`,
      );
    }
  } finally {
    await devices.close();
  }
  return clock;
}
