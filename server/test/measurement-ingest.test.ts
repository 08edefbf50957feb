// Readers' measurements (docs/reader-protocol.md, Measurements): POST /reader-api/measurements/.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { measurementMinutes, measurements, sensorLatest } from '../src/db/schema/index.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { keepMeasurementPartitions, purgeOldMeasurementMinutes } from '../src/system/housekeeping.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { readerCustomer, readerToken } from './reader-fixtures.js';

const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
const HUMIDITY = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02';

let t: TestApp;
let own: Awaited<ReturnType<typeof readerCustomer>>;
let token: string;
let freezer: string;

beforeAll(async () => {
  t = await buildTestApp();
  await keepMeasurementPartitions(t.database.privileged, 30);
  own = await readerCustomer(t);
  await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
  freezer = await own.location('Freezer');
  const configuration = await own.configuration({ location: freezer, sensor: true });
  const reader = await own.reader();
  expect((await own.assign(reader.uuid, [configuration.id])).statusCode).toBeLessThan(300);
  token = await readerToken(t, reader.serial, reader.secret);
});
afterAll(() => t.close());

const send = (body: object, as = token) =>
  t.call({ method: 'POST', url: '/reader-api/measurements/', token: as, payload: body });
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

describe('POST /reader-api/measurements/', () => {
  it('stores each value with its sensor, product and the reader’s location; a new EPC becomes an item there', async () => {
    const epc = 'ABCD00000000000000000001';
    const batch = {
      batch_id: randomUUID(),
      measurements: [
        { epc, measurement_type: TEMPERATURE, value: -18.25, time: ago(60) },
        { epc: epc.toLowerCase(), measurement_type: TEMPERATURE, value: -17.5, time: ago(30) },
        { epc, measurement_type: HUMIDITY, value: 41, time: ago(30) },
      ],
    };
    const res = await send(batch);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ batch_id: batch.batch_id, accepted: 3, created: 1, ignored: 0, duplicate: false });
    const sensor = await own.item(epc);
    expect(sensor).toMatchObject({ locationUuid: freezer, status: 'in' });
    const stored = await own.tenant.db
      .select()
      .from(measurements)
      .where(own.tenant.where(measurements, eq(measurements.itemId, sensor!.id)))
      .orderBy(measurements.time, measurements.value);
    expect(stored.map((m) => [m.typeUuid, m.value, m.locationUuid, m.productId])).toEqual([
      [TEMPERATURE, -18.25, freezer, sensor!.productId],
      [TEMPERATURE, -17.5, freezer, sensor!.productId],
      [HUMIDITY, 41, freezer, sensor!.productId],
    ]);

    // The same batch again changes nothing and answers the first counts.
    const again = await send(batch);
    expect(again.json()).toEqual({ batch_id: batch.batch_id, accepted: 3, created: 1, ignored: 0, duplicate: true });
    const count = await own.tenant.db
      .select()
      .from(measurements)
      .where(own.tenant.where(measurements, eq(measurements.itemId, sensor!.id)));
    expect(count).toHaveLength(3);
  });

  it('refuses the whole batch for an unknown type, a time outside the kept days or a bad EPC, with the fields', async () => {
    const epc = 'ABCD00000000000000000002';
    const res = await send({
      batch_id: randomUUID(),
      measurements: [
        { epc, measurement_type: randomUUID(), value: 1, time: ago(10) },
        { epc, measurement_type: TEMPERATURE, value: 1, time: ago(40 * 86_400) },
        { epc, measurement_type: TEMPERATURE, value: 1, time: new Date(Date.now() + 3 * 86_400_000).toISOString() },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ detail: Record<string, string[]> }>().detail).sort()).toEqual([
      'measurements.0.measurement_type',
      'measurements.1.time',
      'measurements.2.time',
    ]);
    expect(await own.item(epc)).toBeUndefined();
    const bad = await send({
      batch_id: 'x',
      measurements: [{ epc: 'XYZ', measurement_type: TEMPERATURE, value: 1, time: ago(1) }],
    });
    expect(bad.statusCode).toBe(400);
    const infinite = await send({
      batch_id: 'y',
      measurements: [{ epc, measurement_type: TEMPERATURE, value: '1e999', time: ago(1) }],
    });
    expect(infinite.statusCode).toBe(400);
  });

  it('refuses values outside their type’s plausible range and times the database cannot store, each with its field', async () => {
    const epc = 'ABCD00000000000000000009';
    const res = await send({
      batch_id: randomUUID(),
      measurements: [
        { epc, measurement_type: TEMPERATURE, value: 1e308, time: ago(10) },
        { epc, measurement_type: TEMPERATURE, value: -273.16, time: ago(10) },
        { epc, measurement_type: HUMIDITY, value: 100.5, time: ago(10) },
        { epc, measurement_type: HUMIDITY, value: -1, time: ago(10) },
        { epc, measurement_type: TEMPERATURE, value: 4, time: '9999-01-01T00:00:00Z' },
      ],
    });
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ detail: Record<string, string[]>; codes: Record<string, { code: string }[]> }>();
    expect(body.detail).toEqual({
      'measurements.0.value': ['The value must be from -273.15 to 1000.'],
      'measurements.1.value': ['The value must be from -273.15 to 1000.'],
      'measurements.2.value': ['The value must be from 0 to 100.'],
      'measurements.3.value': ['The value must be from 0 to 100.'],
      'measurements.4.time': ["The time is more than a day ahead of the server's clock."],
    });
    expect(body.codes['measurements.0.value']).toEqual([
      { code: 'measurementOutOfRange', params: { min: '-273.15', max: '1000' } },
    ]);
    expect(await own.item(epc)).toBeUndefined();

    for (const time of ['0000-06-01T00:00:00Z', '2026-11-29T10:00:00+16:00']) {
      const refused = await send({
        batch_id: randomUUID(),
        measurements: [{ epc, measurement_type: TEMPERATURE, value: 4, time }],
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json<{ codes: unknown }>().codes).toEqual({
        'measurements.0.time': [{ code: 'invalidDateTime' }],
      });
    }

    // The bounds themselves are plausible.
    const edges = await send({
      batch_id: randomUUID(),
      measurements: [
        { epc, measurement_type: TEMPERATURE, value: -273.15, time: ago(10) },
        { epc, measurement_type: TEMPERATURE, value: 1000, time: ago(10) },
        { epc, measurement_type: HUMIDITY, value: 0, time: ago(10) },
        { epc, measurement_type: HUMIDITY, value: 100, time: ago(10) },
      ],
    });
    expect(edges.statusCode, edges.body).toBe(200);
  });

  it('takes a reader token only, and refuses a customer without the sensor extension', async () => {
    const body = {
      batch_id: randomUUID(),
      measurements: [{ epc: 'ABCD00000000000000000003', measurement_type: TEMPERATURE, value: 5, time: ago(5) }],
    };
    expect((await send(body, own.token)).statusCode).toBe(401);
    await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: [] });
    try {
      const refused = await send(body);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({
        type: 'PermissionDenied',
        detail: 'Your organisation does not have the sensor extension.',
      });
      expect(await own.item('ABCD00000000000000000003')).toBeUndefined();
    } finally {
      await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
    }
  });

  it('stores every batch of several readers sending the same new tags at once, each tag one item', async () => {
    const readers = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const reader = await own.reader();
        const configuration = await own.configuration({ location: freezer, sensor: true });
        expect((await own.assign(reader.uuid, [configuration.id])).statusCode).toBeLessThan(300);
        return readerToken(t, reader.serial, reader.secret);
      }),
    );
    const epcs = ['ABCD00000000000000000101', 'ABCD00000000000000000102', 'ABCD00000000000000000103'];
    const answers = await Promise.all(
      readers.flatMap((as, r) =>
        [0, 1].map((round) =>
          send(
            {
              batch_id: randomUUID(),
              measurements: epcs.map((epc, i) => ({
                epc,
                measurement_type: TEMPERATURE,
                value: r * 10 + round + i / 10,
                time: ago(100 - round),
              })),
            },
            as,
          ),
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(8).fill(200));
    for (const epc of epcs) {
      const sensor = await own.item(epc);
      expect(sensor).toMatchObject({ locationUuid: freezer });
      const stored = await own.tenant.db
        .select()
        .from(measurements)
        .where(own.tenant.where(measurements, eq(measurements.itemId, sensor!.id)));
      expect(stored).toHaveLength(8);
    }
  });

  it('keeps each sensor’s per-minute aggregates and latest value in step, whatever order batches come in', async () => {
    const epc = 'ABCD00000000000000000077';
    const minute = Math.floor((Date.now() - 3_600_000) / 60_000) * 60_000;
    const at = (seconds: number) => new Date(minute + seconds * 1000).toISOString();
    const batch = (values: [number, number][]) =>
      send({
        batch_id: randomUUID(),
        measurements: values.map(([s, value]) => ({ epc, measurement_type: TEMPERATURE, value, time: at(s) })),
      });
    expect(
      (
        await batch([
          [0, 4],
          [30, 6],
          [61, 5],
        ])
      ).statusCode,
    ).toBe(200);
    // A late batch: older values join their minutes but do not replace the latest value.
    expect(
      (
        await batch([
          [10, -1],
          [20, 9],
        ])
      ).statusCode,
    ).toBe(200);
    const sensor = await own.item(epc);
    const minutes = await own.tenant.db
      .select()
      .from(measurementMinutes)
      .where(own.tenant.where(measurementMinutes, eq(measurementMinutes.itemId, sensor!.id)))
      .orderBy(measurementMinutes.minute);
    expect(minutes.map((m) => [m.minute.getTime() - minute, m.samples, m.total, m.low, m.high])).toEqual([
      [0, 4, 18, -1, 9],
      [60_000, 1, 5, 5, 5],
    ]);
    const [latest] = await own.tenant.db
      .select()
      .from(sensorLatest)
      .where(own.tenant.where(sensorLatest, eq(sensorLatest.itemId, sensor!.id)));
    expect(latest).toMatchObject({ value: 5, time: new Date(at(61)), locationUuid: freezer, typeUuid: TEMPERATURE });

    // Minutes past the retention go with housekeeping; younger ones stay.
    const purged = await purgeOldMeasurementMinutes(
      t.database.privileged,
      30,
      new Date(minute + 30 * 86_400_000 + 30_000),
    );
    expect(purged).toBeGreaterThanOrEqual(1);
    const left = await own.tenant.db
      .select()
      .from(measurementMinutes)
      .where(own.tenant.where(measurementMinutes, eq(measurementMinutes.itemId, sensor!.id)));
    expect(left.map((m) => m.minute.getTime() - minute)).toEqual([60_000]);
  });
});
