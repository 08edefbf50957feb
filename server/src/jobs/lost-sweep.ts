import type { FastifyBaseLogger } from 'fastify';
import type { OwnerDb } from '../db/client.js';
import { sweepLostItems } from '../system/sweeps.js';
import type { Job } from './job.js';
import { startPeriodicSweep } from './periodic-sweep.js';

/** The instance_settings row the lost sweep's claims are kept in. */
export const LOST_SWEEP_CLAIM = 'lost_sweep_claimed';

export interface LostSweepDeps {
  /** SECURITY: the owner's connection: the sweep looks at every customer. */
  owner: OwnerDb;
  log: FastifyBaseLogger;
  /** LOST_SWEEP_SECONDS. */
  intervalMs: number;
}

/** Marks overdue items lost (docs/reader-protocol.md, Lost items) once an interval across processes. */
export function startLostSweep({ owner, log, intervalMs }: LostSweepDeps): Job {
  return startPeriodicSweep(owner, log, {
    name: 'lost sweep',
    claim: LOST_SWEEP_CLAIM,
    intervalMs,
    run: async () => {
      for (const [customerId, count] of await sweepLostItems(owner)) {
        log.info({ customerId, count }, 'items marked lost');
      }
    },
  });
}
