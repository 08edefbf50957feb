import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES } from '@tagtrack/contract';
import { MAIL_TEMPLATES, renderMail, type MailTemplateName } from './mail-templates.js';

const NAMES = Object.keys(MAIL_TEMPLATES.en) as MailTemplateName[];
const PARAMS = {
  name: 'Nora',
  username: 'nora.neu',
  link: 'https://console.test/forgot-password/x',
  minutes: 60,
  days: 7,
};

describe('mail templates', () => {
  it('has every template in every language', () => {
    for (const language of LANGUAGE_CODES) {
      expect(Object.keys(MAIL_TEMPLATES[language]).sort(), language).toEqual([...NAMES].sort());
    }
  });

  it.each(LANGUAGE_CODES)('%s: fills every placeholder, carries the link and the lifetime', (language) => {
    for (const name of NAMES) {
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

  it('the administrator template names the user in the subject, on one line', () => {
    expect(renderMail('passwordResetForAdmin', 'en', { ...PARAMS, username: 'a\r\nBcc: x' }).subject).toBe(
      'a Bcc: x asked for a password reset',
    );
  });
});
