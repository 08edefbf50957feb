import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { analyzeAll, vacuumCountChanges } from '../db/maintenance.js';
import { purgeOldRefreshTokens } from '../system/housekeeping.repository.js';
import { purgeOldOutboxMessages } from '../system/housekeeping.repository.js';
import { purgeOldResetLinks } from '../system/housekeeping.repository.js';
import { keepMeasurementPartitions, purgeOldMeasurementMinutes } from '../system/housekeeping.repository.js';
import { purgeOldIngestBatches } from '../system/housekeeping.repository.js';
import type { Job } from './job.js';
import { startPeriodicSweep } from './periodic-sweep.js';

const SIX_HOURS = 6 * 3600 * 1000;
const TEN_MINUTES = 10 * 60 * 1000;

export interface HousekeepingOptions {
  embedded: boolean;
  measurementRetentionDays: number;
  /** Days a reader's batch ids are kept for its retries (INGEST_BATCH_RETENTION_DAYS). */
  ingestBatchRetentionDays: number;
}

/** One round of the clean-up startHousekeeping runs every six hours. */
export async function runHousekeeping(db: Db, options: HousekeepingOptions): Promise<void> {
  await keepMeasurementPartitions(db, options.measurementRetentionDays);
  await purgeOldMeasurementMinutes(db, options.measurementRetentionDays);
  await purgeOldIngestBatches(db, options.ingestBatchRetentionDays);
  await purgeOldRefreshTokens(db);
  await purgeOldResetLinks(db);
  await purgeOldOutboxMessages(db);
  if (options.embedded) await analyzeAll(db);
}

export interface HousekeepingDeps extends HousekeepingOptions {
  /** The owner's connection: the clean-up is instance-wide. */
  owner: Db;
  log: FastifyBaseLogger;
}

/**
 * Periodic clean-up: the measurements' day tables (made ahead, dropped after their retention)
 * and their per-minute aggregates, the readers' batch ids past their retry window,
 * refresh tokens and password reset links that expired, or were used or revoked, over a day ago,
 * and outgoing mail older than 90 days. On the
 * embedded database also the planner statistics, which PostgreSQL's autovacuum keeps fresh but
 * PGlite (no background workers) does not: stale ones make a grown items table look tiny. And,
 * on the embedded database every ten minutes, a vacuum of location_count_changes, whose rows live
 * only within their transaction (docs/counts.md): each writing transaction leaves a dead row,
 * which autovacuum clears on PostgreSQL and nothing would on PGlite.
 * Each process cleans up at its start; then every six hours one process does.
 */
export function startHousekeeping({ owner, log, ...options }: HousekeepingDeps): Job {
  const cleanUp = startPeriodicSweep(owner, log, {
    name: 'housekeeping',
    claim: 'housekeeping_claimed',
    intervalMs: SIX_HOURS,
    runAtStart: true,
    run: () => runHousekeeping(owner, options),
  });
  const vacuum = options.embedded
    ? startPeriodicSweep(owner, log, {
        name: 'vacuum of location_count_changes',
        claim: 'count_changes_vacuum_claimed',
        intervalMs: TEN_MINUTES,
        run: () => vacuumCountChanges(owner),
      })
    : undefined;
  return {
    stop: async () => {
      await cleanUp.stop();
      await vacuum?.stop();
    },
  };
}
