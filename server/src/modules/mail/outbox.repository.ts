import { asc, desc, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { mailOutbox } from '../../db/schema/index.js';
import type { TenantScope } from '../../db/tenant.js';

export type OutboxRow = typeof mailOutbox.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const ORDER_COLUMNS = {
  created_at: mailOutbox.createdAt,
  recipient: mailOutbox.recipient,
  subject: mailOutbox.subject,
  status: mailOutbox.status,
  id: mailOutbox.id,
} as const;

export type OutboxOrderField = keyof typeof ORDER_COLUMNS;

export async function insertOutboxMessage(
  tenant: TenantScope,
  values: Pick<OutboxRow, 'recipient' | 'subject' | 'body' | 'language' | 'status' | 'error'>,
): Promise<void> {
  await tenant.insert(mailOutbox, values);
}

/** A page of the customer's mail; ties are broken by id in the same direction, so paging is stable. */
export async function findOutboxPage(
  tenant: TenantScope,
  query: { search?: string; field: OutboxOrderField; descending: boolean; limit: number; offset: number },
): Promise<{ count: number; rows: OutboxRow[] }> {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) {
    const pattern = `%${escapeLike(query.search)}%`;
    conditions.push(or(ilike(mailOutbox.recipient, pattern), ilike(mailOutbox.subject, pattern)));
  }
  const direction = query.descending ? desc : asc;
  const [count, rows] = await Promise.all([
    tenant.count(mailOutbox, ...conditions),
    tenant
      .select(mailOutbox, ...conditions)
      .orderBy(direction(ORDER_COLUMNS[query.field]), direction(mailOutbox.id))
      .limit(query.limit)
      .offset(query.offset),
  ]);
  return { count, rows: rows as OutboxRow[] };
}

/** Housekeeping across customers: mail is kept for this many days. */
export const OUTBOX_KEEP_DAYS = 90;

export async function purgeOldOutboxMessages(db: Db, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - OUTBOX_KEEP_DAYS * 24 * 3600 * 1000);
  await db.delete(mailOutbox).where(lt(mailOutbox.createdAt, cutoff));
}
