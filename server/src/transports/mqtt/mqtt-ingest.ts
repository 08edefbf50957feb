import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { messageWithParams, type MqttMeasurementAck, type MqttReadAck } from '@tagtrack/contract';
import { batchIdOf, handleReadMessage, outcomeOfAck, refuse, type MqttIngestDeps } from './dispatch.js';
import { DEFAULT_MQTT_TOPIC_ROOT, PUBLISHED_KINDS, acksTopic, serialOfTopic, topicOf } from './topics.js';

export interface MqttIngest {
  client: MqttClient;
  /** Settles once subscribed the first time (rejects if closed before). */
  ready: Promise<void>;
  close(): Promise<void>;
}

/** How many batches from the broker are applied at once (as many HTTP batches would be). */
export const MQTT_BATCHES_IN_FLIGHT = 4;

/**
 * Subscribes to every reader's reads topic on the broker at `url` (QoS 1). Up to
 * MQTT_BATCHES_IN_FLIGHT messages are applied at once; beyond that the next PUBACK waits for one to
 * finish, so the broker holds the rest. Each message's ack goes out only after its batch
 * committed: a reader without one sends the batch again (its batch id makes that harmless), which
 * also covers a server that stopped between PUBACK and commit. A broker that is down is retried every few seconds without blocking the caller; the first
 * failure is logged as an error, later ones quietly, and every (re)subscription again as info.
 */
export function startMqttIngest(
  deps: MqttIngestDeps,
  url: string,
  options: Pick<IClientOptions, 'username' | 'password'> = {},
): MqttIngest {
  const root = deps.topicRoot ?? DEFAULT_MQTT_TOPIC_ROOT;
  // A shared subscription's messages arrive under the topic they were published to, as topicOf reads it.
  const shared = deps.shareGroup ? `$share/${deps.shareGroup}/` : '';
  const subscriptions = PUBLISHED_KINDS.map((kind) => `${shared}${root}/+/${kind}`);
  const client = mqtt.connect(url, {
    clientId: `tagtrack-ingest-${randomUUID().slice(0, 8)}`,
    clean: true, // the client subscribes again by itself after a reconnect (resubscribe)
    reconnectPeriod: 3_000,
    connectTimeout: 10_000,
    username: options.username,
    password: options.password,
  });
  let inFlight = 0;
  /** PUBACKs held back while MQTT_BATCHES_IN_FLIGHT batches are being applied. */
  const waiting: (() => void)[] = [];
  client.handleMessage = (packet, done) => {
    const arrived = performance.now();
    inFlight += 1;
    if (inFlight <= MQTT_BATCHES_IN_FLIGHT) done();
    else waiting.push(() => done());
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const serial = serialOfTopic(packet.topic, root);
    handleReadMessage(deps, packet.topic, payload)
      .catch((error: unknown): MqttReadAck | MqttMeasurementAck => {
        const id = randomUUID();
        deps.log.error({ err: error, errorId: id, topic: packet.topic }, 'mqtt read batch failed');
        return refuse(batchIdOf(payload), 'APIException', messageWithParams('batchServerError', { id }));
      })
      .then((ack) => {
        if (!ack.ok)
          deps.log.warn({ topic: packet.topic, type: ack.type, batchId: ack.batch_id }, 'mqtt batch refused');
        if (deps.metrics && topicOf(packet.topic, root).kind === 'reads') {
          deps.metrics.readBatch('mqtt', outcomeOfAck(ack as MqttReadAck), (performance.now() - arrived) / 1000);
        }
        // Not awaited: the broker's PUBACK for it may arrive on a stream that waits for a done().
        client.publish(acksTopic(serial || '_', root), JSON.stringify(ack), { qos: 1 });
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'mqtt ack failed'))
      .finally(() => {
        inFlight -= 1;
        waiting.shift()?.();
      });
  };
  let failures = 0;
  client.on('error', (error) => {
    failures += 1;
    if (failures === 1) {
      deps.log.error(
        { err: error, url: safeUrl(url) },
        'MQTT broker not reachable: retrying; reads over HTTP still work',
      );
    } else deps.log.debug({ err: error }, 'mqtt connection problem');
  });
  const ready = new Promise<void>((resolve, reject) => {
    client.on('connect', () => {
      failures = 0;
      // The acks go out at once (see the embedded broker: Nagle's algorithm would hold them back).
      if (client.stream instanceof Socket) client.stream.setNoDelay(true);
      client.subscribe(subscriptions, { qos: 1 }, (error) => {
        if (error) {
          deps.log.error({ err: error, topics: subscriptions }, 'mqtt subscription refused');
          return;
        }
        deps.log.info({ url: safeUrl(url), topics: subscriptions }, 'mqtt ingest subscribed');
        resolve();
      });
    });
    client.once('end', () => reject(new Error('MQTT ingest closed')));
  });
  ready.catch(() => undefined);
  return { client, ready, close: () => client.endAsync().then(() => undefined) };
}

/** A broker URL without its password, for logs. */
export function safeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url;
  }
}
