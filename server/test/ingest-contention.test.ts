import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { ReadBatchResult } from '@tagtrack/contract';
import { openDatabase, type Database } from '../src/db/client.js';
import { ingestBatches, itemHistory, items, locations } from '../src/db/schema/index.js';
import { simulate } from '../src/tools/simulator/index.js';
import { ReaderTokenSigner } from '../src/lib/auth/reader-tokens.js';
import { handleReadMessage } from '../src/transports/mqtt/dispatch.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { nonZeroCounts, random, recountedItems } from './count-fixtures.js';
import { nid32, readerCustomer, readerToken } from './reader-fixtures.js';
import { openTestDatabase, TEST_DB_KIND } from './test-database.js';

/**
 * Goods-in traffic: several senders, each a pair of fixed readers (one at the dock, one at a zone
 * of the same site) with EPCs of its own, every batch a random 60 of its 120 EPCs in random order,
 * half the senders starting at the dock and half at the zone, so that items move both ways between
 * the same two locations at once, and new EPCs keep arriving while others move. On PostgreSQL
 * this ran into deadlocks on the count rows (HTTP 500 after the retries); PGlite serialises
 * everything and runs it for correctness alone.
 */
const SENDERS = 8;
const EPCS_PER_SENDER = 120;
const READS_PER_BATCH = 60;
const RUN_MS = TEST_DB_KIND === 'postgres' ? 4_000 : 1_500;

let own: Database & { url?: string };
let t: TestApp;
beforeAll(async () => {
  own = await openTestDatabase();
  // The app gets a pool of its own, as the server has, closed before the deadlock count is read
  // (a backend reports its statistics when it ends).
  const database =
    own.kind === 'postgres' ? await openDatabase({ kind: 'postgres', url: own.url!, max: 10 }) : undefined;
  t = await buildTestApp({ database: database ?? own });
});
afterAll(async () => {
  await t.close().catch(() => undefined);
  if (own.kind === 'postgres') await own.close();
});

async function deadlocks(): Promise<number> {
  const result = (await own.privileged.execute(
    sql`select deadlocks from pg_stat_database where datname = current_database()`,
  )) as unknown as { rows: { deadlocks: number | string | null }[] };
  return Number(result.rows[0]?.deadlocks ?? 0);
}

/** Waits until no connection but this one is open to the test database. */
async function othersGone() {
  for (let i = 0; i < 100; i++) {
    const result = (await own.privileged.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('the app’s connections did not close');
}

describe('a batch the database keeps aborting as a deadlock', () => {
  it('answers 503 with Retry-After in the error envelope (over MQTT, an ack saying so) and writes nothing', async () => {
    const customer = await readerCustomer(t);
    await customer.call('POST', '/master-data/product/', { sku: '100', name: 'Pallet' });
    const configuration = await customer.configuration();
    const reader = await customer.reader();
    await customer.assign(reader.uuid, [configuration.id]);
    const token = await readerToken(t, reader.serial, reader.secret);
    // Every attempt to record these batches is aborted as a deadlock victim would be.
    await own.privileged.execute(sql`
      create function deadlock_now() returns trigger language plpgsql as $$
      begin
        raise exception 'deadlock detected' using errcode = '40P01';
      end $$`);
    await own.privileged.execute(sql`
      create trigger deadlock_now before insert on ingest_batches for each row
      when (new.batch_id like 'stuck-%') execute function deadlock_now()`);
    const reads = [{ epc: nid32(100, 1), antenna: 1, time: '2026-01-05T08:00:00Z' }];

    const res = await t.call({
      method: 'POST',
      url: '/reader-api/reads/',
      token,
      headers: { 'user-agent': 'FR22 reader' },
      payload: { batch_id: 'stuck-1', reads },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('1');
    expect(res.json()).toEqual({
      type: 'ServiceUnavailable',
      detail: 'Service temporarily unavailable, try again later.',
      id: expect.any(String),
      request: 'POST /reader-api/reads/',
      time: expect.any(String),
      'user-agent': 'FR22 reader',
      codes: { code: 'serviceUnavailable' },
    });

    const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;
    const ack = await handleReadMessage(
      { db: t.database.privileged, signer: new ReaderTokenSigner(t.config.JWT_SECRET!), log, caches: t.app.caches },
      `tagtrack/readers/${reader.serial}/reads`,
      Buffer.from(JSON.stringify({ token, batch_id: 'stuck-2', reads })),
    );
    expect(ack).toEqual({
      ok: false,
      batch_id: 'stuck-2',
      type: 'ServiceUnavailable',
      detail: 'Service temporarily unavailable, try again later. Send the batch again.',
      codes: { code: 'batchServiceUnavailable' },
      retry_after: 1,
    });

    expect(await customer.tenant.count(items)).toBe(0);
    expect(await customer.tenant.count(itemHistory)).toBe(0);
    expect(await customer.tenant.count(ingestBatches)).toBe(0);
    // Once the database lets it through, the same batch is applied.
    await own.privileged.execute(sql`drop trigger deadlock_now on ingest_batches`);
    const retried = await t.call({
      method: 'POST',
      url: '/reader-api/reads/',
      token,
      payload: { batch_id: 'stuck-1', reads },
    });
    expect(retried.json()).toMatchObject({ created: 1, duplicate: false });

    // A reader that waits as asked and sends the batch again gets it stored: the simulator does.
    await own.privileged.execute(sql`create sequence stuck_attempts`);
    await own.privileged.execute(sql`
      create trigger deadlock_thrice before insert on ingest_batches for each row
      when (nextval('stuck_attempts') <= 3) execute function deadlock_now()`);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const code = nid32(100, 2);
    const summary = await simulate({
      url: base,
      readers: [{ serial: reader.serial, secret: reader.secret }],
      epcs: [code],
      once: true,
    });
    expect(summary).toEqual({ batches: 1, reads: 1, measurements: 0, created: 1, moved: 0, refused: 0 });
    expect(await customer.item(code)).toMatchObject({ locationUuid: configuration.locationUuid });
  });
});

describe('read batches moving items both ways between shared locations', () => {
  it('are all applied, with no server error and no deadlock, and the counts stay exact', async () => {
    const customer = await readerCustomer(t);
    await customer.call('POST', '/master-data/product/', { sku: '100', name: 'Pallet' });
    const [site] = await customer.tenant.insert(locations, { name: 'Site' }).returning();
    const [dock] = await customer.tenant.insert(locations, { name: 'Dock', parentUuid: site!.uuid }).returning();
    const [zone] = await customer.tenant.insert(locations, { name: 'Zone A', parentUuid: site!.uuid }).returning();
    const places = [dock!.uuid, zone!.uuid];
    const configurations = [
      await customer.configuration({ location: dock!.uuid }),
      await customer.configuration({ location: zone!.uuid }),
    ];
    const senders = [];
    for (let s = 0; s < SENDERS; s++) {
      const tokens: string[] = [];
      for (const configuration of configurations) {
        const reader = await customer.reader();
        await customer.assign(reader.uuid, [configuration.id]);
        tokens.push(await readerToken(t, reader.serial, reader.secret));
      }
      const epcs = Array.from({ length: EPCS_PER_SENDER }, (_, i) => nid32(100, s * 1_000 + i + 1));
      senders.push({ tokens, epcs, side: s % 2, next: random(s + 1) });
    }

    const before = TEST_DB_KIND === 'postgres' ? await deadlocks() : 0;
    const start = Date.UTC(2026, 0, 5, 8);
    let clock = 0;
    const answers: { status: number; body: string; batchId: string }[] = [];
    const acknowledged: ReadBatchResult[] = [];
    /** Where each EPC's latest acknowledged read put it. */
    const expected = new Map<string, string>();
    const deadline = Date.now() + RUN_MS;
    await Promise.all(
      senders.map(async (sender) => {
        for (let side = sender.side; Date.now() < deadline; side = 1 - side) {
          const chosen = [...sender.epcs]
            .map((epc) => ({ epc, key: sender.next() }))
            .sort((a, b) => a.key - b.key)
            .slice(0, READS_PER_BATCH)
            .map((r) => r.epc);
          // Each sender's batches go one after another, so each read is newer than its sender's last.
          const time = new Date(start + ++clock * 1_000).toISOString();
          const batchId = randomUUID();
          const res = await t.call({
            method: 'POST',
            url: '/reader-api/reads/',
            token: sender.tokens[side]!,
            payload: { batch_id: batchId, reads: chosen.map((epc) => ({ epc, antenna: 1, time })) },
          });
          answers.push({ status: res.statusCode, body: res.body, batchId });
          if (res.statusCode !== 200) continue;
          acknowledged.push(res.json<ReadBatchResult>());
          for (const epc of chosen) expected.set(epc, places[side]!);
        }
      }),
    );

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    expect(answers.length).toBeGreaterThan(SENDERS * 2);
    const moved = acknowledged.reduce((sum, a) => sum + a.moved, 0);
    const created = acknowledged.reduce((sum, a) => sum + a.created, 0);
    expect(moved).toBeGreaterThan(0);
    expect(created).toBe(expected.size);

    // Every acknowledged batch is recorded with the counts it was answered with.
    const recorded = (await customer.tenant.db.execute(sql`
      select batch_id, accepted, moved, created, ignored from ingest_batches
      where customer_id = ${customer.customer.id}`)) as unknown as {
      rows: { batch_id: string; accepted: number; moved: number; created: number; ignored: number }[];
    };
    const byId = new Map(recorded.rows.map((r) => [r.batch_id, r]));
    for (const answer of acknowledged) {
      const { batch_id, accepted, moved: m, created: c, ignored } = answer;
      expect({ batch_id, accepted, moved: m, created: c, ignored }).toEqual(byId.get(batch_id));
    }
    // One history row per creation and per move; every item where its latest read put it.
    expect(await customer.tenant.count(itemHistory)).toBe(created + moved);
    const stored = (await customer.tenant.db.execute(sql`
      select code, location_uuid::text as location, status from items where customer_id = ${customer.customer.id}`)) as unknown as {
      rows: { code: string; location: string; status: string }[];
    };
    expect(new Map(stored.rows.map((r) => [r.code, r.location]))).toEqual(expected);
    expect(stored.rows.every((r) => r.status === 'in')).toBe(true);

    // The counts equal a recount, and no count change outlived its transaction.
    expect(await nonZeroCounts(customer.tenant)).toEqual(await recountedItems(customer.tenant));
    const pending = (await customer.tenant.db.execute(
      sql`select count(*)::int as n from location_count_changes`,
    )) as unknown as { rows: { n: number }[] };
    expect(pending.rows[0]!.n).toBe(0);

    if (TEST_DB_KIND === 'postgres') {
      await t.close();
      await othersGone();
      expect(await deadlocks()).toBe(before);
    }
  }, 60_000);
});
