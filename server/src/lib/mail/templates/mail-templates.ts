import { interpolate, LANGUAGE_CODES, type LanguageCode } from '@tagtrack/contract';
import { ALERT_MAILS } from './alert.mails.js';
import { INVITATION_MAILS } from './invitation.mails.js';
import type { MailTemplate } from './mail-template.js';
import { PASSWORD_RESET_MAILS } from './password-reset.mails.js';
import { REPORT_MAILS } from './report.mails.js';

/** The values each template fills in; every placeholder of a template is one of its keys. */
export interface MailTemplateParams {
  /** To a user: a link to choose a new password. */
  passwordReset: { name: string; username: string; link: string; minutes: number };
  /** To an administrator, when the user who asked has no e-mail address: the same link to pass on. */
  passwordResetForAdmin: { name: string; username: string; link: string; minutes: number };
  /** To a user an administrator created without a password (cloud): a link to choose one. */
  invitation: { name: string; username: string; link: string; days: number };
  /** A sensor monitoring event's alert, by e-mail and (its first paragraph) by SMS. */
  sensorAlert: SensorAlertParams;
  sensorAlertSms: SensorAlertParams;
  /** To administrators: a fixed reader's heartbeat went stale, or came back. */
  readerOffline: ReaderHealthParams;
  readerOnline: ReaderHealthParams;
  /** To a scheduled report's recipients: a run's CSV attached, or linked when too large. */
  reportRunAttached: ReportRunParams;
  reportRunLinked: ReportRunParams;
}

export interface ReportRunParams {
  report: string;
  time: string;
  zone: string;
  rows: number;
  file: string;
  link: string;
}

export interface SensorAlertParams {
  rule: string;
  sensor: string;
  product: string;
  location: string;
  value: string;
  range: string;
  time: string;
}

export interface ReaderHealthParams {
  reader: string;
  serial: string;
  location: string;
  time: string;
}

export type MailTemplateName = keyof MailTemplateParams;

/** Every language has every template: the compiler refuses a missing one. */
export const MAIL_TEMPLATES = Object.fromEntries(
  LANGUAGE_CODES.map((language) => [
    language,
    {
      ...PASSWORD_RESET_MAILS[language],
      invitation: INVITATION_MAILS[language],
      ...ALERT_MAILS[language],
      ...REPORT_MAILS[language],
    },
  ]),
) as Record<LanguageCode, Record<MailTemplateName, MailTemplate>>;

/** A template in a language, its placeholders filled: the subject and the plain-text body. */
export function renderMail<N extends MailTemplateName>(
  name: N,
  language: LanguageCode,
  params: MailTemplateParams[N],
): { subject: string; text: string } {
  const template = MAIL_TEMPLATES[language][name];
  const values = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)]));
  return {
    // A subject is one line whatever a username holds.
    subject: interpolate(template.subject, values).replace(/[\r\n]+/g, ' '),
    text: `${template.paragraphs.map((p) => interpolate(p, values)).join('\n\n')}\n`,
  };
}
