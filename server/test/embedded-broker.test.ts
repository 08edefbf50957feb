import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mqtt, { type MqttClient } from 'mqtt';
import pino from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import { ReaderTokenSigner } from '../src/lib/auth/reader-tokens.js';
import { isReaderToken } from '../src/modules/readers/reader-principal.service.js';
import { startEmbeddedBroker, type EmbeddedBroker } from '../src/transports/mqtt/embedded-broker.js';
import { acksTopic, readsTopic } from '../src/transports/mqtt/topics.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { readerCustomer, readerToken } from './reader-fixtures.js';

const ROOT = `tagtrack-test-${randomUUID().slice(0, 8)}/readers`;
const logged: string[] = [];
const log = pino(
  { level: 'warn' },
  { write: (line: string) => void logged.push(line) },
) as unknown as FastifyBaseLogger;

let t: TestApp;
let broker: EmbeddedBroker;
let url: string;
const clients: MqttClient[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  const signer = new ReaderTokenSigner(t.config.JWT_SECRET!);
  const started = await startEmbeddedBroker({
    host: '127.0.0.1',
    port: 0,
    log,
    topicRoot: ROOT,
    authenticateReader: (serial, token) => isReaderToken(t.database.privileged, signer, serial, token),
    maxPacketBytes: 64 * 1024,
  });
  if (!started) throw new Error('the embedded broker did not start');
  broker = started;
  url = `mqtt://127.0.0.1:${broker.port}`;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.endAsync(true)));
  await broker?.close();
  await t?.close();
});

const connect = async (options: mqtt.IClientOptions) => {
  const client = await mqtt.connectAsync(url, { reconnectPeriod: 0, ...options });
  clients.push(client);
  return client;
};

async function signedInReader() {
  const customer = await readerCustomer(t);
  const reader = await customer.reader();
  return { ...reader, token: await readerToken(t, reader.serial, reader.secret) };
}

describe('client ids of the embedded broker', () => {
  it('refuses a reader’s client id to anyone but that reader: no one takes its session and its queued acks', async () => {
    const a = await signedInReader();
    const b = await signedInReader();
    const clientId = `reader-${randomUUID().slice(0, 8)}`;
    const session = { clientId, clean: false, username: a.serial, password: a.token };
    const reader = await connect(session);
    await reader.subscribeAsync(acksTopic(a.serial, ROOT), { qos: 1 });
    await reader.endAsync();
    // An ack the server sends while the reader is away waits in its session.
    const server = await connect(broker.serverCredentials);
    await server.publishAsync(acksTopic(a.serial, ROOT), '{"ok":true,"batch_id":"queued"}', { qos: 1 });

    const heard: string[] = [];
    for (const options of [{}, { username: b.serial, password: b.token }]) {
      const attempt = mqtt.connectAsync(url, { reconnectPeriod: 0, clientId, clean: false, ...options });
      await expect(attempt).rejects.toThrow(/Identifier rejected/i);
    }
    // While the reader is connected, no one disconnects it with its id either.
    const back = await connect(session);
    back.on('message', (_topic, payload) => heard.push(payload.toString()));
    await expect.poll(() => heard).toEqual(['{"ok":true,"batch_id":"queued"}']);
    await expect(mqtt.connectAsync(url, { reconnectPeriod: 0, clientId, clean: false })).rejects.toThrow(
      /Identifier rejected/i,
    );
    expect(back.connected).toBe(true);
    expect(logged.join('')).toContain('client id of another was refused');
  });

  it('refuses the server’s client id to others, and frees a clean session’s id when it ends', async () => {
    const serverId = `tagtrack-ingest-${randomUUID().slice(0, 8)}`;
    const server = await connect({ ...broker.serverCredentials, clientId: serverId });
    await expect(mqtt.connectAsync(url, { reconnectPeriod: 0, clientId: serverId })).rejects.toThrow(
      /Identifier rejected/i,
    );
    expect(server.connected).toBe(true);

    const a = await signedInReader();
    const clientId = `reader-${randomUUID().slice(0, 8)}`;
    const reader = await connect({ clientId, clean: true, username: a.serial, password: a.token });
    await reader.endAsync();
    // Nothing of it is kept: the id is anyone's again.
    await expect
      .poll(async () => {
        const again = await mqtt.connectAsync(url, { reconnectPeriod: 0, clientId }).catch(() => null);
        await again?.endAsync();
        return again !== null;
      })
      .toBe(true);
  });
});

/** A raw MQTT 3.1.1 CONNECT of an anonymous client. */
function connectPacket(clientId: string): Buffer {
  const id = Buffer.from(clientId);
  const variable = Buffer.concat([
    Buffer.from([0x00, 0x04, 0x4d, 0x51, 0x54, 0x54, 0x04, 0x02, 0x00, 0x3c]),
    Buffer.from([id.length >> 8, id.length & 0xff]),
    id,
  ]);
  return Buffer.concat([Buffer.from([0x10, variable.length]), variable]);
}

/** The fixed header of a QoS 0 PUBLISH whose remaining length is `length`. */
function publishHeader(length: number): Buffer {
  const bytes = [0x30];
  let left = length;
  do {
    let byte = left % 128;
    left = Math.floor(left / 128);
    if (left > 0) byte |= 0x80;
    bytes.push(byte);
  } while (left > 0);
  return Buffer.from(bytes);
}

describe('packet size of the embedded broker', () => {
  it('closes a connection as soon as a packet announces more than the limit, before its payload is read', async () => {
    const socket = net.connect(broker.port, '127.0.0.1');
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.write(connectPacket(`anonymous-${randomUUID().slice(0, 8)}`));
    // 200 MiB announced; a little of it sent.
    socket.write(Buffer.concat([publishHeader(200 * 1024 * 1024), Buffer.alloc(4096, 0x41)]));
    let timer: NodeJS.Timeout | undefined;
    const outcome = await Promise.race([
      closed.then(() => 'closed'),
      new Promise((resolve) => (timer = setTimeout(() => resolve('still open'), 3000))),
    ]);
    clearTimeout(timer);
    socket.destroy();
    expect(outcome).toBe('closed');
    expect(logged.join('')).toContain('over the size limit');
  });

  it('takes packets up to the limit, and closes a client that publishes more', async () => {
    const a = await signedInReader();
    const reader = await connect({ username: a.serial, password: a.token });
    const topic = readsTopic(a.serial, ROOT);
    await reader.publishAsync(topic, 'x'.repeat(60 * 1024), { qos: 1 });
    expect(reader.connected).toBe(true);
    const closed = new Promise<void>((resolve) => reader.once('close', () => resolve()));
    reader.publish(topic, 'x'.repeat(70 * 1024), { qos: 1 });
    await closed;
  });
});
