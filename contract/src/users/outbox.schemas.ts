import { z } from 'zod';
import { LANGUAGE_CODES } from '../common/languages.js';
import { ListQuerySchema, orderingSchema, pageSizeSchema } from '../common/pagination.js';

/**
 * How a message left: `sent` through SMTP_URL (an SMS through SMS_URL), `logged` (no SMTP_URL or
 * SMS_URL: written to the server log and kept here only), `failed` (refused, and no attempt left;
 * `error` says why). An alert's notification is `pending` until its first attempt and `retrying`
 * after a failed one while attempts are left (docs/sensors.md, Notifications).
 */
export const MAIL_STATUSES = ['sent', 'logged', 'failed', 'pending', 'retrying'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** How a message goes out: e-mail, or SMS (an alert's action). */
export const OUTBOX_CHANNELS = ['email', 'sms'] as const;
export type OutboxChannel = (typeof OUTBOX_CHANNELS)[number];

/** One e-mail the server sent or tried to send for this customer (GET /accounts/outbox/). */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_CHANNELS),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  language: z.enum(LANGUAGE_CODES),
  status: z.enum(MAIL_STATUSES),
  error: z.string(),
  /** Attempts made to send it (0 while pending). */
  attempts: z.number().int(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

export const OUTBOX_ORDERING = ['created_at', 'recipient', 'subject', 'status', 'id'] as const;

/** Newest first unless ordered otherwise. */
export const OutboxListQuerySchema = ListQuerySchema.extend({
  ordering: orderingSchema(OUTBOX_ORDERING),
  page_size: pageSizeSchema(100, 10),
});
export type OutboxListQuery = z.infer<typeof OutboxListQuerySchema>;
