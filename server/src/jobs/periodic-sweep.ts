import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { claimInterval } from './interval-claim.repository.js';
import type { Job } from './job.js';

export interface PeriodicSweep {
  /** Named in the log line of a failed round ("<name> failed"). */
  name: string;
  /** The instance_settings key its claims are kept under: one per sweep. */
  claim: string;
  intervalMs: number;
  /** One round; its failure is logged and the next interval tries again. */
  run(): Promise<void>;
  /** Also one round at start, in every process and unclaimed (work each start must see done). */
  runAtStart?: boolean;
}

/**
 * Runs a sweep every `intervalMs` (an unref'd timer) across every server process on the database:
 * each process's timer fires, and the one that claims the interval runs it (claimInterval), so N
 * processes sweep once an interval, not N times. A slow round is not stacked on itself.
 */
export function startPeriodicSweep(owner: Db, log: FastifyBaseLogger, sweep: PeriodicSweep): Job {
  let running = false;
  const round = (claimed: () => Promise<boolean>) => {
    if (running) return;
    running = true;
    claimed()
      .then((ours) => (ours ? sweep.run() : undefined))
      .catch((error: unknown) => log.error({ err: error }, `${sweep.name} failed`))
      .finally(() => {
        running = false;
      });
  };
  if (sweep.runAtStart) round(async () => true);
  const timer = setInterval(() => round(() => claimInterval(owner, sweep.claim, sweep.intervalMs)), sweep.intervalMs);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}
