// The contention run of the tracking scenario: goods-in traffic, where several senders move items
// both ways between the same two locations at once. Each sender is a pair of fixed readers (one at
// a dock, one at a zone of the same site) with 120 new EPCs of its own (one product for all); each
// batch reads a random 60 of them in random order, from its dock and zone readers in turn, half
// the senders starting at the dock and half at the zone, so that the first batches create the
// items and the rest move them. It reports one sender's batches a second and latency, then the
// same for N senders at once (BENCH_CONTENTION_SENDERS, default 8), with the batches refused.
// BENCH_SCENARIO=contention runs it alone (benchContentionAlone).
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Database } from '../src/db/client.js';
import { encodings, locations, products } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { benchConfiguration, benchReader } from './bench-readers.js';
import type { RunBatch } from './reader-devices.js';
import { startDevices } from './tracking-transports.js';
import { benchEpc } from './tracking-reads.js';

const SENDERS = Number(process.env.BENCH_CONTENTION_SENDERS ?? 8);
const EPCS_PER_SENDER = 120;
const READS_PER_BATCH = 60;
/** Batches each sender sends in a measured run. */
const BATCHES_PER_SENDER = Number(process.env.BENCH_CONTENTION_BATCHES ?? 60);
/** The contention run's product (NID32), apart from the tracking scenario's 1,000. */
const SKU = 900_001;

export interface ContentionSetup {
  app: FastifyInstance;
  tenant: TenantScope;
  auth: Record<string, string>;
  /** The listening server's address. */
  address: string;
  /** The first serial no other item of the contention product uses. */
  firstSerial: number;
  /** The reads' clock (ms) to start from; answered moved on. */
  clock: number;
}

type Report = (label: string, figure: string) => void;

/** The contention run: one sender, then SENDERS at once. Answers the reads' clock where it left it. */
export async function benchContention(setup: ContentionSetup, report: Report): Promise<number> {
  const { app, tenant, auth } = setup;
  const [nid32] = await tenant.db
    .select({ id: encodings.id })
    .from(encodings)
    .where(tenant.where(encodings, eq(encodings.method, 'NID32')));
  await tenant
    .insert(products, { sku: String(SKU), name: 'Contention pallet', encodingId: nid32!.id })
    .onConflictDoNothing();
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
  // Each run's senders read EPCs no run read before, so that each starts by creating its items.
  let serial = setup.firstSerial;
  const sendersOf = (count: number) =>
    Array.from({ length: count }, (_, s) => ({
      epcs: Array.from({ length: EPCS_PER_SENDER }, () => benchEpc(SKU, serial++)),
      side: s % 2,
    }));
  let clock = setup.clock;
  /** `perSender` batches of each sender, in order: a random 60 of its EPCs each. */
  const run = (senders: ReturnType<typeof sendersOf>, perSender: number): RunBatch[] =>
    senders.flatMap((sender, s) =>
      Array.from({ length: perSender }, () => {
        const time = new Date((clock += 1_000)).toISOString();
        const reads = sender.epcs
          .map((epc) => ({ epc, key: Math.random() }))
          .sort((a, b) => a.key - b.key)
          .slice(0, READS_PER_BATCH)
          .map((r) => ({ epc: r.epc, antenna: 1, time }));
        const reader = 2 * s + sender.side;
        sender.side = 1 - sender.side;
        return { reader, body: JSON.stringify({ batch_id: randomUUID(), reads }), lane: s };
      }),
    );

  const devices = startDevices({ address: setup.address, readers });
  try {
    // Unmeasured: the path warmed up (its code compiled, the pool's connections open).
    await devices.run('http', run(sendersOf(SENDERS), 10), SENDERS, 0);
    let single = 0;
    for (const count of [1, SENDERS]) {
      const batches = run(sendersOf(count), count === 1 ? BATCHES_PER_SENDER * 4 : BATCHES_PER_SENDER);
      const t0 = performance.now();
      const result = await devices.run('http', batches, count, 0);
      const seconds = (performance.now() - t0) / 1000;
      const rate = (batches.length - result.failed) / seconds;
      if (count === 1) single = rate;
      const latencies = result.latencies.sort((a, b) => a - b);
      const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
      const share = count === 1 ? '' : `, ${((rate / single) * 100).toFixed(0)} % of one sender`;
      const refused =
        result.failed === 0 ? 'none refused' : `${result.failed} refused (${result.firstFailure?.slice(7, 40)}…)`;
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

/** BENCH_SCENARIO=contention: the contention run alone, on a customer of its own. */
export async function benchContentionAlone(
  app: FastifyInstance,
  database: Database,
  customerId: number,
  auth: Record<string, string>,
) {
  process.stdout.write(`\ncontention scenario, ${database.kind}\n`);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const tenant = new TenantScope(database.privileged, customerId);
  const rows: string[] = [];
  await benchContention({ app, tenant, auth, address, firstSerial: 1, clock: Date.now() }, (label, figure) => {
    process.stdout.write(`  ${label}: ${figure}\n`);
    rows.push(`| ${label} | ${figure} |`);
  });
  process.stdout.write(`\n| Measure | Figure |\n|---|---|\n${rows.join('\n')}\n`);
}
