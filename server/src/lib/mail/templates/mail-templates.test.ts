import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tagtrack/contract';
import { MAIL_TEMPLATES, renderMail, type MailTemplateName } from './mail-templates.js';

const NAMES = Object.keys(MAIL_TEMPLATES.en) as MailTemplateName[];
const ACCOUNT_MAILS: MailTemplateName[] = ['passwordReset', 'passwordResetForAdmin', 'invitation'];
const REPORT_MAILS: MailTemplateName[] = ['reportRunAttached', 'reportRunLinked'];
const ALERTS = NAMES.filter((name) => !ACCOUNT_MAILS.includes(name) && !REPORT_MAILS.includes(name));
const REPORT_PARAMS = {
  report: 'Stock levels',
  time: '2026-11-30 00:30:00',
  zone: 'Europe/Berlin',
  rows: 1234,
  file: 'report-Stock levels-2026-11-30-003000.csv',
  link: 'https://console.test/reporting/history-scheduled-report/7/Stock%20levels',
};
const PARAMS = {
  name: 'Nora',
  username: 'nora.neu',
  link: 'https://console.test/forgot-password/x',
  minutes: 60,
  days: 7,
};
const ALERT_PARAMS = {
  rule: 'Vaccine fridge',
  sensor: 'E280116060000208',
  product: 'Vaccine',
  location: 'Cold room 2',
  value: '9.25 °C',
  range: '2.00 – 8.00 °C',
  time: '2026-11-26 10:15:00',
  reader: 'Dock door',
  serial: 'FX-0042',
};

describe('mail templates', () => {
  it('has every template in every language', () => {
    for (const language of LANGUAGE_CODES) {
      expect(Object.keys(MAIL_TEMPLATES[language]).sort(), language).toEqual([...NAMES].sort());
    }
  });

  it.each(LANGUAGE_CODES)('%s: fills every placeholder, carries the link and the lifetime', (language) => {
    for (const name of ACCOUNT_MAILS) {
      const mail = renderMail(name, language, PARAMS);
      expect(mail.subject, `${language} ${name}`).not.toMatch(/\{\{|\}\}/);
      expect(mail.text, `${language} ${name}`).not.toMatch(/\{\{|\}\}/);
      expect(mail.text).toContain(`\n\n${PARAMS.link}\n\n`);
      expect(mail.text).toContain(name === 'invitation' ? '7' : '60');
      expect(mail.text).toContain(PARAMS.username);
      expect(mail.text).toContain('Nora');
    }
    if (language !== 'en') {
      expect(renderMail('passwordReset', language, PARAMS).subject).not.toBe(
        renderMail('passwordReset', 'en', PARAMS).subject,
      );
    }
  });

  it.each(LANGUAGE_CODES)('%s: alerts fill every placeholder and carry what happened where', (language) => {
    for (const name of ALERTS) {
      const mail = renderMail(name, language, ALERT_PARAMS);
      expect(mail.subject, `${language} ${name}`).not.toMatch(/\{\{|\}\}/);
      expect(mail.text, `${language} ${name}`).not.toMatch(/\{\{|\}\}/);
      const facts = name.startsWith('reader')
        ? [ALERT_PARAMS.reader, ALERT_PARAMS.serial, ALERT_PARAMS.location, ALERT_PARAMS.time]
        : [ALERT_PARAMS.rule, ALERT_PARAMS.sensor, ALERT_PARAMS.value, ALERT_PARAMS.range, ALERT_PARAMS.location];
      for (const fact of facts) expect(mail.text, `${language} ${name}`).toContain(fact);
    }
    expect(renderMail('sensorAlertSms', language, ALERT_PARAMS).text.length).toBeLessThan(320);
    if (language !== 'en') {
      expect(renderMail('sensorAlert', language, ALERT_PARAMS).text).not.toBe(
        renderMail('sensorAlert', 'en', ALERT_PARAMS).text,
      );
    }
  });

  it.each(LANGUAGE_CODES)('%s: a report run’s mail names the report, its time, file and history', (language) => {
    for (const name of REPORT_MAILS) {
      const mail = renderMail(name, language, REPORT_PARAMS);
      expect(mail.subject, `${language} ${name}`).toContain(REPORT_PARAMS.report);
      expect(mail.text, `${language} ${name}`).not.toMatch(/\{\{|\}\}/);
      for (const fact of [REPORT_PARAMS.time, REPORT_PARAMS.zone, '1234', REPORT_PARAMS.file, REPORT_PARAMS.link]) {
        expect(mail.text, `${language} ${name}`).toContain(fact);
      }
      if (language !== 'en') expect(mail.text).not.toBe(renderMail(name, 'en', REPORT_PARAMS).text);
    }
  });

  it('the administrator template names the user in the subject, on one line', () => {
    expect(renderMail('passwordResetForAdmin', 'en', { ...PARAMS, username: 'a\r\nBcc: x' }).subject).toBe(
      'a Bcc: x asked for a password reset',
    );
  });
});
