import { randomUUID } from 'node:crypto';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { encodeEpc, type MqttReadAck } from '@tagtrack/contract';
import { itemHistory, items, mailOutbox, measurements, readerHeartbeats } from '../src/db/schema/index.js';
import { ReaderTokenSigner } from '../src/lib/auth/reader-tokens.js';
import { isReaderToken } from '../src/modules/readers/reader-principal.service.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../src/transports/mqtt/embedded-broker.js';
import { startMqttIngest, type MqttIngest } from '../src/transports/mqtt/mqtt-ingest.js';
import { acksTopic, measurementsTopic, readsTopic } from '../src/transports/mqtt/topics.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { keepMeasurementPartitions } from '../src/system/housekeeping.repository.js';
import { simulate, TEMPERATURE_TYPE } from '../src/tools/simulator/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { readerCustomer, readerToken } from './reader-fixtures.js';
import { AppMetrics } from '../src/lib/metrics.js';
import { sample } from './metrics-samples.js';

/**
 * Reads through a real MQTT broker: Mosquitto when TEST_MQTT_URL is set (as in CI), else the
 * embedded aedes broker on a random port. Each file uses a topic root of its own.
 */
const EXTERNAL = process.env.TEST_MQTT_URL;
const ROOT = `tagtrack-test-${randomUUID().slice(0, 8)}/readers`;
const log = pino({ level: process.env.TEST_MQTT_LOG ?? 'silent' }) as unknown as FastifyBaseLogger;

let t: TestApp;
let broker: EmbeddedBroker | null = null;
let ingest: MqttIngest;
let url: string;
const clients: MqttClient[] = [];
/** What the ingest counts (GET /metrics). */
const metrics = new AppMetrics();
const signer = () => new ReaderTokenSigner(t.config.JWT_SECRET!);
/** The embedded broker as the server starts it: readers sign in with their serial and token. */
const embeddedBroker = () =>
  startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    log,
    topicRoot: ROOT,
    authenticateReader: (serial, token) => isReaderToken(t.database.privileged, signer(), serial, token),
  });

beforeAll(async () => {
  t = await buildTestApp();
  if (EXTERNAL) url = EXTERNAL;
  else {
    broker = await embeddedBroker();
    if (!broker) throw new Error('the embedded broker did not start');
    url = `mqtt://127.0.0.1:${broker.port}`;
  }
  ingest = startMqttIngest(
    {
      db: t.database.privileged,
      signer: signer(),
      log,
      topicRoot: ROOT,
      notify: (customerId, ids) => notified.push({ customerId, ids }),
      metrics,
      caches: t.app.caches,
    },
    url,
    broker?.serverCredentials,
  );
  await ingest.ready;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync()));
  await ingest?.close();
  await broker?.close();
  await t?.close();
});

/** The alerts' messages the ingest handed over for sending, once committed. */
const notified: { customerId: number; ids: number[] }[] = [];

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();
let n = 0;
const epc = () => encodeEpc('NID32', '100', String(++n));

/**
 * A reader as an MQTT device, signed in with its serial and token: publishes batches on its reads
 * topic and waits for the ack of each.
 */
async function device(serial: string, token: string) {
  const client = await mqtt.connectAsync(url, {
    clientId: `reader-${randomUUID().slice(0, 8)}`,
    username: serial,
    password: token,
  });
  clients.push(client);
  const acks: MqttReadAck[] = [];
  const waiting: { match: (a: MqttReadAck) => boolean; resolve: (a: MqttReadAck) => void }[] = [];
  client.on('message', (_topic, payload) => {
    const ack = JSON.parse(payload.toString()) as MqttReadAck;
    acks.push(ack);
    for (const w of waiting.filter((x) => x.match(ack))) {
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve(ack);
    }
  });
  await client.subscribeAsync(acksTopic(serial, ROOT), { qos: 1 });
  const publish = (message: object | string, topicSerial = serial, kind: 'reads' | 'measurements' = 'reads') => {
    const batchId = typeof message === 'object' ? (message as { batch_id?: string }).batch_id : undefined;
    acks.length = 0;
    const answer = new Promise<MqttReadAck>((resolve) => {
      waiting.push({ match: (a) => (batchId ? a.batch_id === batchId : true), resolve });
    });
    return client
      .publishAsync(
        (kind === 'reads' ? readsTopic : measurementsTopic)(topicSerial, ROOT),
        typeof message === 'string' ? message : JSON.stringify(message),
        {
          qos: 1,
        },
      )
      .then(() => answer);
  };
  return { client, publish };
}

async function signedIn<R extends { serial: string; secret: string }>(reader: R) {
  const token = await readerToken(t, reader.serial, reader.secret);
  return { ...reader, token, device: await device(reader.serial, token) };
}

async function world() {
  const own = await readerCustomer(t);
  await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' });
  const door = await own.configuration();
  const dock = await own.configuration();
  const a = await own.reader();
  const b = await own.reader();
  expect((await own.assign(a.uuid, [door.id])).statusCode).toBeLessThan(300);
  expect((await own.assign(b.uuid, [dock.id])).statusCode).toBeLessThan(300);
  const item = async (code: string) => (await own.tenant.select(items, eq(items.code, code)))[0];
  const history = (code: string) => own.tenant.select(itemHistory, eq(itemHistory.epc, code));
  return {
    own,
    door,
    dock,
    a: await signedIn(a),
    b: await signedIn(b),
    item,
    history,
  };
}

const batch = (token: string, reads: { epc: string; time: string }[], batch_id: string = randomUUID()) => ({
  token,
  batch_id,
  reads: reads.map((r) => ({ ...r, antenna: 1 })),
});

describe(`MQTT ingest through ${EXTERNAL ? 'the configured broker' : 'the embedded broker'}`, () => {
  it('applies a batch and acknowledges it after the commit, with the HTTP answer', async () => {
    const w = await world();
    const code = epc();
    const before = await metrics.text();
    const ack = await w.a.device.publish(batch(w.a.token, [{ epc: code, time: at(1) }], 'mqtt-1'));
    expect(ack).toEqual({
      ok: true,
      batch_id: 'mqtt-1',
      accepted: 1,
      created: 1,
      moved: 0,
      ignored: 0,
      duplicate: false,
    });
    // Acknowledged means stored.
    expect(await w.item(code)).toMatchObject({ locationUuid: w.door.locationUuid, status: 'in' });

    const moved = await w.b.device.publish(batch(w.b.token, [{ epc: code, time: at(5) }]));
    expect(moved).toMatchObject({ ok: true, moved: 1 });
    expect(await w.item(code)).toMatchObject({ locationUuid: w.dock.locationUuid });
    expect(await w.history(code)).toHaveLength(2);

    // Counted as MQTT's, by the time each ack is out.
    expect(await w.b.device.publish(batch('not-a-token', [{ epc: code, time: at(6) }], 'mqtt-refused'))).toMatchObject({
      ok: false,
    });
    const after = await metrics.text();
    const delta = (name: string, labels: Record<string, string>) =>
      (sample(after, name, { transport: 'mqtt', ...labels }) ?? 0) -
      (sample(before, name, { transport: 'mqtt', ...labels }) ?? 0);
    expect([
      delta('tagtrack_reads_total', { outcome: 'created' }),
      delta('tagtrack_reads_total', { outcome: 'moved' }),
    ]).toEqual([1, 1]);
    expect([
      delta('tagtrack_read_batches_total', { result: 'applied' }),
      delta('tagtrack_read_batches_total', { result: 'refused' }),
    ]).toEqual([2, 1]);
    expect(delta('tagtrack_read_batch_duration_seconds_count', {})).toBe(2);
    expect(sample(after, 'tagtrack_reads_total', { transport: 'http', outcome: 'created' })).toBe(0);
  });

  it('stores a measurement batch from the measurements topic and acknowledges it after the commit', async () => {
    const w = await world();
    await setCustomerExtensions(t.database.privileged, { name: w.own.customer.name, extensions: ['sensor'] });
    await keepMeasurementPartitions(t.database.privileged, 30);
    const code = epc();
    const message = {
      token: w.a.token,
      batch_id: 'mqtt-measure-1',
      measurements: [
        {
          epc: code,
          measurement_type: '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01',
          value: 3.75,
          time: new Date(Date.now() - 60_000).toISOString(),
        },
      ],
    };
    const ack = await w.a.device.publish(message, w.a.serial, 'measurements');
    expect(ack).toEqual({
      ok: true,
      batch_id: 'mqtt-measure-1',
      accepted: 1,
      created: 1,
      ignored: 0,
      duplicate: false,
    });
    const sensor = await w.item(code);
    expect(sensor).toMatchObject({ locationUuid: w.door.locationUuid });
    const sensorId = (sensor as { id: number }).id;
    const stored = (await w.own.tenant.select(measurements, eq(measurements.itemId, sensorId))) as { value: number }[];
    expect(stored.map((m) => m.value)).toEqual([3.75]);
    // A value of an unknown type is refused with its field, as over HTTP.
    const refused = await w.a.device.publish(
      {
        ...message,
        batch_id: 'mqtt-measure-2',
        measurements: [{ ...message.measurements[0]!, measurement_type: randomUUID() }],
      },
      w.a.serial,
      'measurements',
    );
    expect(refused).toMatchObject({ ok: false, type: 'ValidationError', batch_id: 'mqtt-measure-2' });

    // A value over an event's limit raises its alert, whose e-mail is handed over once committed.
    const rule = await w.own.call('POST', '/sensor-data/observation/rule/', {
      name: 'Too warm',
      measurement_type: message.measurements[0]!.measurement_type,
      conditions: [{ name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } }],
      actions: [{ action_type: 'email', payload: { recipients: ['cold@example.com'] } }],
      products: [sensor!.productId],
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const warm = await w.a.device.publish(
      { ...message, batch_id: 'mqtt-measure-3', measurements: [{ ...message.measurements[0]!, value: 12.5 }] },
      w.a.serial,
      'measurements',
    );
    expect(warm).toMatchObject({ ok: true, accepted: 1 });
    const kept = (await w.own.tenant.select(mailOutbox, eq(mailOutbox.recipient, 'cold@example.com'))) as {
      id: number;
      status: string;
    }[];
    expect(kept).toMatchObject([{ status: 'pending' }]);
    expect(notified).toContainEqual({ customerId: w.own.customer.id, ids: [kept[0]!.id] });
  });

  it('changes nothing for a retried batch id and never moves an item back for older reads', async () => {
    const w = await world();
    const code = epc();
    await w.a.device.publish(batch(w.a.token, [{ epc: code, time: at(1) }]));
    const first = await w.b.device.publish(batch(w.b.token, [{ epc: code, time: at(9) }], 'retry-me'));
    expect(first).toMatchObject({ ok: true, moved: 1, duplicate: false });
    const again = await w.b.device.publish(batch(w.b.token, [{ epc: code, time: at(9) }], 'retry-me'));
    expect(again).toMatchObject({ ok: true, moved: 1, duplicate: true });
    const older = await w.a.device.publish(batch(w.a.token, [{ epc: code, time: at(3) }]));
    expect(older).toMatchObject({ ok: true, moved: 0, created: 0 });
    expect(await w.item(code)).toMatchObject({
      locationUuid: w.dock.locationUuid,
      latestStatusUpdate: new Date(at(9)),
    });
    expect(await w.history(code)).toHaveLength(2);
  });

  it('answers a bad, missing or foreign token, or one of a deleted reader, with an error ack and changes nothing', async () => {
    const w = await world();
    const code = epc();
    const forged = await w.a.device.publish(batch(`${w.a.token}x`, [{ epc: code, time: at(1) }], 'forged'));
    expect(forged).toEqual({
      ok: false,
      batch_id: 'forged',
      type: 'AuthenticationFailed',
      detail: 'Given token not valid for any token type',
      codes: { code: 'tokenNotValid' },
    });
    const missing = await w.a.device.publish({ batch_id: 'no-token', reads: [{ epc: code, antenna: 1, time: at(1) }] });
    expect(missing).toMatchObject({ ok: false, batch_id: 'no-token', type: 'NotAuthenticated' });
    // Reader B's valid token on reader A's topic: B cannot speak for A.
    const foreign = await w.a.device.publish(batch(w.b.token, [{ epc: code, time: at(1) }], 'foreign'));
    expect(foreign).toMatchObject({ ok: false, batch_id: 'foreign', type: 'AuthenticationFailed' });
    // A reader deleted in the console is unknown: its token no longer counts.
    expect((await w.own.call('DELETE', `/configuration/reader/${w.b.uuid}/`)).statusCode).toBeLessThan(300);
    const deleted = await w.b.device.publish(batch(w.b.token, [{ epc: code, time: at(1) }], 'deleted'));
    expect(deleted).toMatchObject({ ok: false, batch_id: 'deleted', type: 'AuthenticationFailed' });
    expect(await w.item(code)).toBeUndefined();
  });

  it('refuses another customer’s reader and never touches that customer’s items', async () => {
    const w = await world();
    const other = await world();
    const code = epc();
    await other.a.device.publish(batch(other.a.token, [{ epc: code, time: at(1) }]));
    // The other customer's reader token on this customer's reader topic is refused.
    const refused = await w.b.device.publish(batch(other.a.token, [{ epc: code, time: at(7) }], 'cross'));
    expect(refused).toMatchObject({ ok: false, type: 'AuthenticationFailed' });
    // Its own reader's read of the same EPC makes this customer's own item.
    const own = await w.b.device.publish(batch(w.b.token, [{ epc: code, time: at(8) }]));
    expect(own).toMatchObject({ ok: true, created: 1, moved: 0 });
    expect(await other.item(code)).toMatchObject({
      locationUuid: other.door.locationUuid,
      latestStatusUpdate: new Date(at(1)),
    });
    expect(await other.history(code)).toHaveLength(1);
  });

  it('answers a message that is not JSON or not a valid batch with ParseError or ValidationError', async () => {
    const w = await world();
    const notJson = await w.a.device.publish('{"batch_id": ');
    expect(notJson).toMatchObject({ ok: false, batch_id: null, type: 'ParseError' });
    const badEpc = await w.a.device.publish(batch(w.a.token, [{ epc: 'XYZ1', time: at(1) }], 'bad-epc'));
    expect(badEpc).toMatchObject({ ok: false, batch_id: 'bad-epc', type: 'ValidationError' });
    expect(Object.keys((badEpc as { detail: object }).detail)).toEqual(['reads.0.epc']);
  });

  it('refuses a batch with a date the database cannot store or a read far ahead with its batch id, never asking for it again', async () => {
    const w = await world();
    const code = epc();
    const cases = [
      ['year-0', '0000-06-01T00:00:00Z', 'invalidDateTime'],
      ['offset-16', '2026-01-01T08:00:00+16:00', 'invalidDateTime'],
      ['year-9999', '9999-01-01T00:00:00Z', 'timeTooFarAhead'],
    ] as const;
    for (const [id, time, code_] of cases) {
      const ack = await w.a.device.publish(
        batch(
          w.a.token,
          [
            { epc: code, time: at(1) },
            { epc: code, time },
          ],
          id,
        ),
      );
      expect(ack, id).toMatchObject({
        ok: false,
        batch_id: id,
        type: 'ValidationError',
        codes: { 'reads.1.time': [{ code: code_ }] },
      });
      expect(JSON.stringify(ack)).not.toMatch(/again/i);
    }
    expect(await w.item(code)).toBeUndefined();
  });
});

describe('the embedded broker', () => {
  it('lets a signed-in reader publish its reads and hear its own acks, and no one listen to others’', async () => {
    const own = await embeddedBroker();
    const brokerUrl = `mqtt://127.0.0.1:${own!.port}`;
    const customer = await readerCustomer(t);
    const [a, b] = [await customer.reader(), await customer.reader()];
    const token = await readerToken(t, a!.serial, a!.secret);
    const reader = await mqtt.connectAsync(brokerUrl, { username: a!.serial, password: token, reconnectPeriod: 0 });
    const anonymous = await mqtt.connectAsync(brokerUrl, { reconnectPeriod: 0 });
    try {
      // Refused subscriptions are granted 0x80; the connection stays for what the client may do.
      const refused = /Subscribe error/;
      expect((await reader.subscribeAsync(acksTopic(a!.serial, ROOT), { qos: 1 })).map((g) => g.qos)).toEqual([1]);
      await expect(reader.subscribeAsync(acksTopic(b!.serial, ROOT), { qos: 1 })).rejects.toThrow(refused);
      await expect(reader.subscribeAsync(`${ROOT}/+/acks`, { qos: 1 })).rejects.toThrow(refused);
      await expect(reader.subscribeAsync(`${ROOT}/+/reads`, { qos: 1 })).rejects.toThrow(refused);
      // Anyone else hears nothing: not the acks (serials, batch ids, counts), not the reads (tokens).
      await expect(anonymous.subscribeAsync(acksTopic(a!.serial, ROOT), { qos: 1 })).rejects.toThrow(refused);
      await expect(anonymous.subscribeAsync(`${ROOT}/+/acks`, { qos: 1 })).rejects.toThrow(refused);
      await expect(anonymous.subscribeAsync('#', { qos: 1 })).rejects.toThrow(refused);
      // A sign-in with another reader's token, a forged token or none is refused at CONNECT.
      for (const password of [token, 'forged', '']) {
        await expect(
          mqtt.connectAsync(brokerUrl, { username: b!.serial, password, reconnectPeriod: 0 }),
        ).rejects.toThrow(/Bad username or password|Not authorized/);
      }
    } finally {
      await reader.endAsync();
      await anonymous.endAsync();
      await own!.close();
    }
  });

  it('closes a signed-in reader that publishes under another reader’s serial', async () => {
    const own = await embeddedBroker();
    const customer = await readerCustomer(t);
    const [a, b] = [await customer.reader(), await customer.reader()];
    const token = await readerToken(t, a!.serial, a!.secret);
    const reader = await mqtt.connectAsync(`mqtt://127.0.0.1:${own!.port}`, {
      username: a!.serial,
      password: token,
      reconnectPeriod: 0,
    });
    try {
      const closed = new Promise<void>((resolve) => reader.once('close', () => resolve()));
      reader.publish(readsTopic(b!.serial, ROOT), JSON.stringify({ token, batch_id: 'x', reads: [] }), { qos: 1 });
      await closed;
    } finally {
      await reader.endAsync(true);
      await own!.close();
    }
  });

  it('reports a port in use and answers null instead of crashing', async () => {
    const holder = createServer();
    await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
    const port = (holder.address() as AddressInfo).port;
    const messages: string[] = [];
    const spy = pino(
      { level: 'error' },
      { write: (line: string) => void messages.push(line) },
    ) as unknown as FastifyBaseLogger;
    try {
      expect(await startEmbeddedBroker({ host: '127.0.0.1', port, log: spy })).toBeNull();
      expect(messages.join('')).toContain(`MQTT port ${port} is already in use`);
    } finally {
      await new Promise<void>((resolve) => holder.close(() => resolve()));
    }
  });
});

describe('the reader simulator', () => {
  it('signs readers in and sends reads over HTTP and MQTT that create and move items', async () => {
    const w = await world();
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const code = epc();
    const a = { serial: w.a.serial, secret: w.a.secret };
    const b = { serial: w.b.serial, secret: w.b.secret };
    const first = await simulate({ url: base, readers: [a], epcs: [code.toLowerCase()], once: true });
    expect(first).toEqual({ batches: 1, reads: 1, measurements: 0, created: 1, moved: 0, refused: 0 });
    expect(await w.item(code)).toMatchObject({ locationUuid: w.door.locationUuid });

    const moved = await simulate({
      url: base,
      readers: [b],
      epcs: [code],
      once: true,
      transport: 'mqtt',
      mqttUrl: url,
      topicRoot: ROOT,
    });
    expect(moved).toMatchObject({ batches: 1, moved: 1, refused: 0 });
    expect(await w.item(code)).toMatchObject({ locationUuid: w.dock.locationUuid });

    // A short continuous run: heartbeats reported, reads spread over both readers.
    const run = await simulate({
      url: base,
      readers: [a, b],
      tags: 3,
      sku: '100',
      rate: 5,
      moves: 0.5,
      durationMs: 1500,
    });
    expect(run.reads).toBeGreaterThan(0);
    expect(run.refused).toBe(0);
    const beats = await w.own.tenant.select(readerHeartbeats);
    expect(beats.map((h) => h.application)).toEqual(['BradyReaderApp', 'BradyReaderApp']);
  });

  it('sends temperatures beside the reads, over HTTP and MQTT, stored for each tag', async () => {
    const w = await world();
    await setCustomerExtensions(t.database.privileged, { name: w.own.customer.name, extensions: ['sensor'] });
    await keepMeasurementPartitions(t.database.privileged, 30);
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' }).catch(() => {
      const address = t.app.server.address();
      return typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
    });
    const a = { serial: w.a.serial, secret: w.a.secret };
    const codes = [epc(), epc()];
    for (const transport of ['http', 'mqtt'] as const) {
      const run = await simulate({
        url: base,
        readers: [a],
        epcs: codes,
        rate: 2,
        moves: 0,
        durationMs: 1200,
        heartbeats: false,
        measurements: true,
        measurementEveryMs: 500,
        transport,
        mqttUrl: url,
        topicRoot: ROOT,
      });
      expect(run.measurements, transport).toBeGreaterThanOrEqual(2);
      expect(run.refused, transport).toBe(0);
    }
    const values = (await w.own.tenant.select(measurements)) as { value: number; typeUuid: string }[];
    expect(values.length).toBeGreaterThanOrEqual(4);
    expect(values.every((m) => m.typeUuid === TEMPERATURE_TYPE && m.value >= 0 && m.value <= 17)).toBe(true);
  });
});
