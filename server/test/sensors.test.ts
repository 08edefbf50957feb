// Sensors and events (03 §7): the sensor extension's API, for customers that have it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGE_KEYS as M, VALIDATION_MESSAGES, type MeasurementType, type Paged } from '@tagtrack/contract';
import { TenantScope } from '../src/db/tenant.js';
import { setCustomerExtensions } from '../src/modules/customers/customers.service.js';
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
    /** What the database said to a statement (its driver error's cause), or 'ran'. */
    const refusal = (statement: Promise<unknown>) =>
      statement.then(
        () => 'ran',
        (error: Error & { cause?: Error }) => error.cause?.message ?? error.message,
      );
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
