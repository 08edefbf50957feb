import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { purgeOldRefreshTokens } from '../modules/auth/auth.repository.js';
import { purgeOldOutboxMessages } from '../modules/mail/outbox.repository.js';
import { purgeOldResetLinks } from '../modules/users/password-reset.repository.js';

const SIX_HOURS = 6 * 3600 * 1000;

/**
 * Periodic clean-up: refresh tokens and password reset links that expired, or were used or
 * revoked, over a day ago, and outgoing mail older than 90 days. On the
 * embedded database also the planner statistics, which PostgreSQL's autovacuum keeps fresh but
 * PGlite (no background workers) does not: stale ones make a grown items table look tiny.
 */
export function startHousekeeping(db: Db, log: FastifyBaseLogger, options: { analyze: boolean }): () => void {
  const runOnce = async () => {
    try {
      await purgeOldRefreshTokens(db);
      await purgeOldResetLinks(db);
      await purgeOldOutboxMessages(db);
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
