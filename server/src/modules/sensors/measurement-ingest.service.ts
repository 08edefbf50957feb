import {
  isPlausibleMeasurement,
  isTooFarAhead,
  MEASUREMENT_RANGES,
  MESSAGE_KEYS as M,
  messageWithParams,
  type MeasurementBatchResult,
  type MeasurementBatchSchema,
  type ReadBatchSchema,
} from '@tagtrack/contract';
import type { z } from 'zod';
import { permissionDenied, validationError } from '../../lib/errors.js';
import { findOwnCustomer } from '../identity/customers.service.js';
import type { IngestContext } from '../../lib/auth/reader-tokens.js';
import { ingestReads } from '../tracking/ingest.service.js';
import { findBatchCounts, recordBatch } from '../tracking/ingest.service.js';
import { findSensorItems, insertMeasurements, type NewMeasurement } from './measurements.repository.js';
import { judgeMeasurements } from './observations.service.js';
import { measurementTypeIds } from './sensors.service.js';
import { queueAlertMessages } from './alert-messages.js';

const DAY = 86_400_000;
class DuplicateBatch extends Error {}

export interface MeasurementIngestOptions {
  /** MEASUREMENT_RETENTION_DAYS: older measurements have no day table to go to. */
  retentionDays: number;
  now?: Date;
  /** Sends the messages of the alerts a batch raised, once it has committed (ids in the outbox). */
  notify?: (customerId: number, outboxIds: number[]) => void;
}

/**
 * POST /reader-api/measurements/ (docs/reader-protocol.md, Measurements): a reader's batch of sensor
 * values. Each value is also a read of its tag: the batch's EPCs go through the read ingest first
 * (a new EPC becomes an item, a moved one moves to the reader's location), under a batch id of
 * their own. Then, in one transaction, the batch id is recorded (a retry answers the first counts
 * with duplicate: true), the values are stored with their sensor's product and location, and the
 * rules watching them judge them (an alert is committed with the values that raised it).
 * A batch with a value of an unknown type, out of its type's plausible range (MEASUREMENT_RANGES),
 * or of a time outside the kept days or more than a day ahead, is refused whole, with each such
 * value's field.
 */
export async function ingestMeasurements(
  ictx: IngestContext,
  input: z.output<typeof MeasurementBatchSchema>,
  options: MeasurementIngestOptions,
): Promise<MeasurementBatchResult> {
  const { tenant, claims } = ictx;
  const now = (options.now ?? new Date()).getTime();
  const types = await measurementTypeIds(ictx);
  const problems: Record<string, string[]> = {};
  input.measurements.forEach((m, i) => {
    if (!types.has(m.measurement_type)) problems[`measurements.${i}.measurement_type`] = [M.invalidValue];
    else if (!isPlausibleMeasurement(m.measurement_type, m.value)) {
      const range = MEASUREMENT_RANGES[m.measurement_type];
      problems[`measurements.${i}.value`] = [
        range ? messageWithParams('measurementOutOfRange', range) : M.invalidNumber,
      ];
    }
    const time = Date.parse(m.time);
    if (isTooFarAhead(time, now)) problems[`measurements.${i}.time`] = [M.timeTooFarAhead];
    else if (time < now - options.retentionDays * DAY) problems[`measurements.${i}.time`] = [M.invalidValue];
  });
  if (Object.keys(problems).length > 0) throw validationError(problems);
  const customer = await findOwnCustomer(tenant);
  if (!customer?.extensions.includes('sensor')) throw permissionDenied(M.sensorExtensionMissing);

  // The tags, each read at its latest measurement's time.
  const latest = new Map<string, string>();
  for (const m of input.measurements) {
    const seen = latest.get(m.epc);
    if (!seen || Date.parse(m.time) > Date.parse(seen)) latest.set(m.epc, m.time);
  }
  const reads: z.output<typeof ReadBatchSchema> = {
    batch_id: `measurements/${input.batch_id}`,
    reads: [...latest].map(([epc, time]) => ({ epc, antenna: 1, time })),
  };
  const read = await ingestReads(ictx, reads, now);

  const valuesBatch = `measurements/${input.batch_id}/values`;
  let messages: number[] = [];
  try {
    const result = await tenant.transaction(async (scope) => {
      const sensors = await findSensorItems(scope, [...latest.keys()]);
      const rows: (NewMeasurement & { sensor: string })[] = [];
      for (const m of input.measurements) {
        const sensor = sensors.get(m.epc);
        if (!sensor || sensor.removed) continue;
        rows.push({
          sensor: m.epc,
          time: new Date(m.time),
          itemId: sensor.id,
          productId: sensor.productId,
          locationUuid: sensor.locationUuid,
          typeUuid: m.measurement_type,
          value: m.value,
          readerId: claims.readerId,
        });
      }
      const counts = {
        accepted: input.measurements.length,
        moved: 0,
        created: read.created,
        ignored: input.measurements.length - rows.length,
      };
      if (!(await recordBatch(scope, claims.readerId, valuesBatch, counts))) throw new DuplicateBatch();
      await insertMeasurements(
        scope,
        rows.map(({ sensor: _epc, ...row }) => row),
      );
      const raised = await judgeMeasurements(scope, rows);
      messages = await queueAlertMessages(scope, raised);
      return {
        batch_id: input.batch_id,
        accepted: counts.accepted,
        created: counts.created,
        ignored: counts.ignored,
        duplicate: false,
      };
    });
    // Committed: the alerts' messages go to the job queue now (a sweep sends any it misses).
    if (messages.length > 0) options.notify?.(tenant.customerId, messages);
    return result;
  } catch (error) {
    if (!(error instanceof DuplicateBatch)) throw error;
    const first = await findBatchCounts(tenant, claims.readerId, valuesBatch);
    return {
      batch_id: input.batch_id,
      accepted: first.accepted,
      created: first.created,
      ignored: first.ignored,
      duplicate: true,
    };
  }
}
