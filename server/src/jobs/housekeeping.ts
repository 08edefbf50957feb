import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { purgeOldRefreshTokens } from '../modules/auth/auth.repository.js';

const SIX_HOURS = 6 * 3600 * 1000;

/**
 * Periodic clean-up: refresh tokens that expired, or were used or revoked, over a day ago. On the
 * embedded database also the planner statistics, which PostgreSQL's autovacuum keeps fresh but
 * PGlite (no background workers) does not: stale ones make a grown items table look tiny.
 */
export function startHousekeeping(db: Db, log: FastifyBaseLogger, options: { analyze: boolean }): () => void {
  const runOnce = async () => {
    try {
      await purgeOldRefreshTokens(db);
      if (options.analyze) await db.execute(sql`analyze`);
    } catch (error: unknown) {
      log.error({ err: error }, 'housekeeping failed');
    }
  };
  void runOnce();
  const timer = setInterval(() => void runOnce(), SIX_HOURS);
  timer.unref();
  return () => clearInterval(timer);
}
