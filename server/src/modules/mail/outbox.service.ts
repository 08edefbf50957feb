import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  MAIL_STATUSES,
  OUTBOX_ORDERING,
  pageWindow,
  singleOrdering,
  type MailStatus,
  type OutboxListQuery,
  type OutboxMessage,
  type Paged,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { findOutboxPage, type OutboxRow } from './outbox.repository.js';

const isMailStatus = (value: string): value is MailStatus => (MAIL_STATUSES as readonly string[]).includes(value);

function present(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    language: isLanguageCode(row.language) ? row.language : DEFAULT_LANGUAGE,
    status: isMailStatus(row.status) ? row.status : 'failed',
    error: row.error,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /accounts/outbox/: the caller's customer's mail, newest first unless ordered otherwise. */
export async function listOutbox(ctx: ServiceContext, query: OutboxListQuery): Promise<Paged<OutboxMessage>> {
  const order = singleOrdering(query.ordering, OUTBOX_ORDERING, '-created_at');
  const { count, rows } = await findOutboxPage(ctx.tenant, {
    search: query.search || undefined,
    field: order.field,
    descending: order.descending,
    ...pageWindow(query),
  });
  return { count, results: rows.map(present) };
}
