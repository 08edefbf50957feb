import type { FastifyBaseLogger } from 'fastify';
import type { OwnerDb } from '../db/client.js';
import { sweepReaderHealth } from '../system/sweeps.js';
import type { Job } from './job.js';
import { startPeriodicSweep } from './periodic-sweep.js';

/** How often reader health is judged. */
export const READER_HEALTH_SWEEP_MS = 30_000;

export interface ReaderHealthSweepDeps {
  /** SECURITY: the owner's connection: the sweep looks at the customers with the sensor extension. */
  owner: OwnerDb;
  log: FastifyBaseLogger;
  /** Sends the messages a round queued, once committed. */
  notify: (customerId: number, outboxIds: number[]) => void;
  intervalMs?: number;
}

/** Judges the fixed readers' health (docs/sensors.md, Reader health) once an interval across processes. */
export function startReaderHealthSweep({
  owner,
  log,
  notify,
  intervalMs = READER_HEALTH_SWEEP_MS,
}: ReaderHealthSweepDeps): Job {
  return startPeriodicSweep(owner, log, {
    name: 'reader health sweep',
    claim: 'reader_health_sweep_claimed',
    intervalMs,
    run: async () => void (await sweepReaderHealth(owner, notify)),
  });
}
