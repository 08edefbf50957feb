import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { purgeOldRefreshTokens } from '../modules/auth/auth.repository.js';

const SIX_HOURS = 6 * 3600 * 1000;

/** Periodic clean-up: refresh tokens that expired, or were used or revoked, over a day ago. */
export function startHousekeeping(db: Db, log: FastifyBaseLogger): () => void {
  const runOnce = () =>
    purgeOldRefreshTokens(db).catch((error: unknown) => log.error({ err: error }, 'housekeeping failed'));
  void runOnce();
  const timer = setInterval(runOnce, SIX_HOURS);
  timer.unref();
  return () => clearInterval(timer);
}
