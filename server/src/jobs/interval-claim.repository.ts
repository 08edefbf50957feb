import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { instanceSettings } from '../db/schema/index.js';
import { sqlRows } from '../db/sql-rows.js';

/**
 * Claims this interval of the sweep whose claims `key` names (a row of instance_settings) for
 * the calling process: several server processes on one database each run the sweep's timer, and
 * the first whose timer fires after the interval (less a tenth, for timers that drift) since the
 * last claim sweeps; the others find it claimed. The upsert is atomic, so two processes never both
 * claim one interval. SECURITY: instance-wide, on the owner's connection.
 */
export async function claimInterval(db: Db, key: string, intervalMs: number): Promise<boolean> {
  const rows = await sqlRows<{ claimed: boolean }>(
    db,
    sql`insert into ${instanceSettings} (key, value, updated_at) values (${key}, '', now())
        on conflict (key) do update set updated_at = now()
        where ${instanceSettings.updatedAt} <= now() - make_interval(secs => ${(intervalMs * 0.9) / 1000})
        returning true as claimed`,
  );
  return rows.length > 0;
}
