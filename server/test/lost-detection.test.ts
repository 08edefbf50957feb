import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodeEpc } from '@tagtrack/contract';
import { customers, itemHistory, items, locationProductCounts, readerHeartbeats } from '../src/db/schema/index.js';
import { sweepLostItems } from '../src/system/sweeps.js';
import { markLostItems } from '../src/modules/tracking/lost-detection.repository.js';
import { claimInterval } from '../src/jobs/interval-claim.repository.js';
import { LOST_SWEEP_CLAIM } from '../src/jobs/lost-sweep.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { readerCustomer, readerToken, sendReads } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NOW = new Date();
const ago = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);
let serial = 0;
const epc = () => encodeEpc('NID32', '100', String(++serial));

/** A customer whose reader watches one location (heartbeat as given), and a second location without readers. */
async function world(options: { heartbeat?: 'fresh' | 'stale' | 'none'; lostAfter?: number } = {}) {
  const own = await readerCustomer(t);
  await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' });
  if (options.lostAfter !== undefined) {
    await t.database.privileged
      .update(customers)
      .set({ lostAfterMinutes: options.lostAfter })
      .where(eq(customers.id, own.customer.id));
  }
  const door = await own.configuration();
  const reader = await own.reader();
  expect((await own.assign(reader.uuid, [door.id])).statusCode).toBeLessThan(300);
  const token = await readerToken(t, reader.serial, reader.secret);
  const heartbeat = options.heartbeat ?? 'fresh';
  if (heartbeat !== 'none') {
    const [row] = await own.tenant.select(readerHeartbeats).limit(1);
    expect(row).toBeUndefined();
    const readerId = (await own.call('GET', `/configuration/reader/${reader.uuid}/`)).json<{ id: number }>().id;
    await own.tenant.insert(readerHeartbeats, {
      readerId,
      application: 'BradyReaderApp',
      // Stale: older than twice its 5-minute interval.
      updated: heartbeat === 'fresh' ? ago(0.5) : ago(11),
      interval: 300,
      mode: 'normal',
    });
  }
  const elsewhere = await own.location();
  const send = (reads: { epc: string; time: Date }[]) => sendReads(t, token, reads);
  const item = async (code: string) => {
    const [row] = await own.tenant.select(items, eq(items.code, code));
    return row!;
  };
  const history = (code: string) => own.tenant.select(itemHistory, eq(itemHistory.epc, code)).orderBy(itemHistory.id);
  return { own, door, token, elsewhere, send, item, history };
}

describe('lost detection', () => {
  it('marks an item lost that its location’s online readers have not seen for the configured time', async () => {
    const w = await world({ lostAfter: 60 });
    const gone = epc();
    const here = epc();
    expect(
      (
        await w.send([
          { epc: gone, time: ago(120) },
          { epc: here, time: ago(120) },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await w.send([{ epc: here, time: ago(5) }])).json()).toMatchObject({ moved: 0 });

    expect(await markLostItems(w.own.tenant, NOW)).toBe(1);
    expect(await w.item(gone)).toMatchObject({
      status: 'lost',
      locationUuid: w.door.locationUuid,
      latestStatusUpdate: NOW,
    });
    expect(await w.item(here)).toMatchObject({ status: 'in' });
    expect(await w.history(gone)).toMatchObject([
      { status: 'in' },
      {
        status: 'lost',
        ledgerType: 'trace',
        readerId: null,
        locationUuid: w.door.locationUuid,
        previousLocationUuid: w.door.locationUuid,
        happenedAt: NOW,
      },
    ]);
    const counts = await w.own.tenant.select(
      locationProductCounts,
      eq(locationProductCounts.locationUuid, w.door.locationUuid!),
    );
    expect(Object.fromEntries(counts.map((c) => [c.status, c.count]))).toMatchObject({ in: 1, lost: 1 });

    // Already lost: a second sweep changes nothing.
    expect(await markLostItems(w.own.tenant, NOW)).toBe(0);
    expect(await w.history(gone)).toHaveLength(2);

    // Seen again, it is back in (with its history).
    expect((await w.send([{ epc: gone, time: new Date(NOW.getTime() + 1000) }])).json()).toMatchObject({ moved: 1 });
    expect(await w.item(gone)).toMatchObject({ status: 'in' });
    expect(await w.history(gone)).toHaveLength(3);
  });

  it('declares nothing lost while the location’s readers are offline or never reported a heartbeat', async () => {
    for (const heartbeat of ['stale', 'none'] as const) {
      const w = await world({ heartbeat, lostAfter: 60 });
      const code = epc();
      await w.send([{ epc: code, time: ago(600) }]);
      expect(await markLostItems(w.own.tenant, NOW), heartbeat).toBe(0);
      expect(await w.item(code)).toMatchObject({ status: 'in' });
    }
  });

  it('never loses items at a location without readers, nor when the customer turned it off', async () => {
    const w = await world({ lostAfter: 60 });
    const moved = epc();
    await w.send([{ epc: moved, time: ago(600) }]);
    await w.own.tenant.update(items, { locationUuid: w.elsewhere }, eq(items.code, moved));
    expect(await markLostItems(w.own.tenant, NOW)).toBe(0);
    expect(await w.item(moved)).toMatchObject({ status: 'in', locationUuid: w.elsewhere });

    const off = await world({ lostAfter: 0 });
    const code = epc();
    await off.send([{ epc: code, time: ago(600_000) }]);
    expect(await markLostItems(off.own.tenant, NOW)).toBe(0);
    expect(await off.item(code)).toMatchObject({ status: 'in' });
  });

  it('leaves items that are out, removed, or within the configured time (with a minute’s grace) alone', async () => {
    const w = await world({ lostAfter: 60 });
    const [out, removed, recent] = [epc(), epc(), epc()];
    await w.send([
      { epc: out, time: ago(600) },
      { epc: removed, time: ago(600) },
      { epc: recent, time: ago(60.5) },
    ]);
    await w.own.tenant.update(items, { status: 'out' }, eq(items.code, out));
    await w.own.tenant.update(items, { removed: true }, eq(items.code, removed));
    expect(await markLostItems(w.own.tenant, NOW)).toBe(0);
    expect(await markLostItems(w.own.tenant, new Date(NOW.getTime() + 2 * 60_000))).toBe(1);
    expect(await w.item(recent)).toMatchObject({ status: 'lost' });
  });

  it('sweeps every customer by its own setting and never another customer’s items', async () => {
    const short = await world({ lostAfter: 10 });
    const long = await world({ lostAfter: 600 });
    const a = epc();
    const b = epc();
    await short.send([{ epc: a, time: ago(30) }]);
    // The same EPC at the other customer: its own item.
    await long.send([
      { epc: a, time: ago(30) },
      { epc: b, time: ago(30) },
    ]);
    const marked = await sweepLostItems(t.database.privileged, NOW);
    expect(marked.get(short.own.customer.id)).toBe(1);
    expect(marked.has(long.own.customer.id)).toBe(false);
    expect(await short.item(a)).toMatchObject({ status: 'lost' });
    expect(await long.item(a)).toMatchObject({ status: 'in' });
    expect(await long.item(b)).toMatchObject({ status: 'in' });
  });
});

describe('the sweep across server processes', () => {
  it('is claimed by one caller an interval: at once by several, again only after the interval', async () => {
    const db = t.database.privileged;
    const interval = 1_500;
    // Several processes' timers at the same moment (on PostgreSQL, on connections of their own).
    const first = await Promise.all([1, 2, 3, 4].map(() => claimInterval(db, LOST_SWEEP_CLAIM, interval)));
    expect(first.filter(Boolean)).toEqual([true]);
    // Within the interval nobody claims it; after it, one does.
    await new Promise((resolve) => setTimeout(resolve, interval * 0.5));
    expect(await claimInterval(db, LOST_SWEEP_CLAIM, interval)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, interval));
    const later = await Promise.all([1, 2, 3].map(() => claimInterval(db, LOST_SWEEP_CLAIM, interval)));
    expect(later.filter(Boolean)).toEqual([true]);
  });
});

describe('last seen', () => {
  it('is the read time on creation and moves, and repeat sightings bump it only past a minute, never back', async () => {
    const w = await world();
    const code = epc();
    await w.send([{ epc: code, time: ago(100) }]);
    expect((await w.item(code)).lastSeenAt).toEqual(ago(100));
    await w.send([{ epc: code, time: ago(99.5) }]);
    expect((await w.item(code)).lastSeenAt).toEqual(ago(100));
    await w.send([{ epc: code, time: ago(98) }]);
    expect((await w.item(code)).lastSeenAt).toEqual(ago(98));
    // An older read out of order changes nothing.
    await w.send([{ epc: code, time: ago(200) }]);
    expect(await w.item(code)).toMatchObject({ lastSeenAt: ago(98), latestStatusUpdate: ago(100) });
    expect(await w.history(code)).toHaveLength(1);
  });
});
