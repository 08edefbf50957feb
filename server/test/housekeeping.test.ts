import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ingestBatches } from '../src/db/schema/index.js';
import { runHousekeeping } from '../src/jobs/housekeeping.js';
import { purgeOldIngestBatches } from '../src/system/housekeeping.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { nid32, readerCustomer, readerToken } from './reader-fixtures.js';
import { TEST_DB_KIND } from './test-database.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** A customer with an assigned reader, and a way to send it a batch under a given id. */
async function readerWithBatches() {
  const own = await readerCustomer(t);
  await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' });
  const configuration = await own.configuration();
  const reader = await own.reader();
  await own.assign(reader.uuid, [configuration.id]);
  const token = await readerToken(t, reader.serial, reader.secret);
  const send = (batchId: string, serial = 1) =>
    t.call({
      method: 'POST',
      url: '/reader-api/reads/',
      token,
      payload: { batch_id: batchId, reads: [{ epc: nid32(100, serial), antenna: 1, time: new Date().toISOString() }] },
    });
  /** Makes a batch look received `days` ago. */
  const age = (batchId: string, days: number) =>
    t.database.privileged
      .update(ingestBatches)
      .set({ receivedAt: new Date(Date.now() - days * DAY) })
      .where(sql`${ingestBatches.customerId} = ${own.customer.id} and ${ingestBatches.batchId} = ${batchId}`);
  const kept = async () =>
    (
      await t.database.privileged
        .select({ batchId: ingestBatches.batchId })
        .from(ingestBatches)
        .where(eq(ingestBatches.customerId, own.customer.id))
    )
      .map((r) => r.batchId)
      .sort();
  return { own, send, age, kept };
}

describe('the read batches’ retention (INGEST_BATCH_RETENTION_DAYS)', () => {
  it('deletes batch ids past the retention, and a batch sent again within it still changes nothing', async () => {
    const r = await readerWithBatches();
    for (const id of ['old-1', 'old-2', 'recent']) expect((await r.send(id)).statusCode).toBe(200);
    await r.age('old-1', 8);
    await r.age('old-2', 30);
    await r.age('recent', 6);

    await runHousekeeping(t.database.privileged, {
      embedded: TEST_DB_KIND === 'pglite',
      measurementRetentionDays: 30,
      ingestBatchRetentionDays: 7,
    });

    expect(await r.kept()).toEqual(['recent']);
    const retry = await r.send('recent');
    expect(retry.json()).toMatchObject({ batch_id: 'recent', duplicate: true });
  });

  it('deletes in bounded chunks over every customer, and keeps what is younger', async () => {
    const one = await readerWithBatches();
    const two = await readerWithBatches();
    for (const r of [one, two]) {
      for (let i = 0; i < 5; i++) {
        expect((await r.send(`gone-${i}`, i + 2)).statusCode).toBe(200);
        await r.age(`gone-${i}`, 3);
      }
      expect((await r.send('young', 9)).statusCode).toBe(200);
    }
    // A chunk of two rows: each customer's five old batches take three statements.
    expect(await purgeOldIngestBatches(t.database.privileged, 2, new Date(), 2)).toBeGreaterThanOrEqual(10);
    expect(await one.kept()).toEqual(['young']);
    expect(await two.kept()).toEqual(['young']);
  });
});
