import {
  DEFAULT_LANGUAGE,
  isLanguageCode,
  OUTBOX_ORDERING,
  pageWindow,
  singleOrdering,
  type MailStatus,
  type OutboxListQuery,
  type OutboxMessage,
  type Paged,
} from '@tagtrack/contract';
import type { ServiceContext } from '../../lib/context.js';
import { TenantScope, type CustomerAccess } from '../../db/tenant.js';
import { createMailer, type KeepMessage } from '../../lib/mail/mailer.js';
import {
  findOutboxPage,
  insertOutboxMessage,
  findUnsentMessage,
  insertPendingMessages,
  recordSendAttempt,
  type OutboxRow,
} from './outbox.repository.js';
import type { FileStorage } from '../../lib/storage/file-storage.js';
import type { MailAttachment, Mailer, MailOutcome } from '../../lib/mail/mailer.js';
import type { SmsGateway } from '../../lib/mail/sms-gateway.js';

function present(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    language: isLanguageCode(row.language) ? row.language : DEFAULT_LANGUAGE,
    status: row.status,
    error: row.error,
    attempts: row.attempts,
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

/** A message an alert sends: e-mail or SMS, already rendered in its recipient's language. */
export type PendingMessage = Parameters<typeof insertPendingMessages>[1][number];

/**
 * Keeps an alert's messages in the outbox as pending, in the alert's transaction, for the job
 * queue to send once it commits (docs/sensors.md, Notifications). Answers their ids.
 */
export function queueMessages(tenant: TenantScope, messages: readonly PendingMessage[]): Promise<number[]> {
  return insertPendingMessages(tenant, messages);
}

/** How queued messages leave: e-mail through the mailer, SMS through the gateway; attachments come from the files. */
export interface MessageTransports {
  mailer: Pick<Mailer, 'deliver' | 'close'>;
  sms: SmsGateway;
  files?: Pick<FileStorage, 'read' | 'exists'>;
}

/** A message's attachment, read from the file storage; none when it has none or its file is gone. */
async function attachmentsOf(
  message: OutboxRow,
  files: MessageTransports['files'],
): Promise<MailAttachment[] | undefined> {
  if (!message.attachmentKey || !files || !(await files.exists(message.attachmentKey))) return undefined;
  return [{ filename: message.attachmentName ?? 'attachment', content: files.read(message.attachmentKey) }];
}

/**
 * Sends a queued message (an alert's e-mail or SMS) and records the attempt: sent or logged; on a
 * failure `retrying` while attempts are left (the caller's job is retried with backoff), else
 * `failed`. A message no longer pending (sent by another process, or gone) is left alone.
 * Answers the outcome, or null when there was nothing to send.
 */
export async function sendQueuedMessage(
  tenant: TenantScope,
  transports: MessageTransports,
  id: number,
  lastAttempt: boolean,
): Promise<MailOutcome | null> {
  const message = await findUnsentMessage(tenant, id);
  if (!message) return null;
  const outcome =
    message.channel === 'sms'
      ? await transports.sms.send({ to: message.recipient, text: message.body })
      : await transports.mailer.deliver({
          to: message.recipient,
          subject: message.subject,
          text: message.body,
          attachments: await attachmentsOf(message, transports.files),
        });
  const status: MailStatus = outcome.status === 'failed' && !lastAttempt ? 'retrying' : outcome.status;
  await recordSendAttempt(tenant, id, { status, error: outcome.error });
  return { status, error: outcome.error };
}

/** The mailer that keeps every message it sends, whatever became of it, in its customer's outbox. */
export function createOutboxMailer(options: Omit<Parameters<typeof createMailer>[0], 'keep'> & { db: CustomerAccess }) {
  const { db, ...rest } = options;
  return createMailer({ ...rest, keep: outboxKeeper(db) });
}

function outboxKeeper(db: CustomerAccess): KeepMessage {
  return async (message, outcome) => {
    // SECURITY: stamped with the message's customer, so each administrator sees only their own mail.
    await insertOutboxMessage(new TenantScope(db, message.customerId), {
      recipient: message.to,
      subject: message.subject,
      body: message.text,
      language: message.language,
      status: outcome.status,
      error: outcome.error,
    });
  };
}
