import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { readers } from '../src/db/schema/index.js';
import * as repository from '../src/modules/tracking/tracking.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { at, nid32, readerCustomer, readerToken } from './reader-fixtures.js';

// The batch's first read of its items can be made stale on request: every item then reads as a row
// version that is no longer there, as when another batch wrote it between the read and the write.
const stale = vi.hoisted(() => ({ next: false, locks: [] as boolean[] }));
vi.mock('../src/modules/tracking/tracking.repository.js', async (original) => {
  const real = await original<typeof repository>();
  return {
    ...real,
    findBatchItems: async (...args: Parameters<typeof real.findBatchItems>) => {
      stale.locks.push(args[3]);
      const found = await real.findBatchItems(...args);
      if (!stale.next) return found;
      stale.next = false;
      return { ...found, items: found.items.map((item) => ({ ...item, version: '1' })) };
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
beforeEach(() => {
  stale.next = false;
  stale.locks = [];
});

const read = (epc: string, time: string) => ({ epc, antenna: 1, rssi: -50, time });

/** A customer with product 100, two readers at two locations, their tokens and ids. */
async function world() {
  const own = await readerCustomer(t);
  expect((await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' })).statusCode).toBe(201);
  const [door, dock] = [await own.configuration(), await own.configuration()];
  const [readerA, readerB] = [await own.reader(), await own.reader()];
  expect((await own.assign(readerA.uuid, [door.id])).statusCode).toBeLessThan(300);
  expect((await own.assign(readerB.uuid, [dock.id])).statusCode).toBeLessThan(300);
  const tokenA = await readerToken(t, readerA.serial, readerA.secret);
  const tokenB = await readerToken(t, readerB.serial, readerB.secret);
  const send = (token: string, reads: object[]) =>
    t.call({ method: 'POST', url: '/reader-api/reads/', token, payload: { batch_id: randomUUID(), reads } });
  const idOf = async (uuid: string) => {
    const [row] = await own.tenant.db
      .select({ id: readers.id })
      .from(readers)
      .where(own.tenant.where(readers, eq(readers.uuid, uuid)));
    return row!.id;
  };
  return { ...own, door, dock, tokenA, tokenB, send, readerB: await idOf(readerB.uuid) };
}

describe('a batch whose items changed after it read them', () => {
  it('runs again with its items locked, and moves the item once', async () => {
    const w = await world();
    const epc = nid32(100, 1);
    await w.send(w.tokenA, [read(epc, at(1))]);
    stale.next = true;
    const res = await w.send(w.tokenB, [read(epc, at(2))]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1, moved: 1, created: 0, duplicate: false });
    // The unlocked read of the first batch, then the stale attempt's and the locked attempt's.
    expect(stale.locks).toEqual([false, false, true]);
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.dock.locationUuid, latestStatusUpdate: new Date(at(2)) });
    expect(await w.history(epc)).toHaveLength(2);
  });

  it('writes nothing when a row changed since it was read: the outcome is stale', async () => {
    const w = await world();
    const epc = nid32(100, 2);
    await w.send(w.tokenA, [read(epc, at(1))]);
    const [before] = await repository.findItemsByCodes(w.tenant, [epc], false);
    // Another batch moves the item, later, and commits: the row version changes.
    await w.send(w.tokenB, [read(epc, at(5))]);
    const plan = {
      moves: [
        {
          code: epc,
          location: w.door.locationUuid!,
          time: new Date(at(3)),
          ledgerType: 'trace' as const,
          configurationId: w.door.id,
          itemId: before!.id,
          previousLocation: before!.locationUuid,
        },
      ],
      sightings: [],
    };
    const counts = { accepted: 1, moved: 1, created: 0, ignored: 0 };
    const attempt = (versions: Map<number, string>) =>
      w.tenant
        .transaction(async (tx) => {
          const outcome = await repository.applyBatch(tx, w.readerB, randomUUID(), counts, plan, versions);
          throw Object.assign(new Error('roll back'), { outcome });
        })
        .catch((error: { outcome?: string }) => error.outcome);
    expect(await attempt(new Map([[before!.id, before!.version]]))).toBe('stale');
    const [now] = await repository.findItemsByCodes(w.tenant, [epc], false);
    expect(now!.version).not.toBe(before!.version);
    expect(await attempt(new Map([[now!.id, now!.version]]))).toBe('applied');
    // Both attempts rolled back: the later read's move stands, with its two history rows.
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.dock.locationUuid, latestStatusUpdate: new Date(at(5)) });
    expect(await w.history(epc)).toHaveLength(2);
  });
});
