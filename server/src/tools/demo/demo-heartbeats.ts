import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { customers, readerHeartbeats } from '../../db/schema/index.js';

/** How often the demo readers' heartbeats are renewed. */
export const DEMO_HEARTBEAT_MS = 20_000;
/** A demo heartbeat older than this was seeded stale and stays stale. */
const LIVE_WITHIN = '10 minutes';

/**
 * Keeps the demo customers' readers alive: heartbeats that are current are renewed, so the fixed
 * reader list shows healthy, warning and setup readers next to the one seeded stale.
 * Real readers post heartbeats themselves (docs/reader-protocol.md).
 */
export async function renewDemoHeartbeats(db: Db): Promise<number> {
  const demo = db.select({ id: customers.id }).from(customers).where(eq(customers.isDemo, true));
  const renewed = await db
    .update(readerHeartbeats)
    .set({ updated: sql`now()` })
    .where(
      and(
        inArray(readerHeartbeats.customerId, demo),
        gt(readerHeartbeats.updated, sql`now() - interval '${sql.raw(LIVE_WITHIN)}'`),
      ),
    )
    .returning({ readerId: readerHeartbeats.readerId });
  return renewed.length;
}

export function startDemoHeartbeats(db: Db, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    renewDemoHeartbeats(db).catch((error: unknown) => log.error({ err: error }, 'demo heartbeats failed'));
  }, DEMO_HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}
