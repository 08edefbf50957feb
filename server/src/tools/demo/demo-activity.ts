import { createHmac } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { isStale } from '@tagtrack/contract';
import { simulate, type SimulatedReader } from '../simulator/index.js';
import type { OwnerDb } from '../../db/client.js';
import { customers, items, readerAssignments, readerHeartbeats, readers } from '../../db/schema/index.js';
import { TenantScope } from '../../db/tenant.js';
import { hashPassword, verifyPassword } from '../../lib/auth/passwords.js';
import { updateReader } from '../../modules/readers/readers.repository.js';
import { startDemoHeartbeats } from './demo-heartbeats.js';
import { DEMO_SENSOR_READER_SERIAL, demoSensorEpcs } from './seed-sensors.js';

/** About four reads a minute over all demo readers, half of them moves. */
const DEMO_READS_PER_SECOND = 4 / 60;
const DEMO_MOVES = 0.5;
const DEMO_TAGS = 40;
/** The demo sensors report every 15 s through the Cold Store gate. */
const DEMO_MEASUREMENT_EVERY_MS = 15_000;

/**
 * A demo reader's secret, derived from the instance's JWT secret so every start knows it without
 * storing it. Whoever holds the JWT secret can sign any token anyway.
 */
export function demoReaderSecret(jwtSecret: string, serial: string): string {
  return createHmac('sha256', jwtSecret).update(`demo-reader:${serial}`).digest('base64url').slice(0, 32);
}

/**
 * The demo customers' live fixed readers (assigned, every heartbeat current) with their demo
 * credentials: a reader without a secret gets the derived one; one an administrator
 * re-initialised keeps its own and is left out. The reader seeded stale stays silent.
 */
export async function prepareDemoReaders(db: OwnerDb, jwtSecret: string, now = Date.now()) {
  const prepared: { customerId: number; reader: SimulatedReader }[] = [];
  const demo = await db.select({ id: customers.id }).from(customers).where(eq(customers.isDemo, true));
  for (const { id: customerId } of demo) {
    const tenant = new TenantScope(db, customerId);
    const fixed = await db
      .select()
      .from(readers)
      .where(tenant.where(readers, eq(readers.family, 'fx')));
    const assigned = new Set(
      (
        await db
          .select({ readerId: readerAssignments.readerId })
          .from(readerAssignments)
          .where(eq(readerAssignments.customerId, customerId))
      ).map((r) => r.readerId),
    );
    const candidates = fixed.filter((r) => assigned.has(r.id));
    if (candidates.length === 0) continue;
    const beats = await db
      .select()
      .from(readerHeartbeats)
      .where(
        tenant.where(
          readerHeartbeats,
          inArray(
            readerHeartbeats.readerId,
            candidates.map((r) => r.id),
          ),
        ),
      );
    for (const reader of candidates) {
      const own = beats.filter((b) => b.readerId === reader.id);
      const live = own.length > 0 && own.every((b) => !isStale({ ...b, updated: b.updated.toISOString() }, now));
      if (!live) continue;
      const secret = demoReaderSecret(jwtSecret, reader.serial);
      if (!reader.secretHash) {
        await updateReader(tenant, reader.id, { secretHash: await hashPassword(secret) });
      } else if (!(await verifyPassword(reader.secretHash, secret))) continue;
      prepared.push({
        customerId,
        reader: {
          serial: reader.serial,
          secret,
          heartbeats: own.map((b) => ({ application: b.application, interval: b.interval, mode: b.mode })),
        },
      });
    }
  }
  return prepared;
}

/**
 * With demo data the console stays alive: the demo's live fixed readers report heartbeats and a
 * few reads and moves a minute through the reader simulator, against this server's own HTTP
 * reader API (the real path). Should that fail to start, the heartbeats are renewed in the
 * database instead. Answers the function that stops it.
 */
export async function startDemoActivity(options: {
  db: OwnerDb;
  url: string;
  jwtSecret: string;
  log: FastifyBaseLogger;
}): Promise<() => void> {
  const { db, log } = options;
  const stop = new AbortController();
  const stoppedReader = 'a demo reader was re-initialised or deleted: its simulated activity stopped';
  try {
    const prepared = await prepareDemoReaders(db, options.jwtSecret);
    const byCustomer = new Map<number, SimulatedReader[]>();
    for (const p of prepared) byCustomer.set(p.customerId, [...(byCustomer.get(p.customerId) ?? []), p.reader]);
    for (const [customerId, demoReaders] of byCustomer) {
      const tags = await db
        .select({ code: items.code })
        .from(items)
        .where(and(eq(items.customerId, customerId), eq(items.removed, false)))
        .orderBy(items.id)
        .limit(DEMO_TAGS);
      void simulate({
        url: options.url,
        readers: demoReaders,
        epcs: tags.map((t) => t.code),
        rate: DEMO_READS_PER_SECOND,
        moves: DEMO_MOVES,
        downloadConfiguration: false,
        signal: stop.signal,
        log: (line) => log.debug({ customerId }, `demo reader ${line}`),
        onReaderStopped: (serial) => log.info({ customerId, serial }, stoppedReader),
      }).catch((error: unknown) => {
        if (!stop.signal.aborted) log.error({ err: error, customerId }, 'demo reader activity stopped');
      });
    }
    // The Cold Store gate also reports the demo sensors' temperatures (with their excursions,
    // which the demo event turns into alerts).
    for (const p of prepared.filter((r) => r.reader.serial === DEMO_SENSOR_READER_SERIAL)) {
      void simulate({
        url: options.url,
        readers: [p.reader],
        epcs: demoSensorEpcs(),
        rate: 0,
        moves: 0,
        heartbeats: false,
        measurements: true,
        measurementEveryMs: DEMO_MEASUREMENT_EVERY_MS,
        downloadConfiguration: false,
        signal: stop.signal,
        log: (line) => log.debug({ customerId: p.customerId }, `demo sensors ${line}`),
        onReaderStopped: (serial) => log.info({ customerId: p.customerId, serial }, stoppedReader),
      }).catch((error: unknown) => {
        if (!stop.signal.aborted) log.error({ err: error }, 'demo sensor activity stopped');
      });
    }
    log.info({ readers: prepared.length }, 'demo readers are reporting');
    return () => stop.abort();
  } catch (error) {
    log.error({ err: error }, 'demo reader activity could not start: renewing demo heartbeats instead');
    return startDemoHeartbeats(db, log);
  }
}
