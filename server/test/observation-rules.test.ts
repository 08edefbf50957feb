// Sensor monitoring events (03 §3, §5, §7, §8): observation rules, their roles and errors, and the
// alerts they raise from readers' measurements (docs/sensors.md, Rules).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_KEYS as M,
  VALIDATION_MESSAGES,
  type Observation,
  type ObservationRule,
  type Paged,
  type RuleRecipient,
} from '@tagtrack/contract';
import { openDatabase, type Database } from '../src/db/client.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { keepMeasurementPartitions } from '../src/system/housekeeping.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser, login, signedIn } from './factories.js';
import { nid32, readerCustomer, readerToken } from './reader-fixtures.js';
import { TEST_DB_KIND } from './test-database.js';

const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
const HUMIDITY = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02';
const RULES = '/sensor-data/observation/rule/';
const OBSERVATIONS = '/sensor-data/observation/observation/';

let t: TestApp;
let own: Awaited<ReturnType<typeof readerCustomer>>;
let tokens: Record<'operator' | 'viewer' | 'application', string>;
let vaccine: number;
let insulin: number;
let readerTokenA: string;
let readerTokenB: string;

async function userToken(role: 'operator' | 'viewer' | 'application', customerName: string) {
  const { user } = await buildUser(t.database.privileged, { role, customerName });
  return (await login(t, user.username)).access;
}

beforeAll(async () => {
  t = await buildTestApp();
  await keepMeasurementPartitions(t.database.privileged, 30);
  own = await readerCustomer(t);
  await setCustomerExtensions(t.database.privileged, { name: own.customer.name, extensions: ['sensor'] });
  tokens = {
    operator: await userToken('operator', own.customer.name),
    viewer: await userToken('viewer', own.customer.name),
    application: await userToken('application', own.customer.name),
  };
  const product = async (sku: string, name: string) => {
    const res = await own.call('POST', '/master-data/product/', { sku, name, metadata: { sensor_product: 'true' } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  };
  vaccine = await product('100', 'Vaccine');
  insulin = await product('101', 'Insulin');
  const freezer = await own.location('Freezer');
  const configuration = await own.configuration({ location: freezer, sensor: true });
  const readerA = await own.reader();
  const readerB = await own.reader();
  expect((await own.assign(readerA.uuid, [configuration.id])).statusCode).toBeLessThan(300);
  expect((await own.assign(readerB.uuid, [configuration.id])).statusCode).toBeLessThan(300);
  readerTokenA = await readerToken(t, readerA.serial, readerA.secret);
  readerTokenB = await readerToken(t, readerB.serial, readerB.secret);
});
afterAll(() => t.close());

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: `Cold chain ${randomUUID().slice(0, 8)}`,
  measurement_type: TEMPERATURE,
  conditions: [
    { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 2 } },
    { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
  ],
  actions: [{ name: 'Mail', action_type: 'email', payload: { recipients: ['cold@example.com'] } }],
  products: [vaccine],
  ...overrides,
});
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token = own.token, payload?: object) =>
  t.call({ method, url, token, ...(payload ? { payload } : {}) });

describe('observation rules', () => {
  it('are created with the spec’s defaults, read, listed by last edit, replaced and deleted', async () => {
    const created = await call('POST', RULES, own.token, rule({ name: 'Freezer watch' }));
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json<ObservationRule>();
    expect(body).toMatchObject({
      name: 'Freezer watch',
      measurement_type: TEMPERATURE,
      cooldown: 5,
      active_time_threshold: 0,
      products: [vaccine],
      conditions: [
        { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 2 } },
        { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
      ],
      actions: [{ name: 'Mail', action_type: 'email', payload: { recipients: ['cold@example.com'] } }],
    });
    // Both spellings of the path, as the spec writes them.
    expect((await call('GET', `${RULES}${body.id}`)).json()).toEqual(body);
    expect((await call('GET', `${RULES}${body.id}/`, tokens.viewer)).json()).toEqual(body);

    const second = (await call('POST', RULES, tokens.application, rule({ name: 'Second' }))).json<ObservationRule>();
    const listed = (await call('GET', RULES, tokens.viewer)).json<Paged<ObservationRule>>();
    expect(listed.results.map((r) => r.name).slice(0, 2)).toEqual(['Second', 'Freezer watch']);

    const replaced = await call(
      'PUT',
      `${RULES}${body.id}`,
      tokens.operator,
      rule({
        name: 'Freezer watch',
        cooldown: 60,
        active_time_threshold: 30,
        conditions: [{ name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: -15.5 } }],
        actions: [{ name: 'Text', action_type: 'sms', payload: { recipients: ['+4712345678'] } }],
        products: [insulin, vaccine],
      }),
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      id: body.id,
      cooldown: 60,
      active_time_threshold: 30,
      conditions: [{ name: 'hight_limit', function_parameters: { limit: -15.5 } }],
      products: [vaccine, insulin].sort((a, b) => a - b),
      created: body.created,
    });
    const relisted = (await call('GET', `${RULES}?page_size=2`)).json<Paged<ObservationRule>>();
    expect(relisted.results.map((r) => r.name)).toEqual(['Freezer watch', 'Second']);

    expect((await call('DELETE', `${RULES}${second.id}/`, tokens.operator)).statusCode).toBe(204);
    expect((await call('GET', `${RULES}${second.id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `${RULES}${second.id}/`)).statusCode).toBe(404);
  });

  it('follow the roles: all read, administrators and applications create, operators edit, viewers never write', async () => {
    const id = (await call('POST', RULES, own.token, rule())).json<ObservationRule>().id;
    expect((await call('POST', RULES, tokens.operator, rule())).statusCode).toBe(403);
    expect((await call('POST', RULES, tokens.viewer, rule())).statusCode).toBe(403);
    expect((await call('PUT', `${RULES}${id}`, tokens.viewer, rule())).statusCode).toBe(403);
    expect((await call('DELETE', `${RULES}${id}/`, tokens.viewer)).statusCode).toBe(403);
    expect((await call('PUT', `${RULES}${id}`, tokens.application, rule())).statusCode).toBe(200);
    expect((await call('GET', OBSERVATIONS, tokens.viewer)).statusCode).toBe(200);
  });

  it('are the customer’s own: another customer gets NotFound, one without the extension PermissionDenied', async () => {
    const id = (await call('POST', RULES, own.token, rule())).json<ObservationRule>().id;
    const other = await signedIn(t, 'administrator');
    await setCustomerExtensions(t.database.privileged, { name: other.customerName, extensions: ['sensor'] });
    expect((await call('GET', `${RULES}${id}`, other.token)).statusCode).toBe(404);
    expect((await call('PUT', `${RULES}${id}`, other.token, rule({ products: [] }))).statusCode).toBe(400);
    expect((await call('DELETE', `${RULES}${id}/`, other.token)).statusCode).toBe(404);
    expect((await call('GET', RULES, other.token)).json<Paged<ObservationRule>>().count).toBe(0);
    // Its own products only: this customer's product ids name nothing there.
    const foreign = await call('POST', RULES, other.token, rule());
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().codes).toEqual({ 'products.0': [{ code: 'invalidValue' }] });
    expect((await call('GET', `${RULES}not-a-uuid`)).statusCode).toBe(404);

    const without = await signedIn(t, 'administrator');
    for (const [method, url] of [
      ['GET', RULES],
      ['POST', RULES],
      ['GET', OBSERVATIONS],
      ['GET', '/sensor-data/observation/recipient/'],
    ] as const) {
      const res = await call(method, url, without.token, method === 'POST' ? rule() : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().codes).toEqual({ code: M.sensorExtensionMissing });
    }
  });

  it('answer the form’s rules as one detail split by semicolons, with the codes by field', async () => {
    const res = await call(
      'POST',
      RULES,
      own.token,
      rule({
        name: ' ',
        conditions: [
          { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 9.123 } },
          { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
        ],
        actions: [
          { action_type: 'email', payload: { recipients: [] } },
          { action_type: 'email', payload: { recipients: ['nobody'] } },
        ],
        products: [],
      }),
    );
    expect(res.statusCode).toBe(400);
    const payload = res.json<{ type: string; detail: string; codes: Record<string, { code: string }[]> }>();
    expect(payload.type).toBe('ValidationError');
    expect(typeof payload.detail).toBe('string');
    const parts = payload.detail.split(';');
    expect(parts).toEqual(
      expect.arrayContaining([
        `name: ${VALIDATION_MESSAGES.requiredName}`,
        `conditions.0.function_parameters.limit: ${VALIDATION_MESSAGES.limitDecimals}`,
        `actions.0.payload.recipients: ${VALIDATION_MESSAGES.recipientRequired}`,
        `actions.1.payload.recipients.0: ${VALIDATION_MESSAGES.invalidEmailAddress}`,
        `products: ${VALIDATION_MESSAGES.productRequired}`,
      ]),
    );
    expect(payload.codes.products).toEqual([{ code: M.productRequired }]);

    const crossed = await call(
      'POST',
      RULES,
      own.token,
      rule({
        name: 'Crossed',
        conditions: [
          { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 9 } },
          { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
        ],
      }),
    );
    expect(crossed.json()).toMatchObject({ detail: `conditions: ${VALIDATION_MESSAGES.limitError}` });
    const seconds = await call('POST', RULES, own.token, rule({ cooldown: -5, active_time_threshold: 1.5 }));
    expect(seconds.statusCode).toBe(400);
    expect(seconds.json().detail.split(';').sort()).toEqual([
      `active_time_threshold: ${VALIDATION_MESSAGES.wholeSecondsRequired}`,
      `cooldown: ${VALIDATION_MESSAGES.wholeSecondsRequired}`,
    ]);
    expect(seconds.json().codes).toEqual({
      cooldown: [{ code: M.wholeSecondsRequired }],
      active_time_threshold: [{ code: M.wholeSecondsRequired }],
    });
    const none = await call('POST', RULES, own.token, rule({ conditions: [], measurement_type: randomUUID() }));
    expect(none.json().codes).toEqual({ conditions: [{ code: M.requiredLimit }] });
    const unknownType = await call('POST', RULES, own.token, rule({ measurement_type: randomUUID() }));
    expect(unknownType.json().codes).toEqual({ measurement_type: [{ code: M.invalidValue }] });
    const three = await call(
      'POST',
      RULES,
      own.token,
      rule({
        actions: [
          { action_type: 'email', payload: { recipients: ['a@example.com'] } },
          { action_type: 'sms', payload: { recipients: ['+4711111111'] } },
          { action_type: 'sms', payload: { recipients: ['+4722222222'] } },
        ],
      }),
    );
    expect(three.json().codes).toEqual({ actions: [{ code: M.actionsMax }] });
    // A field the other routes answer as an object stays so there.
    const other = await call('POST', '/master-data/product/', own.token, { sku: '' });
    expect(typeof other.json().detail).toBe('object');
  });

  it('offer the event form the customer’s users to notify, for every role that may open it', async () => {
    const res = await call('GET', '/sensor-data/observation/recipient/?page_size=100', tokens.operator);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Paged<RuleRecipient>>();
    expect(body.results.map((u) => u.username)).toContain(own.admin.username);
    expect(Object.keys(body.results[0]!).sort()).toEqual(['email', 'id', 'phone_number', 'username']);
    expect((await call('GET', '/sensor-data/observation/recipient/', tokens.viewer)).statusCode).toBe(403);
  });
});

/** The rule engine through the readers' API: each test has a sensor of its own. */
describe('alerts', () => {
  const base = Date.now() - 3_600_000;
  let sensors = 0;
  const nextSensor = () => nid32(100, 900 + ++sensors);
  const measure = (token: string, epc: string, values: [seconds: number, value: number][], type = TEMPERATURE) =>
    t.call({
      method: 'POST',
      url: '/reader-api/measurements/',
      token,
      payload: {
        batch_id: randomUUID(),
        measurements: values.map(([s, value]) => ({
          epc,
          measurement_type: type,
          value,
          time: new Date(base + s * 1000).toISOString(),
        })),
      },
    });
  const alertsOf = async (app: TestApp, ruleId: string) => {
    const res = await app.call({ method: 'GET', url: `${OBSERVATIONS}?page_size=1000`, token: own.token });
    expect(res.statusCode, res.body).toBe(200);
    return res
      .json<Paged<Observation>>()
      .results.filter((o) => o.rule.id === ruleId)
      .map((o) => [(Date.parse(o.measurements.time) - base) / 1000, o.measurements.value]);
  };
  const makeRule = async (overrides: Record<string, unknown>) => {
    const res = await call('POST', RULES, own.token, rule(overrides));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<ObservationRule>();
  };

  it('are recorded when a limit is crossed, with the rule, product, value and unit, and not again within the cooldown', async () => {
    const watch = await makeRule({ name: 'Vaccine too warm', cooldown: 60, products: [vaccine] });
    const epc = nextSensor();
    expect(
      (
        await measure(readerTokenA, epc, [
          [0, 5],
          [10, 9.5],
          [20, 12],
          [30, 1],
        ])
      ).statusCode,
    ).toBe(200);
    expect(await alertsOf(t, watch.id)).toEqual([[10, 9.5]]);
    expect(
      (
        await measure(readerTokenA, epc, [
          [69, 9],
          [70, 9.25],
        ])
      ).statusCode,
    ).toBe(200);
    expect(await alertsOf(t, watch.id)).toEqual([
      [70, 9.25],
      [10, 9.5],
    ]);
    // Humidity is not the rule's type; another product's sensor is not watched.
    await measure(readerTokenA, epc, [[200, 99]], HUMIDITY);
    await measure(readerTokenA, nid32(101, 5000), [[200, 99]]);
    expect(await alertsOf(t, watch.id)).toHaveLength(2);

    const res = await call('GET', `${OBSERVATIONS}?page_size=10`, tokens.viewer);
    const [latest] = res.json<Paged<Observation>>().results.filter((o) => o.rule.id === watch.id);
    expect(latest).toMatchObject({
      kind: 'rule',
      rule: { id: watch.id, name: 'Vaccine too warm' },
      products: [vaccine],
      product_names: ['Vaccine'],
      measurements: { value: 9.25, measurement_type: TEMPERATURE, unit: 'C', symbol: '°C', sensor: epc },
      reader: null,
    });
    // A deleted rule's alerts stay, with its name.
    expect((await call('DELETE', `${RULES}${watch.id}/`)).statusCode).toBe(204);
    const after = (await call('GET', `${OBSERVATIONS}?page_size=1000`)).json<Paged<Observation>>();
    expect(after.results.filter((o) => o.rule.name === 'Vaccine too warm')).toHaveLength(2);
    expect(after.results.find((o) => o.rule.name === 'Vaccine too warm')!.rule.id).toBeNull();
  });

  it('wait for the time to alert, counted across batches, and start over when a value is back within', async () => {
    const watch = await makeRule({ active_time_threshold: 30, cooldown: 300, products: [insulin] });
    const epc = nid32(101, 901);
    await measure(readerTokenA, epc, [
      [0, 9],
      [20, 9],
    ]);
    await measure(readerTokenA, epc, [
      [25, 5],
      [26, 1],
    ]);
    await measure(readerTokenA, epc, [[50, 1]]);
    expect(await alertsOf(t, watch.id)).toEqual([]);
    await measure(readerTokenA, epc, [[56, 0.5]]);
    expect(await alertsOf(t, watch.id)).toEqual([[56, 0.5]]);
  });

  it('keep their evaluation across a restart: a new server process carries on where the last left off', async () => {
    const watch = await makeRule({ active_time_threshold: 30, cooldown: 300 });
    const epc = nextSensor();
    await measure(readerTokenA, epc, [[0, 9]]);
    const restarted = await buildTestApp({ database: t.database, keepDatabase: true });
    try {
      const send = (s: number) =>
        restarted.call({
          method: 'POST',
          url: '/reader-api/measurements/',
          token: readerTokenA,
          payload: {
            batch_id: randomUUID(),
            measurements: [
              { epc, measurement_type: TEMPERATURE, value: 9, time: new Date(base + s * 1000).toISOString() },
            ],
          },
        });
      expect((await send(30)).statusCode).toBe(200);
      expect(await alertsOf(restarted, watch.id)).toEqual([[30, 9]]);
    } finally {
      await restarted.close();
    }
  });

  it('are recorded once when two server processes judge the same sensor’s values at once', async () => {
    const watch = await makeRule({ cooldown: 600 });
    // On PostgreSQL the second process has a pool of its own; PGlite has one connection to share.
    let second: Database | undefined;
    if (TEST_DB_KIND === 'postgres') {
      second = await openDatabase({ kind: 'postgres', url: (t.database as Database & { url?: string }).url!, max: 4 });
    }
    const other = await buildTestApp({ database: second ?? t.database, keepDatabase: !second });
    try {
      const epcs = [nextSensor(), nextSensor(), nextSensor()];
      const sends = [];
      for (let round = 0; round < 4; round++) {
        for (const epc of epcs) {
          // Both readers hear each sensor's same values; each process takes one reader's batch.
          const values: [number, number][] = [[round, 20 + round]];
          sends.push(
            measure(readerTokenA, epc, values),
            (async () => {
              const res = await other.call({
                method: 'POST',
                url: '/reader-api/measurements/',
                token: readerTokenB,
                payload: {
                  batch_id: randomUUID(),
                  measurements: values.map(([s, value]) => ({
                    epc,
                    measurement_type: TEMPERATURE,
                    value,
                    time: new Date(base + s * 1000).toISOString(),
                  })),
                },
              });
              return res;
            })(),
          );
        }
      }
      const answers = await Promise.all(sends);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      // One alert a sensor (the cooldown outlasts the rounds), whichever round came first.
      const res = await call('GET', `${OBSERVATIONS}?page_size=1000`);
      const sensorsAlerted = res
        .json<Paged<Observation>>()
        .results.filter((o) => o.rule.id === watch.id)
        .map((o) => o.measurements.sensor);
      expect(sensorsAlerted.sort()).toEqual([...epcs].sort());
    } finally {
      await other.close();
    }
  });
});
