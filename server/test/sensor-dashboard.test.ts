// The sensor dashboard (docs/sensors.md, Dashboard): each sensor's latest value with the rules'
// view of it, and one sensor's series over the last hour, day or week.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_KEYS as M, type MeasurementSeries, type Paged, type SensorLatest } from '@tagtrack/contract';
import { locations } from '../src/db/schema/index.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { keepMeasurementPartitions } from '../src/system/housekeeping.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { nid32, readerCustomer, readerToken } from './reader-fixtures.js';

const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
const HUMIDITY = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02';
const SENSORS = '/sensor-data/sensor/';
const SERIES = '/sensor-data/measurement/series/';
const MINUTE = 60_000;

let t: TestApp;
let own: Awaited<ReturnType<typeof readerCustomer>>;
let viewer: string;
let product: Record<'vaccine' | 'insulin' | 'plasma', number>;
let site: string;
let freezer: string;
let fridge: string;
let freezerReader: string;
let fridgeReader: string;
/** The sensors' EPCs: a and b vaccine, c insulin, d plasma (no rule watches it). */
const epc = { a: nid32(200, 1), b: nid32(200, 2), c: nid32(201, 1), d: nid32(202, 1) };
/** Now, to the minute: the sensors' values are measured before it. */
const now = Math.floor(Date.now() / MINUTE) * MINUTE;
const ago = (ms: number) => new Date(now - ms).toISOString();

const measure = (token: string, values: { epc: string; ms: number; value: number; type?: string }[]) =>
  t.call({
    method: 'POST',
    url: '/reader-api/measurements/',
    token,
    payload: {
      batch_id: randomUUID(),
      measurements: values.map((v) => ({
        epc: v.epc,
        measurement_type: v.type ?? TEMPERATURE,
        value: v.value,
        time: ago(v.ms),
      })),
    },
  });
const call = (url: string, token = own.token) => t.call({ method: 'GET', url, token });
const list = async (query = '', token = own.token) => {
  const res = await call(`${SENSORS}${query}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<SensorLatest>>();
};
const rule = (products: number[], low: number | null, high: number | null, type = TEMPERATURE) => ({
  name: `Watch ${randomUUID().slice(0, 8)}`,
  measurement_type: type,
  conditions: [
    ...(low === null ? [] : [{ name: 'low_limit', function_name: 'less_than', function_parameters: { limit: low } }]),
    ...(high === null
      ? []
      : [{ name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: high } }]),
  ],
  actions: [{ name: 'Mail', action_type: 'email', payload: { recipients: ['cold@example.com'] } }],
  products,
});

beforeAll(async () => {
  t = await buildTestApp();
  await keepMeasurementPartitions(t.database.privileged, 30);
  own = await readerCustomer(t);
  await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
  viewer = (await signedIn(t, 'viewer', own.customer.name)).token;
  const make = async (sku: string, name: string) => {
    const res = await own.call('POST', '/master-data/product/', { sku, name, metadata: { sensor_product: 'true' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  product = {
    vaccine: await make('200', 'Vaccine'),
    insulin: await make('201', 'Insulin'),
    plasma: await make('202', 'Plasma'),
  };
  site = await own.location('Site');
  const child = async (name: string) => {
    const [row] = await own.tenant.insert(locations, { name, parentUuid: site }).returning();
    return row!.uuid;
  };
  freezer = await child('Freezer');
  fridge = await own.location('Fridge');
  const readerAt = async (location: string) => {
    const configuration = await own.configuration({ location, sensor: true });
    const reader = await own.reader();
    expect((await own.assign(reader.uuid, [configuration.id])).statusCode).toBeLessThan(300);
    return readerToken(t, reader.serial, reader.secret);
  };
  freezerReader = await readerAt(freezer);
  fridgeReader = await readerAt(fridge);

  // Vaccine: 2–8 °C and at least 3 °C; insulin: at least 3 °C; plasma: unwatched; humidity: at most 60 %.
  for (const body of [
    rule([product.vaccine], 2, 8),
    rule([product.vaccine, product.insulin], 3, null),
    rule([product.vaccine], null, 60, HUMIDITY),
  ]) {
    const res = await own.call('POST', '/sensor-data/observation/rule/', body);
    expect(res.statusCode, res.body).toBe(201);
  }
  // a: 1 then 5 (latest, ok); b: 9.5 (alert); c: 2.5 (alert against 3); d: 40 (unwatched).
  for (const [token, values] of [
    [
      freezerReader,
      [
        { epc: epc.a, ms: 5 * MINUTE, value: 1 },
        { epc: epc.a, ms: 4 * MINUTE, value: 5 },
        { epc: epc.a, ms: 4 * MINUTE, value: 55, type: HUMIDITY },
        { epc: epc.b, ms: 3 * MINUTE, value: 9.5 },
      ],
    ],
    [
      fridgeReader,
      [
        { epc: epc.c, ms: 2 * MINUTE, value: 2.5 },
        { epc: epc.d, ms: 1 * MINUTE, value: 40 },
      ],
    ],
  ] as const) {
    const res = await measure(token, [...values]);
    expect(res.statusCode, res.body).toBe(200);
  }
  // A late batch joins the history but never replaces a newer latest value.
  expect((await measure(freezerReader, [{ epc: epc.a, ms: 10 * MINUTE, value: 30 }])).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /sensor-data/sensor/', () => {
  it('answers each sensor’s latest value of each type with its limits and status, by product name', async () => {
    const body = await list('', viewer);
    expect(body.count).toBe(5);
    const rows = body.results.map((r) => [r.product_name, r.sensor, r.symbol, r.value, r.status, r.limits]);
    expect(rows).toEqual([
      ['Insulin', epc.c, '°C', 2.5, 'alert', { low: 3, high: null }],
      ['Plasma', epc.d, '°C', 40, 'unwatched', { low: null, high: null }],
      // Ties by sensor, then type (Temperature before Humidity).
      ['Vaccine', epc.a, '°C', 5, 'ok', { low: 3, high: 8 }],
      ['Vaccine', epc.a, '%', 55, 'ok', { low: null, high: 60 }],
      ['Vaccine', epc.b, '°C', 9.5, 'alert', { low: 3, high: 8 }],
    ]);
    const a = body.results[2]!;
    expect(a).toMatchObject({
      product: product.vaccine,
      location: freezer,
      location_name: 'Freezer',
      measurement_type: TEMPERATURE,
      unit: 'C',
      time: ago(4 * MINUTE),
    });
    expect(a.item).toEqual((await own.item(epc.a))!.id);
  });

  it('filters by product, location (with the locations below it), type and search', async () => {
    const sensors = async (query: string) => (await list(query)).results.map((r) => `${r.sensor} ${r.unit}`);
    expect(await sensors(`?product=${product.vaccine}`)).toEqual([`${epc.a} C`, `${epc.a} %`, `${epc.b} C`]);
    expect(await sensors(`?location=${site}`)).toEqual([`${epc.a} C`, `${epc.a} %`, `${epc.b} C`]);
    expect(await sensors(`?location=${fridge}`)).toEqual([`${epc.c} C`, `${epc.d} C`]);
    expect(await sensors(`?measurement_type=${HUMIDITY}`)).toEqual([`${epc.a} %`]);
    expect(await sensors(`?search=plas`)).toEqual([`${epc.d} C`]);
    expect(await sensors(`?search=${epc.c.toLowerCase()}`)).toEqual([`${epc.c} C`]);
    expect(await sensors(`?search=%25`)).toEqual([]);
    expect((await list(`?product=${product.vaccine}&measurement_type=${TEMPERATURE}`)).count).toBe(2);
  });

  it('orders by product name, location name, time or value either way, and pages in the database', async () => {
    const values = async (query: string) => (await list(query)).results.map((r) => r.value);
    expect(await values('?ordering=value')).toEqual([2.5, 5, 9.5, 40, 55]);
    expect(await values('?ordering=-value')).toEqual([55, 40, 9.5, 5, 2.5]);
    expect(await values('?ordering=-time')).toEqual([40, 2.5, 9.5, 5, 55]);
    expect(await values('?ordering=time')).toEqual([5, 55, 9.5, 2.5, 40]);
    expect((await list('?ordering=location_name')).results.map((r) => r.location_name)).toEqual([
      'Freezer',
      'Freezer',
      'Freezer',
      'Fridge',
      'Fridge',
    ]);
    expect((await list('?ordering=-product_name')).results[0]!.product_name).toBe('Vaccine');
    const page = await list('?ordering=value&page=2&page_size=2');
    expect(page).toMatchObject({ count: 5 });
    expect(page.results.map((r) => r.value)).toEqual([9.5, 40]);
    expect((await list('?page=9')).results).toEqual([]);

    const refused = await call(`${SENSORS}?ordering=sensor`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().type).toBe('ValidationError');
    for (const query of ['?product=abc', '?location=nowhere', '?measurement_type=1', '?page=0']) {
      expect((await call(`${SENSORS}${query}`)).statusCode, query).toBe(400);
    }
  });

  it('is the customer’s own, and refused without the sensor extension', async () => {
    const other = await signedIn(t, 'administrator');
    await setCustomerExtensions(t.database.privileged, { name: other.customerName, extensions: ['sensor'] });
    expect(await list('', other.token)).toEqual({ count: 0, results: [] });
    expect((await call(`${SERIES}?sensor=${epc.a}`, other.token)).statusCode).toBe(404);

    const without = await signedIn(t, 'administrator');
    for (const url of [SENSORS, `${SERIES}?sensor=${epc.a}`]) {
      const res = await call(url, without.token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject({ type: 'PermissionDenied', codes: { code: M.sensorExtensionMissing } });
      expect((await t.call({ method: 'GET', url })).statusCode).toBe(401);
    }
  });
});

describe('GET /sensor-data/measurement/series/', () => {
  /** A 10-minute bucket that started about three hours ago; its sensor reports in its first two minutes. */
  const bucket = Math.floor((now - 3 * 3_600_000) / 600_000) * 600_000;
  const sensor = nid32(200, 50);
  const since = (ms: number) => now - ms;

  beforeAll(async () => {
    const values = [
      // The last hour: every value.
      { epc: sensor, ms: 30 * MINUTE, value: 4 },
      { epc: sensor, ms: 20 * MINUTE, value: 6.5 },
      { epc: sensor, ms: 10 * MINUTE, value: 5 },
      // Three hours ago: two values in one minute, one in the next, of one 10-minute bucket.
      { epc: sensor, ms: now - (bucket + 10_000), value: 4 },
      { epc: sensor, ms: now - (bucket + 40_000), value: 6 },
      { epc: sensor, ms: now - (bucket + 70_000), value: 8 },
      // Two days ago: only in the week.
      { epc: sensor, ms: 48 * 3_600_000, value: 12 },
      // Humidity is another series.
      { epc: sensor, ms: 5 * MINUTE, value: 70, type: HUMIDITY },
    ];
    const res = await measure(freezerReader, values);
    expect(res.statusCode, res.body).toBe(200);
  });

  const series = async (query: string, token = own.token) => {
    const res = await call(`${SERIES}?sensor=${sensor}${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<MeasurementSeries>();
  };

  it('answers the last hour’s raw values, oldest first, with the rules’ limits', async () => {
    const body = await series('&range=1h', viewer);
    expect(body).toMatchObject({
      sensor,
      measurement_type: TEMPERATURE,
      unit: 'C',
      symbol: '°C',
      range: '1h',
      limits: { low: 3, high: 8 },
    });
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(3_600_000);
    expect(body.points).toEqual([
      { time: ago(30 * MINUTE), value: 4, low: 4, high: 4 },
      { time: ago(20 * MINUTE), value: 6.5, low: 6.5, high: 6.5 },
      { time: ago(10 * MINUTE), value: 5, low: 5, high: 5 },
    ]);
  });

  it('answers the last day per minute by default: the mean, lowest and highest of each minute', async () => {
    const body = await series('');
    expect(body.range).toBe('24h');
    expect(Date.parse(body.to) - Date.parse(body.from)).toBe(86_400_000);
    const minute = (ms: number) => new Date(Math.floor(ms / MINUTE) * MINUTE).toISOString();
    expect(body.points).toEqual([
      { time: new Date(bucket).toISOString(), value: 5, low: 4, high: 6 },
      { time: new Date(bucket + MINUTE).toISOString(), value: 8, low: 8, high: 8 },
      { time: minute(since(30 * MINUTE)), value: 4, low: 4, high: 4 },
      { time: minute(since(20 * MINUTE)), value: 6.5, low: 6.5, high: 6.5 },
      { time: minute(since(10 * MINUTE)), value: 5, low: 5, high: 5 },
    ]);
  });

  it('answers the last week in 10-minute buckets, each the mean of its values with their extremes', async () => {
    const body = await series('&range=7d');
    const bucketOf = (ms: number) => new Date(Math.floor(ms / 600_000) * 600_000).toISOString();
    expect(body.points).toEqual([
      { time: bucketOf(since(48 * 3_600_000)), value: 12, low: 12, high: 12 },
      { time: new Date(bucket).toISOString(), value: 6, low: 4, high: 8 },
      ...[
        { time: bucketOf(since(30 * MINUTE)), value: 4, low: 4, high: 4 },
        { time: bucketOf(since(20 * MINUTE)), value: 6.5, low: 6.5, high: 6.5 },
        { time: bucketOf(since(10 * MINUTE)), value: 5, low: 5, high: 5 },
      ],
    ]);
  });

  it('answers another type’s series with its unit, and nothing for a sensor without values', async () => {
    const humidity = await series(`&measurement_type=${HUMIDITY}&range=1h`);
    expect(humidity).toMatchObject({ unit: '%', symbol: '%', limits: { low: null, high: 60 } });
    expect(humidity.points.map((p) => p.value)).toEqual([70]);
    const quiet = await call(`${SERIES}?sensor=${epc.d}&measurement_type=${HUMIDITY}`);
    expect(quiet.json()).toMatchObject({ points: [], limits: { low: null, high: null } });
  });

  it('refuses what it cannot answer: an unknown sensor is NotFound, a bad query a ValidationError', async () => {
    const unknown = await call(`${SERIES}?sensor=${nid32(200, 99_999)}`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().type).toBe('NotFound');
    const type = await call(`${SERIES}?sensor=${sensor}&measurement_type=${randomUUID()}`);
    expect(type.statusCode).toBe(400);
    expect(type.json().codes).toEqual({ measurement_type: [{ code: M.invalidValue }] });
    for (const query of ['', '?sensor=xyz', `?sensor=${sensor}&range=1y`, `?sensor=${sensor}&measurement_type=1`]) {
      const res = await call(`${SERIES}${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().type).toBe('ValidationError');
    }
  });
});
