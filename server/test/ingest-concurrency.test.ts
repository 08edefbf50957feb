import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { encodeEpc } from '@tagtrack/contract';
import { itemHistory, items, locationProductCounts } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { LAST_SEEN_GRAIN_SECONDS } from '../src/modules/tracking/read-plan.js';
import { readerCustomer, readerToken, sendReads } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('concurrent read batches', () => {
  it('all succeed on the same items in different orders, and the latest read decides where each item is', async () => {
    const own = await readerCustomer(t);
    await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' });
    const door = await own.configuration();
    const dock = await own.configuration();
    const a = await own.reader();
    const b = await own.reader();
    await own.assign(a.uuid, [door.id]);
    await own.assign(b.uuid, [dock.id]);
    const tokens = [await readerToken(t, a.serial, a.secret), await readerToken(t, b.serial, b.secret)];
    const epcs = Array.from({ length: 300 }, (_, i) => encodeEpc('NID32', '100', String(i + 1)));
    const start = Date.UTC(2026, 0, 1, 8);
    const send = (token: string, codes: string[], time: number) =>
      sendReads(
        t,
        token,
        codes.map((epc) => ({ epc, time: new Date(time) })),
      );
    expect((await send(tokens[0]!, epcs, start)).json()).toMatchObject({ created: 300 });

    // Eight batches at once, alternating readers, each in its own order of the same items. Their
    // reads lie two minutes apart, beyond the grain of last_seen_at, so every repeat sighting is
    // written and the newest read wins whatever order the batches take effect in. (Within the
    // grain a repeat sighting is not written: a batch that overtakes the one sent before it can
    // then let that older read move the item.)
    const shuffled = (i: number) =>
      [...epcs].sort((x, y) => ((x.charCodeAt(20) * (i + 3)) % 7) - ((y.charCodeAt(20) * (i + 3)) % 7));
    const step = 2 * LAST_SEEN_GRAIN_SECONDS * 1000;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(tokens[i % 2]!, shuffled(i), start + (i + 1) * step)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);

    // The last batch (reader B, the dock) is the latest read of every item.
    const rows = await own.tenant.db.select().from(items).where(own.tenant.where(items));
    expect(rows.filter((r) => r.locationUuid !== dock.locationUuid || r.status !== 'in')).toEqual([]);
    // Every move answered wrote exactly one history row.
    const moved = answers.reduce((sum, res) => sum + res.json<{ moved: number }>().moved, 0);
    expect(await own.tenant.count(itemHistory)).toBe(300 + moved);
    const counts = await own.tenant.db
      .select()
      .from(locationProductCounts)
      .where(own.tenant.where(locationProductCounts, eq(locationProductCounts.status, 'in')));
    const byLocation = Object.fromEntries(counts.map((c) => [c.locationUuid, c.count]));
    expect(byLocation[dock.locationUuid!]).toBe(300);
    expect(byLocation[door.locationUuid!] ?? 0).toBe(0);
  });
});
