import { and, asc, count, desc, eq, ilike, notExists, or, sql, type SQL } from 'drizzle-orm';
import type { DiscoveredReaderOrderField } from '@tagtrack/contract';
import type { TenantScope } from '../../db/tenant.js';
import { discoveredReaders, readers } from '../../db/schema/index.js';

export type DiscoveredRow = typeof discoveredReaders.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Discovered readers are instance-wide (an on-premise install serves one customer); one whose
 * serial has since been registered is no longer offered.
 */
const unregistered = notExists(
  sql`(select 1 from ${readers} where lower(${readers.serial}) = lower(${discoveredReaders.serial}))`,
);

const DISCOVERED_ORDER = {
  serial: sql`lower(${discoveredReaders.serial})`,
  kind: sql`lower(${discoveredReaders.kind})`,
  ip_address: discoveredReaders.ipAddress,
  version: discoveredReaders.version,
  last_seen: discoveredReaders.lastSeen,
  id: discoveredReaders.id,
} satisfies Record<DiscoveredReaderOrderField, unknown>;

function conditions(search?: string, extra?: SQL): SQL {
  const pattern = search ? `%${escapeLike(search)}%` : undefined;
  return and(
    unregistered,
    pattern ? or(ilike(discoveredReaders.serial, pattern), ilike(discoveredReaders.ipAddress, pattern)) : undefined,
    extra,
  ) as SQL;
}

export async function findDiscoveredPage(
  tenant: TenantScope,
  query: { search?: string; field: DiscoveredReaderOrderField; descending: boolean; limit: number; offset: number },
): Promise<{ count: number; rows: DiscoveredRow[] }> {
  const where = conditions(query.search);
  const column = DISCOVERED_ORDER[query.field];
  const direction = query.descending ? desc : asc;
  const db = tenant.db;
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(discoveredReaders).where(where),
    db
      .select()
      .from(discoveredReaders)
      .where(where)
      .orderBy(direction(column), direction(discoveredReaders.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count: total?.n ?? 0, rows };
}

export async function findDiscovered(tenant: TenantScope, id: number): Promise<DiscoveredRow | undefined> {
  const [row] = await tenant.db
    .select()
    .from(discoveredReaders)
    .where(conditions(undefined, eq(discoveredReaders.id, id)));
  return row;
}

/** Unregistered readers last seen at this address (and with this serial, when given). */
export async function findDiscoveredAt(
  tenant: TenantScope,
  ipAddress: string,
  serial?: string,
): Promise<DiscoveredRow[]> {
  return tenant.db
    .select()
    .from(discoveredReaders)
    .where(
      conditions(
        undefined,
        and(
          eq(discoveredReaders.ipAddress, ipAddress),
          serial ? eq(sql`lower(${discoveredReaders.serial})`, serial.toLowerCase()) : undefined,
        ),
      ),
    )
    .orderBy(asc(discoveredReaders.serial));
}
