import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { CONFIGURATION_DEFAULTS, type ConfData } from '@tagtrack/contract';
import { items, products, readerConfigurations } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { at, nid32, readerCustomer, readerToken } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const READS = '/reader-api/reads/';
const read = (epc: string, time: string, antenna = 1) => ({ epc, antenna, rssi: -52.5, time });

/** A customer with product 100 (NID32), two readers at two locations, and their tokens. */
async function world() {
  const own = await readerCustomer(t);
  const created = await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' });
  expect(created.statusCode, created.body).toBe(201);
  const product = created.json<{ id: number }>();
  const [unassigned] = await own.tenant.db
    .select({ id: products.id })
    .from(products)
    .where(own.tenant.where(products, eq(products.special, 'unassigned')));

  const door = await own.configuration();
  const dock = await own.configuration();
  const conf: ConfData = {
    ...CONFIGURATION_DEFAULTS.conf_data,
    data_format: 'goodsout|trace',
    Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
  };
  await own.tenant.update(readerConfigurations, { confData: conf }, eq(readerConfigurations.id, dock.id));

  const readerA = await own.reader();
  const readerB = await own.reader();
  expect((await own.assign(readerA.uuid, [door.id])).statusCode).toBeLessThan(300);
  expect((await own.assign(readerB.uuid, [dock.id])).statusCode).toBeLessThan(300);
  const tokenA = await readerToken(t, readerA.serial, readerA.secret);
  const tokenB = await readerToken(t, readerB.serial, readerB.secret);
  const send = (token: string, reads: object[], batch_id: string = randomUUID()) =>
    t.call({ method: 'POST', url: READS, token, payload: { batch_id, reads } });
  const { item, history } = own;
  return { own, product, unassignedId: unassigned!.id, door, dock, readerA, tokenA, tokenB, send, item, history };
}

describe('POST /reader-api/reads/', () => {
  it('creates items for new EPCs at the configuration location with the encodings’ product, or Unassigned', async () => {
    const w = await world();
    const known = nid32(100, 1);
    const unknown = 'E2801160600002084D3A7B1C';
    const res = await w.send(w.tokenA, [read(known.toLowerCase(), at(1)), read(unknown, at(1)), read(known, at(2))]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 3, created: 2, moved: 0, ignored: 0, duplicate: false });
    expect(await w.item(known)).toMatchObject({
      productId: w.product.id,
      locationUuid: w.door.locationUuid,
      status: 'in',
      latestStatusUpdate: new Date(at(2)),
    });
    expect(await w.item(unknown)).toMatchObject({ productId: w.unassignedId, locationUuid: w.door.locationUuid });
    expect(await w.history(known)).toMatchObject([
      { locationUuid: w.door.locationUuid, previousLocationUuid: null, ledgerType: 'trace' },
    ]);
  });

  it('moves an item read at another reader’s location with one history row of its ledger type; a repeat writes none', async () => {
    const w = await world();
    const epc = nid32(100, 2);
    await w.send(w.tokenA, [read(epc, at(1))]);
    const moved = await w.send(w.tokenB, [read(epc, at(5))]);
    expect(moved.json()).toMatchObject({ accepted: 1, created: 0, moved: 1, duplicate: false });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.dock.locationUuid, latestStatusUpdate: new Date(at(5)) });
    const after = await w.history(epc);
    expect(after).toHaveLength(2);
    expect(after[1]).toMatchObject({
      locationUuid: w.dock.locationUuid,
      previousLocationUuid: w.door.locationUuid,
      status: 'in',
      ledgerType: 'goodsout',
      configurationId: w.dock.id,
      happenedAt: new Date(at(5)),
    });

    const repeat = await w.send(w.tokenB, [read(epc, at(6)), read(epc, at(7))]);
    expect(repeat.json()).toMatchObject({ accepted: 2, moved: 0, created: 0 });
    expect(await w.history(epc)).toHaveLength(2);
  });

  it('brings an item that is out back in where it is read, with a history row', async () => {
    const w = await world();
    const epc = nid32(100, 12);
    await w.send(w.tokenA, [read(epc, at(1))]);
    await w.own.tenant.update(items, { status: 'out' }, eq(items.code, epc));
    const res = await w.send(w.tokenA, [read(epc, at(2))]);
    expect(res.json()).toMatchObject({ moved: 1 });
    expect(await w.item(epc)).toMatchObject({ status: 'in', locationUuid: w.door.locationUuid });
    expect(await w.history(epc)).toMatchObject([
      {},
      { status: 'in', locationUuid: w.door.locationUuid, previousLocationUuid: w.door.locationUuid },
    ]);
  });

  it('never moves an item back for an older read', async () => {
    const w = await world();
    const epc = nid32(100, 3);
    await w.send(w.tokenB, [read(epc, at(10))]);
    const old = await w.send(w.tokenA, [read(epc, at(4))]);
    expect(old.json()).toMatchObject({ moved: 0, created: 0 });
    expect(await w.item(epc)).toMatchObject({
      locationUuid: w.dock.locationUuid,
      latestStatusUpdate: new Date(at(10)),
    });
    expect(await w.history(epc)).toHaveLength(1);
  });

  it('never moves an item back for a read that arrives after a newer repeat sighting', async () => {
    const w = await world();
    const epc = nid32(100, 4);
    await w.send(w.tokenA, [read(epc, at(0))]);
    // Seen at the door again at 8:30: a repeat, so nothing moves, but the sighting is kept.
    expect((await w.send(w.tokenA, [read(epc, at(30))])).json()).toMatchObject({ moved: 0 });
    expect((await w.item(epc))?.lastSeenAt).toEqual(new Date(at(30)));
    // A dock read of 8:20, uploaded late, is older than that sighting.
    expect((await w.send(w.tokenB, [read(epc, at(20))])).json()).toMatchObject({ moved: 0 });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.door.locationUuid });
    expect(await w.history(epc)).toHaveLength(1);
    // A dock read of 8:40 moves it.
    expect((await w.send(w.tokenB, [read(epc, at(40))])).json()).toMatchObject({ moved: 1 });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.dock.locationUuid });
  });

  it('changes nothing for a batch id sent again and says it is a duplicate', async () => {
    const w = await world();
    const epc = nid32(100, 4);
    await w.send(w.tokenA, [read(epc, at(1))]);
    const first = await w.send(w.tokenB, [read(epc, at(2))], 'batch-7');
    expect(first.json()).toEqual({
      batch_id: 'batch-7',
      accepted: 1,
      moved: 1,
      created: 0,
      ignored: 0,
      duplicate: false,
    });
    // Back at the door later, then the dock batch is retried: it must not move the item again.
    await w.send(w.tokenA, [read(epc, at(3))]);
    const again = await w.send(w.tokenB, [read(epc, at(9))], 'batch-7');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      batch_id: 'batch-7',
      accepted: 1,
      moved: 1,
      created: 0,
      ignored: 0,
      duplicate: true,
    });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.door.locationUuid, latestStatusUpdate: new Date(at(3)) });
    expect(await w.history(epc)).toHaveLength(3);
  });

  it('applies a batch sent twice at once only once', async () => {
    const w = await world();
    const known = nid32(100, 5);
    const fresh = nid32(100, 6);
    await w.send(w.tokenA, [read(known, at(1))]);
    const reads = [read(known, at(2)), read(fresh, at(2))];
    const answers = await Promise.all([w.send(w.tokenB, reads, 'twice'), w.send(w.tokenB, reads, 'twice')]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const bodies = answers.map((a) => a.json<{ duplicate: boolean; moved: number; created: number }>());
    expect(bodies.map((b) => b.duplicate).sort()).toEqual([false, true]);
    for (const body of bodies) expect(body).toMatchObject({ moved: 1, created: 1 });
    expect(await w.item(known)).toMatchObject({ locationUuid: w.dock.locationUuid });
    expect(await w.history(known)).toHaveLength(2);
    expect(await w.history(fresh)).toHaveLength(1);
  });

  it('ignores the reads of a reader without configuration and of removed items', async () => {
    const w = await world();
    const lonely = await w.own.reader();
    const token = await readerToken(t, lonely.serial, lonely.secret);
    const epc = nid32(100, 5);
    const res = await w.send(token, [read(epc, at(1)), read(nid32(100, 6), at(1))]);
    expect(res.json()).toMatchObject({ accepted: 2, ignored: 2, created: 0, moved: 0 });
    expect(await w.item(epc)).toBeUndefined();

    await w.send(w.tokenA, [read(epc, at(1))]);
    await w.own.tenant.update(items, { removed: true }, eq(items.code, epc));
    const removed = await w.send(w.tokenB, [read(epc, at(8))]);
    expect(removed.json()).toMatchObject({ accepted: 1, ignored: 1, moved: 0 });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.door.locationUuid, removed: true });
  });

  it('answers repeat sightings from memory, and a change made in the console counts from the next batch', async () => {
    const w = await world();
    const epc = nid32(100, 40);
    // The console stamps its changes with the time they are made: these reads come after them.
    const base = Date.now() + 60_000;
    const at = (second: number) => new Date(base + second * 1000).toISOString();
    await w.send(w.tokenA, [read(epc, at(1))]);
    // Remembered: a repeat where it is changes nothing.
    expect((await w.send(w.tokenA, [read(epc, at(2))])).json()).toMatchObject({ moved: 0, ignored: 0 });
    const { id } = (await w.item(epc))!;
    const edit = (change: object) => w.own.call('PATCH', '/tag-data/tag/', [{ id, ...change }]);

    // Marked out in the console: the next repeat where it is brings it back in.
    expect((await edit({ status: 'out' })).statusCode).toBe(200);
    expect((await w.send(w.tokenA, [read(epc, at(3))])).json()).toMatchObject({ moved: 1 });
    expect(await w.item(epc)).toMatchObject({ status: 'in', locationUuid: w.door.locationUuid });

    // Placed at the dock in the console: read at the door again, it moves back.
    expect((await edit({ location: w.dock.locationUuid })).statusCode).toBe(200);
    expect((await w.send(w.tokenA, [read(epc, at(4))])).json()).toMatchObject({ moved: 1 });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.door.locationUuid });

    // Deleted in the console: its reads are ignored from then on.
    expect((await w.own.call('DELETE', `/tag-data/tag/${id}/`)).statusCode).toBe(204);
    expect((await w.send(w.tokenA, [read(epc, at(5))])).json()).toMatchObject({ moved: 0, ignored: 1 });
    expect(await w.item(epc)).toMatchObject({ removed: true });
  });

  it('records a batch answered from memory: sent again, it is a duplicate with its first counts', async () => {
    const w = await world();
    const epc = nid32(100, 41);
    await w.send(w.tokenA, [read(epc, at(1))]);
    const reads = [read(epc, at(2)), read(epc, at(3))];
    const first = await w.send(w.tokenA, reads, 'quiet-1');
    expect(first.json()).toEqual({
      batch_id: 'quiet-1',
      accepted: 2,
      moved: 0,
      created: 0,
      ignored: 0,
      duplicate: false,
    });
    // Moved to the dock meanwhile: the retried batch still changes nothing.
    await w.send(w.tokenB, [read(epc, at(6))]);
    const again = await w.send(w.tokenA, [read(epc, at(9))], 'quiet-1');
    expect(again.json()).toEqual({
      batch_id: 'quiet-1',
      accepted: 2,
      moved: 0,
      created: 0,
      ignored: 0,
      duplicate: true,
    });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.dock.locationUuid });
  });

  it('picks the configuration whose antenna mask holds the read’s antenna', async () => {
    const w = await world();
    const conf: ConfData = {
      ...CONFIGURATION_DEFAULTS.conf_data,
      data_format: 'inventory',
      Rfid: [{ TxLevel: 0, AntennaMask: 2, Session: 0, RfidFilter: [] }],
    };
    const shelf = await w.own.configuration();
    await w.own.tenant.update(readerConfigurations, { confData: conf }, eq(readerConfigurations.id, shelf.id));
    expect((await w.own.assign(w.readerA.uuid, [w.door.id, shelf.id])).statusCode).toBeLessThan(300);
    const token = await readerToken(t, w.readerA.serial, w.readerA.secret);
    const onTwo = nid32(100, 7);
    const onOne = nid32(100, 8);
    await w.send(token, [read(onTwo, at(1), 2), read(onOne, at(1), 1)]);
    expect(await w.item(onTwo)).toMatchObject({ locationUuid: shelf.locationUuid });
    expect(await w.item(onOne)).toMatchObject({ locationUuid: w.door.locationUuid });
    expect(await w.history(onTwo)).toMatchObject([{ ledgerType: 'inventory', configurationId: shelf.id }]);
  });

  it('takes a batch of 500 reads', async () => {
    const w = await world();
    const reads = Array.from({ length: 500 }, (_, i) => read(nid32(100, 1000 + i), at(1)));
    const res = await w.send(w.tokenA, reads);
    expect(res.json()).toMatchObject({ accepted: 500, created: 500 });
    const moved = await w.send(
      w.tokenB,
      reads.map((r) => ({ ...r, time: at(2) })),
    );
    expect(moved.json()).toMatchObject({ accepted: 500, moved: 500, created: 0 });
  });

  it('refuses a user token and never touches another customer’s items', async () => {
    const w = await world();
    const user = await signedIn(t, 'administrator');
    const refused = await t.call({
      method: 'POST',
      url: READS,
      token: user.token,
      payload: { batch_id: 'x', reads: [read(nid32(100, 9), at(1))] },
    });
    expect(refused.statusCode).toBe(401);

    const other = await world();
    const epc = nid32(100, 10);
    await other.send(other.tokenA, [read(epc, at(1))]);
    const res = await w.send(w.tokenA, [read(epc, at(5))]);
    expect(res.json()).toMatchObject({ created: 1, moved: 0 });
    expect(await other.item(epc)).toMatchObject({
      locationUuid: other.door.locationUuid,
      latestStatusUpdate: new Date(at(1)),
    });
    expect(await other.history(epc)).toHaveLength(1);
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.door.locationUuid });
  });

  it('refuses a read dated more than a day ahead, with its field: it cannot pin its item against later reads', async () => {
    const w = await world();
    const epc = nid32(100, 40);
    const ahead = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const res = await w.send(w.tokenA, [
      read(epc, at(1)),
      read(nid32(100, 41), '9999-12-31T00:00:00Z'),
      read(epc, ahead),
    ]);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({
      type: 'ValidationError',
      detail: {
        'reads.1.time': ["The time is more than a day ahead of the server's clock."],
        'reads.2.time': ["The time is more than a day ahead of the server's clock."],
      },
      codes: { 'reads.1.time': [{ code: 'timeTooFarAhead' }], 'reads.2.time': [{ code: 'timeTooFarAhead' }] },
    });
    expect(await w.item(epc)).toBeUndefined();
    // A clock a little ahead is taken, and a later real read still moves the item.
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    expect((await w.send(w.tokenA, [read(epc, at(1))])).statusCode).toBe(200);
    expect((await w.send(w.tokenB, [read(epc, soon)])).json()).toMatchObject({ moved: 1 });
    expect(await w.item(epc)).toMatchObject({ locationUuid: w.dock.locationUuid });
  });

  it('refuses dates the database cannot store (year 0, offsets beyond ±15:59) with a field message, not a 500', async () => {
    const w = await world();
    const epc = nid32(100, 42);
    for (const time of ['0000-01-01T00:00:00Z', '2026-01-01T08:00:00+16:00', '2026-01-01T08:00:00-23:59']) {
      const res = await w.send(w.tokenA, [read(epc, at(1)), read(epc, time)]);
      expect(res.statusCode, `${time}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'ValidationError',
        codes: { 'reads.1.time': [{ code: 'invalidDateTime' }] },
      });
    }
    expect(await w.item(epc)).toBeUndefined();
  });

  it('answers 400 ValidationError for a bad EPC, too many reads and a bad antenna', async () => {
    const w = await world();
    const bodies = [
      [read('XYZ1', at(1))],
      [read('ABC', at(1))],
      Array.from({ length: 501 }, (_, i) => read(nid32(100, 2000 + i), at(1))),
      [read(nid32(100, 11), at(1), 0)],
      [],
    ];
    for (const reads of bodies) {
      const res = await w.send(w.tokenA, reads);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().type).toBe('ValidationError');
    }
  });
});
