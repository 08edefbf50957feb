// Sensors and events (03 §7): the sensor extension's API, for customers that have it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  MESSAGE_KEYS as M,
  VALIDATION_MESSAGES,
  type Measurement,
  type MeasurementType,
  type Paged,
} from '@tagtrack/contract';
import { items, locations, measurements, products } from '../src/db/schema/index.js';
import { sqlRows } from '../src/db/sql-rows.js';
import { TenantScope } from '../src/db/tenant.js';
import { keepMeasurementPartitions } from '../src/system/housekeeping.repository.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
let without: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  await setCustomerExtensions(t.database.privileged, { name: admin.customerName, extensions: ['sensor'] });
  without = await signedIn(t, 'administrator');
});
afterAll(() => t.close());

const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
/** What the database said to a statement (its driver error's cause), or 'ran'. */
const refusal = (statement: Promise<unknown>) =>
  statement.then(
    () => 'ran',
    (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
  );
const rowsOf = <T extends object>(query: ReturnType<typeof sql>) => sqlRows<T>(t.database.privileged, query);

describe('the sensor extension', () => {
  it('answers the measurement types to every role of a customer with it, with or without the slash', async () => {
    for (const [url, token] of [
      ['/sensor-data/measurement/type/', admin.token],
      ['/sensor-data/measurement/type', viewer.token],
    ] as const) {
      const res = await t.call({ method: 'GET', url, token });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Paged<MeasurementType>>();
      expect(body.count).toBe(2);
      expect(body.results.map(({ name, unit, symbol }) => ({ name, unit, symbol }))).toEqual([
        { name: 'Temperature', unit: 'C', symbol: '°C' },
        { name: 'Humidity', unit: '%', symbol: '%' },
      ]);
    }
    const paged = await t.call({
      method: 'GET',
      url: '/sensor-data/measurement/type/?page=2&page_size=1',
      token: admin.token,
    });
    expect(paged.json<Paged<MeasurementType>>().results.map((r) => r.name)).toEqual(['Humidity']);
  });

  it('refuses a customer without it with 403 saying so, and anyone signed out with 401', async () => {
    const refused = await t.call({ method: 'GET', url: '/sensor-data/measurement/type/', token: without.token });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      type: 'PermissionDenied',
      detail: VALIDATION_MESSAGES[M.sensorExtensionMissing],
    });
    expect((await t.call({ method: 'GET', url: '/sensor-data/measurement/type/' })).statusCode).toBe(401);

    // Taken away, the customer that had it is refused at once.
    await setCustomerExtensions(t.database.privileged, { name: admin.customerName, extensions: [] });
    try {
      const now = await t.call({ method: 'GET', url: '/sensor-data/measurement/type/', token: admin.token });
      expect(now.statusCode).toBe(403);
    } finally {
      await setCustomerExtensions(t.database.privileged, { name: admin.customerName, extensions: ['sensor'] });
    }
  });

  it('lets customers read the measurement types but never change them', async () => {
    const tenant = new TenantScope(t.database, admin.user.customerId);
    const read = await tenant.db.execute(sql`select name from measurement_types`);
    expect(read).toBeTruthy();
    expect(await refusal(tenant.db.execute(sql`update measurement_types set name = 'Changed'`))).toMatch(
      /permission denied/,
    );
    expect(
      await refusal(
        tenant.db.execute(sql`insert into measurement_types values (gen_random_uuid(), 'Pressure', 'Pa', 'Pa', 3)`),
      ),
    ).toMatch(/permission denied/);
  });
});

describe('the measurement store (docs/sensors.md)', () => {
  const DAY = 86_400_000;
  const utcDay = (offset: number) => new Date(Math.floor(Date.now() / DAY) * DAY + offset * DAY);
  const suffix = (date: Date) => date.toISOString().slice(0, 10).replaceAll('-', '');

  async function sensor(customerId: number) {
    const tenant = new TenantScope(t.database, customerId);
    const [product] = await tenant.insert(products, { sku: `T-${Math.random()}`, name: 'Cold tag' }).returning();
    const [root] = await tenant.db.select({ uuid: locations.uuid }).from(locations).limit(1);
    const [item] = await tenant
      .insert(items, {
        code: `E${Date.now()}${Math.floor(Math.random() * 1e6)}`,
        productId: product!.id,
        locationUuid: root!.uuid,
      })
      .returning();
    return { tenant, product: product!, item: item! };
  }
  const measure = (s: Awaited<ReturnType<typeof sensor>>, time: Date, value = 4.25) =>
    s.tenant.insert(measurements, {
      time,
      itemId: s.item.id,
      productId: s.product.id,
      typeUuid: TEMPERATURE,
      value,
    });

  it('makes a table per UTC day ahead of time, once, and drops the days past the retention whole', async () => {
    expect(await keepMeasurementPartitions(t.database.privileged, 10)).toEqual({ made: 13, dropped: 0 });
    expect(await keepMeasurementPartitions(t.database.privileged, 10)).toEqual({ made: 0, dropped: 0 });

    const mine = await sensor(admin.user.customerId);
    await measure(mine, new Date(utcDay(-5).getTime() + 3_600_000), 3.5);
    await measure(mine, new Date(), 4.25);
    const [placed] = await rowsOf<{ table: string }>(
      sql`select tableoid::regclass::text as "table" from measurements where value = 4.25`,
    );
    expect(placed?.table).toBe(`measurements_${suffix(new Date())}`);

    // Three days kept: the day tables before them go, with their rows; none is made twice.
    expect(await keepMeasurementPartitions(t.database.privileged, 3)).toEqual({ made: 0, dropped: 7 });
    expect(
      (await rowsOf<{ value: number }>(sql`select value from measurements order by value`)).map((r) => r.value),
    ).toEqual([4.25]);
    // A time with no day table (too old, or too far ahead) is refused by the database.
    await expect(measure(mine, utcDay(-20))).rejects.toThrow();
    await expect(measure(mine, utcDay(5))).rejects.toThrow();
  });

  it('keeps each day table to its customer, and only the owner keeps the day tables', async () => {
    await keepMeasurementPartitions(t.database.privileged, 3);
    const mine = await sensor(admin.user.customerId);
    const theirs = await sensor(without.user.customerId);
    await measure(mine, new Date(), 1);
    await measure(theirs, new Date(), 2);
    const seen = await theirs.tenant.db.select({ customerId: measurements.customerId }).from(measurements);
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((m) => m.customerId === without.user.customerId)).toBe(true);

    expect(await refusal(mine.tenant.db.execute(sql`select * from tagtrack_measurement_partitions(0)`))).toMatch(
      /permission denied/,
    );
  });
});

describe('the measurement list (GET /sensor-data/measurement/)', () => {
  it('answers the customer’s measurements newest first, filtered by product, location below, and sensor', async () => {
    await keepMeasurementPartitions(t.database.privileged, 3);
    const tenant = new TenantScope(t.database, admin.user.customerId);
    const [site] = await tenant.insert(locations, { name: 'Cold store', metadata: {} }).returning();
    const [zone] = await tenant
      .insert(locations, { name: 'Freezer 1', parentUuid: site!.uuid, metadata: {} })
      .returning();
    const [dock] = await tenant.insert(locations, { name: 'Dock', metadata: {} }).returning();
    const [fish, milk] = await tenant
      .insertMany(products, [
        { sku: 'FISH', name: 'Fish' },
        { sku: 'MILK', name: 'Milk' },
      ])
      .returning();
    const [tagA, tagB] = await tenant
      .insertMany(items, [
        { code: 'A1B2C3D4E5F60001', productId: fish!.id, locationUuid: zone!.uuid },
        { code: 'A1B2C3D4E5F60002', productId: milk!.id, locationUuid: dock!.uuid },
      ])
      .returning();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await tenant.insertMany(measurements, [
      {
        time: at(3),
        itemId: tagA!.id,
        productId: fish!.id,
        locationUuid: zone!.uuid,
        typeUuid: TEMPERATURE,
        value: -18.5,
      },
      {
        time: at(2),
        itemId: tagB!.id,
        productId: milk!.id,
        locationUuid: dock!.uuid,
        typeUuid: TEMPERATURE,
        value: 6.25,
      },
      {
        time: at(1),
        itemId: tagA!.id,
        productId: fish!.id,
        locationUuid: zone!.uuid,
        typeUuid: TEMPERATURE,
        value: -17,
      },
    ]);
    const list = async (query = '', token = admin.token) => {
      const res = await t.call({ method: 'GET', url: `/sensor-data/measurement/${query}`, token });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Paged<Measurement>>();
    };
    const mine = (page: Paged<Measurement>) => page.results.filter((m) => m.sensor.startsWith('A1B2C3D4E5F6'));

    const all = await list('?page_size=100');
    expect(mine(all).map((m) => m.value)).toEqual([-17, 6.25, -18.5]);
    expect(mine(all)[0]).toMatchObject({
      sensor: 'A1B2C3D4E5F60001',
      item: tagA!.id,
      product: fish!.id,
      product_name: 'Fish',
      location: zone!.uuid,
      location_name: 'Freezer 1',
      measurement_type: TEMPERATURE,
      unit: 'C',
      symbol: '°C',
    });
    expect(mine(all)[0]!.time).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(mine(await list('?ordering=value&page_size=100')).map((m) => m.value)).toEqual([-18.5, -17, 6.25]);
    expect((await list(`?product=${milk!.id}`)).results.map((m) => m.value)).toEqual([6.25]);
    // A location takes in the locations below it.
    expect((await list(`?location=${site!.uuid}`)).results.map((m) => m.value)).toEqual([-17, -18.5]);
    // The sensor is an EPC, in either case.
    expect((await list('?sensor=a1b2c3d4e5f60002')).results.map((m) => m.value)).toEqual([6.25]);
    const paged = await list(`?product=${fish!.id}&page=2&page_size=1`);
    expect({ count: paged.count, values: paged.results.map((m) => m.value) }).toEqual({ count: 2, values: [-18.5] });
    // Another customer with the extension sees none of them.
    await setCustomerExtensions(t.database.privileged, { name: without.customerName, extensions: ['sensor'] });
    try {
      expect(mine(await list('?page_size=100', without.token))).toEqual([]);
    } finally {
      await setCustomerExtensions(t.database.privileged, { name: without.customerName, extensions: [] });
    }
  });

  it('refuses an ordering, a location or a sensor it cannot read with 400', async () => {
    for (const query of ['?ordering=sensor', '?location=nowhere', '?sensor=XYZ', '?product=-1']) {
      const res = await t.call({ method: 'GET', url: `/sensor-data/measurement/${query}`, token: admin.token });
      expect(res.statusCode, query).toBe(400);
      expect(res.json<{ type: string }>().type).toBe('ValidationError');
    }
  });
});
