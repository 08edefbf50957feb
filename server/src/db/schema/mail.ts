import { sql } from 'drizzle-orm';
import {
  bigint,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MailStatus, OutboxChannel } from '@tagtrack/contract';
import { createdAtColumn, customerIdColumn, idColumn } from './columns.js';
import { users } from './users.js';

/**
 * Every e-mail (and alert SMS) the server sends or tries to send, kept per customer so an
 * administrator can read what went out, and so a new install without SMTP_URL still delivers reset
 * links (status logged). An alert's notifications are written `pending` in the alert's transaction
 * and sent by the job queue (docs/sensors.md, Notifications).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    channel: text('channel').$type<OutboxChannel>().notNull().default('email'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    language: text('language').notNull().default('en'),
    status: text('status').$type<MailStatus>().notNull(),
    error: text('error').notNull().default(''),
    attempts: integer('attempts').notNull().default(0),
    /** The alert it notifies of, if any. */
    observationUuid: uuid('observation_uuid'),
    /** A file sent with it (a scheduled report's CSV): its key in the file storage and its name. */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    index('mail_outbox_customer_created_idx').on(t.customerId, t.createdAt),
    // The dispatcher's look across customers for notifications not yet sent.
    index('mail_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'retrying')`),
  ],
);

/**
 * Password reset links. The link carries a random id; only its SHA-256 is stored. A link is used
 * once (used_at) and expires; a new link or a completed reset ends the user's earlier links.
 */
export const passwordResetRequests = pgTable(
  'password_reset_requests',
  {
    customerId: customerIdColumn(),
    id: idColumn(),
    userId: bigint('user_id', { mode: 'number' }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.customerId, t.id] }),
    // A link arrives without a customer, like a username at sign-in: looked up instance-wide.
    uniqueIndex('password_reset_requests_token_key').on(t.tokenHash),
    index('password_reset_requests_user_idx').on(t.customerId, t.userId),
    foreignKey({ columns: [t.customerId, t.userId], foreignColumns: [users.customerId, users.id] }).onDelete('cascade'),
  ],
);
