import { z } from 'zod';
import { LANGUAGE_CODES } from '../common/languages.js';
import { ListQuerySchema, orderingSchema, pageSizeSchema } from '../common/pagination.js';

/**
 * How a message left: `sent` through SMTP_URL, `logged` (no SMTP_URL: written to the server log
 * and kept here only), `failed` (the SMTP server refused it; `error` says why).
 */
export const MAIL_STATUSES = ['sent', 'logged', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/** One e-mail the server sent or tried to send for this customer (GET /accounts/outbox/). */
export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  recipient: z.string(),
  subject: z.string(),
  body: z.string(),
  language: z.enum(LANGUAGE_CODES),
  status: z.enum(MAIL_STATUSES),
  error: z.string(),
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
