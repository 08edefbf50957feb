import type { FastifyBaseLogger } from 'fastify';
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
import type { AppCaches } from '../../lib/app-caches.js';
import { TenantScope } from '../../db/tenant.js';
import { issuesToDetail } from '../../lib/errors.js';
import { findUnsafeInput, unsafeInputDetail } from '../../lib/unsafe-input.js';
import { readerTokenRefused, verifyReaderHeader, type ReaderTokenSigner } from '../../lib/auth/reader-tokens.js';
import { AppError } from '../../lib/errors.js';
import { CONFLICT_RETRY_AFTER_SECONDS, isTransientConflict } from '../../lib/retry.js';
import { isBadValue } from '../../lib/pg-error.js';
import { ingestReads } from '../../modules/tracking/ingest.service.js';
import type { ReadBatchOutcome, ReadMetrics } from '../../lib/metrics.js';
import { ingestMeasurements, type MeasurementIngestOptions } from '../../modules/sensors/measurement-ingest.service.js';
import { topicOf } from './topics.js';

export interface MqttIngestDeps {
  db: CustomerAccess;
  signer: ReaderTokenSigner;
  log: FastifyBaseLogger;
  /** The app's caches, which the ingests share with its HTTP routes. */
  caches: AppCaches;
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
export const refuse = (batchId: string | null, type: string, detail: Refusal['detail']) =>
  ({
    ok: false,
    batch_id: batchId,
    type,
    ...(describeErrorDetail(type, detail) as Pick<Refusal, 'detail' | 'codes'>),
  }) as const;
/** A reads ack as the metrics count it: refused (the reader's fault) unless the server failed it. */
export const outcomeOfAck = (ack: MqttReadAck): ReadBatchOutcome =>
  ack.ok ? ack : ack.type === 'APIException' || ack.type === 'ServiceUnavailable' ? 'failed' : 'refused';
/** The batch id a message carries, or null (for the ack of a batch the server failed on). */
export function batchIdOf(payload: Buffer): string | null {
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
  const ictx = { claims, tenant: new TenantScope(deps.db, claims.customerId), log, serial, caches: deps.caches };
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
