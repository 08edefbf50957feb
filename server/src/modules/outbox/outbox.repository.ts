import { asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
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

/** Keeps messages to be sent by the job queue (status pending), in the caller's transaction; answers their ids. */
export async function insertPendingMessages(
  tenant: TenantScope,
  rows: readonly (Pick<OutboxRow, 'channel' | 'recipient' | 'subject' | 'body' | 'language'> &
    Partial<Pick<OutboxRow, 'observationUuid' | 'attachmentKey' | 'attachmentName'>>)[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await tenant
    .insertMany(
      mailOutbox,
      rows.map((row) => ({ ...row, status: 'pending' as const })),
    )
    .returning({ id: mailOutbox.id });
  return inserted.map((row) => row.id);
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

/** One message of the customer, if it is still to be sent (pending or retrying). */
export async function findUnsentMessage(tenant: TenantScope, id: number): Promise<OutboxRow | undefined> {
  const [row] = await tenant.select(
    mailOutbox,
    eq(mailOutbox.id, id),
    inArray(mailOutbox.status, ['pending', 'retrying']),
  );
  return row as OutboxRow | undefined;
}

/** Records an attempt to send a message and what became of it. */
export async function recordSendAttempt(
  tenant: TenantScope,
  id: number,
  outcome: Pick<OutboxRow, 'status' | 'error'>,
): Promise<void> {
  await tenant.db
    .update(mailOutbox)
    .set({ status: outcome.status, error: outcome.error, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(tenant.where(mailOutbox, eq(mailOutbox.id, id)));
}
