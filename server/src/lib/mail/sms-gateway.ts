import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { MailOutcome } from './mailer.js';

/** Sends alert SMS through a generic HTTP gateway (docs/sensors.md, Notifications). */
export interface SmsGateway {
  send(message: { to: string; text: string }): Promise<MailOutcome>;
}

const TIMEOUT_MS = 10_000;

/**
 * POSTs `{to, text}` as JSON to SMS_URL with `Authorization: Bearer SMS_TOKEN` when set; any 2xx
 * answer is sent, anything else (or no answer within 10 s) failed with the reason. Without SMS_URL
 * the message goes to the server log (status logged), as mail does without SMTP_URL.
 */
export function createSmsGateway(options: {
  config: Pick<Config, 'SMS_URL' | 'SMS_TOKEN'>;
  log: FastifyBaseLogger;
}): SmsGateway {
  const { config, log } = options;
  return {
    async send({ to, text }) {
      if (!config.SMS_URL) {
        log.info({ to, text }, 'SMS kept in the outbox and the log');
        return { status: 'logged', error: '' };
      }
      try {
        const res = await fetch(config.SMS_URL, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(config.SMS_TOKEN ? { authorization: `Bearer ${config.SMS_TOKEN}` } : {}),
          },
          body: JSON.stringify({ to, text }),
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        if (res.ok) {
          log.info({ to }, 'SMS sent');
          return { status: 'sent', error: '' };
        }
        const answer = (await res.text().catch(() => '')).slice(0, 200);
        const reason = `the SMS gateway answered ${res.status}${answer ? `: ${answer}` : ''}`;
        log.warn({ to, reason }, 'SMS could not be sent');
        return { status: 'failed', error: reason };
      } catch (error: unknown) {
        const reason = error instanceof Error ? error.message : String(error);
        log.warn({ to, reason }, 'SMS could not be sent');
        return { status: 'failed', error: reason };
      }
    },
  };
}
