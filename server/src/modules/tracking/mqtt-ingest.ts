import { randomUUID } from 'node:crypto';
import { Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import {
  MESSAGE_KEYS as M,
  MeasurementBatchSchema,
  ReadBatchSchema,
  describeErrorDetail,
  messageWithParams,
  type MqttMeasurementAck,
  type MqttReadAck,
} from '@tagtrack/contract';
import type { CustomerAccess } from '../../db/tenant.js';
import { TenantScope } from '../../db/tenant.js';
import { issuesToDetail } from '../../lib/errors.js';
import { findUnsafeInput, unsafeInputDetail } from '../../lib/unsafe-input.js';
import { readerTokenRefused, verifyReaderHeader, type ReaderTokenSigner } from '../../lib/auth/reader-tokens.js';
import { AppError } from '../../lib/errors.js';
import { CONFLICT_RETRY_AFTER_SECONDS, isTransientConflict } from '../../lib/retry.js';
import { isBadValue } from '../../lib/pg-error.js';
import { ingestReads } from './ingest.service.js';
import type { ReadBatchOutcome, ReadMetrics } from '../../lib/metrics.js';
import { ingestMeasurements, type MeasurementIngestOptions } from '../sensors/measurement-ingest.service.js';

/**
 * Readers publish to `<root>/<serial>/reads` and `<root>/<serial>/measurements` and hear back on
 * `<root>/<serial>/acks` (MQTT_TOPIC_ROOT).
 */
export const DEFAULT_MQTT_TOPIC_ROOT = 'tagtrack/readers';
export const readsTopic = (serial: string, root = DEFAULT_MQTT_TOPIC_ROOT) => `${root}/${serial}/reads`;
export const measurementsTopic = (serial: string, root = DEFAULT_MQTT_TOPIC_ROOT) => `${root}/${serial}/measurements`;
export const acksTopic = (serial: string, root = DEFAULT_MQTT_TOPIC_ROOT) => `${root}/${serial}/acks`;
/** What readers publish: each kind's topic under `<root>/<serial>/`. */
export const PUBLISHED_KINDS = ['reads', 'measurements'] as const;
export type PublishedKind = (typeof PUBLISHED_KINDS)[number];

/** The reader serial and kind a published topic names (serial '' when it is not one). */
export function topicOf(topic: string, root = DEFAULT_MQTT_TOPIC_ROOT): { serial: string; kind: PublishedKind } {
  const match = topic.startsWith(`${root}/`)
    ? /^([^/]+)\/(reads|measurements)$/.exec(topic.slice(root.length + 1))
    : null;
  return { serial: match?.[1] ?? '', kind: (match?.[2] as PublishedKind | undefined) ?? 'reads' };
}

/** The reader serial a reads or measurements topic names ('' when it is not one). */
export function serialOfTopic(topic: string, root = DEFAULT_MQTT_TOPIC_ROOT): string {
  return topicOf(topic, root).serial;
}

export interface MqttIngestDeps {
  db: CustomerAccess;
  signer: ReaderTokenSigner;
  log: FastifyBaseLogger;
  /** The topic root (default tagtrack/readers). */
  topicRoot?: string;
  /**
   * Subscribe through the shared subscription `$share/<group>/<root>/+/<kind>` (MQTT_SHARE_GROUP):
   * the broker hands each batch to one member of the group, so several server processes on one
   * broker apply (and acknowledge) it once. Unset or '': plain subscriptions, for one process or a
   * broker without shared subscriptions (the embedded one, aedes, has none).
   */
  shareGroup?: string;
  /** MEASUREMENT_RETENTION_DAYS, for measurement batches (default 30). */
  measurementRetentionDays?: number;
  /** Sends the messages of alerts a measurement batch raised, once committed. */
  notify?: MeasurementIngestOptions['notify'];
  /** Where each reads batch's answer is counted (GET /metrics). */
  metrics?: ReadMetrics;
}

type Refusal = Extract<MqttReadAck, { ok: false }>;
/** A refusal ack: the detail's messages (keys) in English, with their codes, as the HTTP envelope has them. */
const refuse = (batchId: string | null, type: string, detail: Refusal['detail']) =>
  ({
    ok: false,
    batch_id: batchId,
    type,
    ...(describeErrorDetail(type, detail) as Pick<Refusal, 'detail' | 'codes'>),
  }) as const;
/** A reads ack as the metrics count it: refused (the reader's fault) unless the server failed it. */
const outcomeOfAck = (ack: MqttReadAck): ReadBatchOutcome =>
  ack.ok ? ack : ack.type === 'APIException' || ack.type === 'ServiceUnavailable' ? 'failed' : 'refused';
/** The batch id a message carries, or null (for the ack of a batch the server failed on). */
function batchIdOf(payload: Buffer): string | null {
  try {
    const { batch_id: id } = JSON.parse(payload.toString('utf8')) as { batch_id?: unknown };
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
/** The ack of a message whose token the HTTP reads route would refuse, with that answer's type and detail. */
const refuseToken = (batchId: string | null, refused = readerTokenRefused()) =>
  refuse(batchId, refused.type, refused.message);

/**
 * One message from a reads or measurements topic → its ack. The same pipeline as POST
 * /reader-api/reads/ (or /measurements/): the token inside the message is checked like the HTTP
 * bearer header (and must belong to the reader the topic names), the body by the same schema, and
 * the ingest answers only after the commit. A refused message changes nothing.
 */
export async function handleReadMessage(
  deps: MqttIngestDeps,
  topic: string,
  payload: Buffer,
): Promise<MqttReadAck | MqttMeasurementAck> {
  const { serial, kind } = topicOf(topic, deps.topicRoot);
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch (error) {
    return refuse(null, 'ParseError', messageWithParams('jsonParseError', { reason: (error as Error).message }));
  }
  const fields = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  // As on every HTTP route (input-guard.ts): a batch with U+0000 or deep nesting is refused as
  // invalid, which a reader does not send again, before anything reads it.
  const batchId = typeof fields.batch_id === 'string' ? fields.batch_id : null;
  const unsafe = findUnsafeInput(fields);
  if (unsafe) return refuse(batchId, 'ValidationError', unsafeInputDetail(unsafe));
  if (typeof fields.token !== 'string' || fields.token === '') {
    return refuse(batchId, 'NotAuthenticated', M.notAuthenticated);
  }
  // SECURITY: exactly the HTTP check (signature, audience, reader still there with the same
  // secret: the batch's first statement confirms it), plus the topic: a reader cannot publish
  // under another reader's serial.
  const claims = await verifyReaderHeader(deps.signer, `Bearer ${fields.token}`);
  if (!claims || !serial) return refuseToken(batchId);
  const parsed = kind === 'measurements' ? MeasurementBatchSchema.safeParse(fields) : ReadBatchSchema.safeParse(fields);
  if (!parsed.success) return refuse(batchId, 'ValidationError', issuesToDetail(parsed.error.issues));
  const log = deps.log.child({ readerId: claims.readerId, transport: 'mqtt' });
  const ictx = { claims, tenant: new TenantScope(deps.db, claims.customerId), log, serial };
  try {
    const result =
      'measurements' in parsed.data
        ? await ingestMeasurements(ictx, parsed.data, {
            retentionDays: deps.measurementRetentionDays ?? 30,
            notify: deps.notify,
          })
        : await ingestReads(ictx, parsed.data);
    return { ...result, ok: true };
  } catch (error) {
    if (error instanceof AppError && error.type === 'AuthenticationFailed') return refuseToken(batchId, error);
    // Refused by rule after the schema (a type or time the store cannot take, no sensor extension).
    if (error instanceof AppError && (error.type === 'ValidationError' || error.type === 'PermissionDenied')) {
      return refuse(batchId, error.type, error.detail as Refusal['detail']);
    }
    // A value the database refused: the same batch would be refused again, so it is not asked for.
    if (isBadValue(error)) {
      deps.log.warn({ err: error, batchId }, 'mqtt batch holds a value the database refused');
      return refuse(batchId, 'ValidationError', { non_field_errors: [M.invalidValue] });
    }
    if (isTransientConflict(error)) {
      deps.log.warn({ err: error, batchId }, 'mqtt read batch met a conflict: the reader is asked to send it again');
      return {
        ...refuse(batchId, 'ServiceUnavailable', M.batchServiceUnavailable),
        retry_after: CONFLICT_RETRY_AFTER_SECONDS,
      };
    }
    throw error;
  }
}

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
