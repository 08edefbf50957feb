// Reader health events (docs/sensors.md, Reader health): a fixed reader whose heartbeats go stale,
// or come back, raises one event per transition in the alert list and mails the administrators.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { HEARTBEAT_STALE_INTERVALS, type Observation, type Paged } from '@tagtrack/contract';
import { openDatabase, type Database } from '../src/db/client.js';
import { mailOutbox, readerHeartbeats, readers, users } from '../src/db/schema/index.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { sweepReaderHealth } from '../src/system/sweeps.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { readerCustomer } from './reader-fixtures.js';
import { TEST_DB_KIND } from './test-database.js';

let t: TestApp;
let own: Awaited<ReturnType<typeof readerCustomer>>;
let readerId: number;
const notified: { customerId: number; ids: number[] }[] = [];
const notify = (customerId: number, ids: number[]) => notified.push({ customerId, ids });

beforeAll(async () => {
  t = await buildTestApp();
  own = await readerCustomer(t);
  await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
  await t.database.privileged
    .update(users)
    .set({ email: 'ops@example.com', language: 'de' })
    .where(eq(users.id, own.admin.id));
  const dock = await own.location('Dock 7');
  const configuration = await own.configuration({ location: dock });
  const reader = await own.reader({ name: 'Dock door' });
  expect((await own.assign(reader.uuid, [configuration.id])).statusCode).toBeLessThan(300);
  const [row] = await own.tenant.db
    .select()
    .from(readers)
    .where(own.tenant.where(readers, eq(readers.uuid, reader.uuid)));
  readerId = row!.id;
});
afterAll(() => t.close());

const T0 = Date.parse('2026-11-26T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000);
/** The reader's one heartbeat (every 60 s), last sent at `seconds`. */
async function beat(seconds: number) {
  await own.tenant.db
    .insert(readerHeartbeats)
    .values({
      customerId: own.customer.id,
      readerId,
      application: 'BradyReaderApp',
      updated: at(seconds),
      interval: 60,
      mode: 'normal',
    })
    .onConflictDoUpdate({
      target: [readerHeartbeats.customerId, readerHeartbeats.readerId, readerHeartbeats.application],
      set: { updated: at(seconds) },
    });
}
async function events() {
  const res = await t.call({ method: 'GET', url: '/sensor-data/observation/observation/', token: own.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<Observation>>().results.filter((o) => o.reader?.id === readerId);
}

describe('reader health events', () => {
  it('raise one event per transition, offline then online, and mail the administrators in their language', async () => {
    await beat(0);
    // First sight: recorded, no event.
    await sweepReaderHealth(t.database.privileged, notify, at(30));
    expect(await events()).toEqual([]);
    // HEARTBEAT_STALE_INTERVALS intervals without a heartbeat: stale, so offline.
    await sweepReaderHealth(t.database.privileged, notify, at(200));
    const [offline] = await events();
    expect(offline).toMatchObject({
      kind: 'reader_offline',
      rule: { id: null, name: 'Dock door' },
      reader: { id: readerId, name: 'Dock door' },
      products: [],
      measurements: { value: null, time: at(HEARTBEAT_STALE_INTERVALS * 60).toISOString() },
    });
    const mails = await own.tenant.db
      .select()
      .from(mailOutbox)
      .where(own.tenant.where(mailOutbox, eq(mailOutbox.recipient, 'ops@example.com')));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ status: 'pending', language: 'de', observationUuid: offline!.uuid });
    expect(mails[0]!.subject).toContain('Dock door');
    expect(mails[0]!.body).toContain('Dock 7');
    expect(notified.at(-1)).toEqual({ customerId: own.customer.id, ids: [mails[0]!.id] });

    // Still offline: nothing new.
    await sweepReaderHealth(t.database.privileged, notify, at(400));
    expect(await events()).toHaveLength(1);
    // Back: one online event.
    await beat(450);
    await sweepReaderHealth(t.database.privileged, notify, at(460));
    const back = await events();
    expect(back.map((e) => e.kind)).toEqual(['reader_online', 'reader_offline']);
    expect(back[0]!.measurements.time).toBe(at(450).toISOString());
    await sweepReaderHealth(t.database.privileged, notify, at(470));
    expect(await events()).toHaveLength(2);
  });

  it('watch only customers with the sensor extension', async () => {
    const other = await readerCustomer(t);
    const reader = await other.reader({ name: 'Elsewhere' });
    const [row] = await other.tenant.db
      .select()
      .from(readers)
      .where(other.tenant.where(readers, eq(readers.uuid, reader.uuid)));
    await other.tenant.db.insert(readerHeartbeats).values({
      customerId: other.customer.id,
      readerId: row!.id,
      application: 'BradyReaderApp',
      updated: at(0),
      interval: 60,
      mode: 'normal',
    });
    await sweepReaderHealth(t.database.privileged, notify, at(30));
    await sweepReaderHealth(t.database.privileged, notify, at(1000));
    const kept = await t.database.privileged
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.customerId, other.customer.id)));
    expect(kept).toEqual([]);
  });

  it('raise a transition once when two processes sweep at once', async () => {
    await beat(1000);
    await sweepReaderHealth(t.database.privileged, notify, at(1010));
    const before = (await events()).length;
    let second: Database | undefined;
    if (TEST_DB_KIND === 'postgres') {
      second = await openDatabase({ kind: 'postgres', url: (t.database as Database & { url?: string }).url!, max: 2 });
    }
    try {
      await Promise.all([
        sweepReaderHealth(t.database.privileged, notify, at(1300)),
        sweepReaderHealth((second ?? t.database).privileged, notify, at(1300)),
      ]);
    } finally {
      await second?.close();
    }
    expect((await events()).length).toBe(before + 1);
  });
});
