import type { Readable } from 'node:stream';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { LanguageCode, MailStatus } from '@tagtrack/contract';
import type { Config } from '../../config.js';

/** One plain-text e-mail on behalf of a customer. An empty `to` keeps it in the outbox only. */
export interface MailMessage {
  customerId: number;
  to: string;
  subject: string;
  text: string;
  language: LanguageCode;
}

/** A file sent with a mail: its name and its bytes (a stream is read as the mail goes). */
export interface MailAttachment {
  filename: string;
  content: Buffer | Readable;
}

export interface MailOutcome {
  status: MailStatus;
  /** Why the SMTP server refused it, for `failed`; empty otherwise. */
  error: string;
}

/**
 * Sends mail and keeps every message, whatever became of it, in the customer's outbox. Without
 * SMTP_URL the message goes to the server log instead (status `logged`), so a fresh install still
 * delivers reset links to whoever reads the log or the Outgoing mail card.
 */
export interface Mailer {
  send(message: MailMessage): Promise<MailOutcome>;
  /** Sends without keeping it in the outbox: for a message the outbox already holds. */
  deliver(message: DeliveredMail): Promise<MailOutcome>;
  close(): void;
}

/** What a delivery sends: a message, with files attached. */
export type DeliveredMail = Pick<MailMessage, 'to' | 'subject' | 'text'> & { attachments?: MailAttachment[] };

const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/** Keeps a message sent (or not) in its customer's outbox: the outbox module's, handed in by the app. */
export type KeepMessage = (message: MailMessage, outcome: MailOutcome) => Promise<void>;

export function createMailer(options: {
  config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM'>;
  keep: KeepMessage;
  log: FastifyBaseLogger;
}): Mailer {
  const { config, keep, log } = options;
  const transport = config.SMTP_URL
    ? nodemailer.createTransport({ url: config.SMTP_URL, ...TIMEOUTS }, { from: config.MAIL_FROM })
    : null;

  async function deliver(message: DeliveredMail): Promise<MailOutcome> {
    if (!transport || message.to === '') {
      log.info({ to: message.to, subject: message.subject, body: message.text }, 'mail kept in the outbox and the log');
      return { status: 'logged', error: '' };
    }
    try {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      });
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return { status: 'sent', error: '' };
    } catch (error: unknown) {
      const reason = error instanceof Error ? error.message : String(error);
      log.warn({ to: message.to, subject: message.subject, reason }, 'mail could not be sent');
      return { status: 'failed', error: reason };
    }
  }

  return {
    deliver,
    async send(message) {
      const outcome = await deliver(message);
      try {
        await keep(message, outcome);
      } catch (error: unknown) {
        log.error({ err: error, to: message.to, subject: message.subject }, 'mail not kept in the outbox');
      }
      return outcome;
    },
    close() {
      transport?.close();
    },
  };
}
