import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PASSWORD,
  apiAs,
  baseUrl,
  onPremiseUrl,
  resetLinkIn,
  screenshot,
  signIn,
  useBrowser,
  waitForMail,
} from './support.js';

const open = useBrowser();
const NEW_PASSWORD = 'Fresh-start-2026!';
/** The on-premise demo's administrator with an e-mail address ('admin' has none). */
const ADMIN_WITH_EMAIL = 'anna.berg@demo.tagtrack.io';
const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Sets the new password through the open reset link: a mismatch first, then the real one. */
async function setNewPassword(page: Page, username: string, screenshotName: string) {
  await page.getByRole('heading', { level: 1, name: `Set a new password for ${username}` }).waitFor();
  await page.getByLabel('New password').fill(NEW_PASSWORD);
  await page.getByLabel('Confirm password').fill(`${NEW_PASSWORD}x`);
  await page.getByRole('button', { name: 'Set password' }).click();
  await page.getByText('The passwords do not match').waitFor();
  await screenshot(page, screenshotName);
  await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect.poll(() => pathOf(page)).toBe('/login');
  await page.getByText('Your password has been reset. Sign in with your new password.').waitFor();
}

describe('password reset (spec 02 §2, §4)', () => {
  it('cloud: the mailed link sets a new password once, and the user signs in with it', async () => {
    const username = `reset.cloud${Date.now()}`;
    const email = `${username}@example.com`;
    await apiAs('admin', 'POST', '/accounts/users/', {
      username,
      email,
      first_name: 'Rita',
      last_name: 'Reset',
      roles: ['viewer'],
      password: PASSWORD,
      language: 'en',
    });
    const { context, page } = await open();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect.poll(() => pathOf(page)).toBe('/password-reset');
    await page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    const since = Date.now();
    await page.getByLabel('Username or e-mail').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('password-reset-sent').waitFor();
    await screenshot(page, 'password-reset-sent');

    const mail = await waitForMail(email, since);
    expect(mail.subject).toBe('Reset your Tagtrack password');
    const link = resetLinkIn(mail.text);
    expect(link.startsWith(`${baseUrl()}forgot-password/`)).toBe(true);

    await page.goto(link);
    await setNewPassword(page, username, 'password-reset-set');

    await page.goto(link);
    await page.getByText('This password reset link is invalid or has expired.').waitFor();
    expect(await page.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/password-reset');
    await screenshot(page, 'password-reset-invalid');

    await signIn(page, username, NEW_PASSWORD);
    await context.close();
  });

  it('on-premise: the link of a user without e-mail reaches the administrators, in Outgoing mail', async () => {
    const username = `reset.onprem${Date.now()}`;
    await apiAs(
      'admin',
      'POST',
      '/accounts/users/',
      { username, first_name: 'Otto', last_name: 'Onprem', roles: ['viewer'], password: PASSWORD, language: 'en' },
      { onPremise: true },
    );
    const visitor = await open({ onPremise: true });

    await visitor.page.goto('/login');
    await visitor.page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect.poll(() => pathOf(visitor.page)).toBe('/password-reset-onpremise');
    // The login page stays until the lazy reset page is in: its Username field must not be the one filled.
    await visitor.page.getByRole('heading', { level: 1, name: 'Reset password' }).waitFor();
    const since = Date.now();
    await visitor.page.getByLabel('Username').fill(username);
    await visitor.page.getByRole('button', { name: 'Send reset link' }).click();
    await visitor.page.getByTestId('password-reset-sent').waitFor();
    await screenshot(visitor.page, 'password-reset-onpremise-sent');
    // Mailed after the answer to the administrators with an e-mail address (the demo's anna.berg,
    // in her Swedish); once it arrived, the outbox holds it too.
    const mail = await waitForMail(ADMIN_WITH_EMAIL, since);
    expect(mail.subject).toContain(username);

    const admin = await open({ onPremise: true });
    await signIn(admin.page, 'admin');
    await admin.page.goto('/admin-setting/system-setting');
    const card = admin.page.getByTestId('outbox-card');
    const row = card.getByTestId('outbox-row').filter({ hasText: username }).filter({ hasText: ADMIN_WITH_EMAIL });
    await row.getByText('Sent').waitFor();
    await screenshot(admin.page, 'outbox-card');
    await row.click();
    const body = admin.page.getByRole('dialog').getByTestId('outbox-body');
    const link = resetLinkIn((await body.textContent()) ?? '');
    expect(link.startsWith(`${onPremiseUrl()}forgot-password/`)).toBe(true);
    await screenshot(admin.page, 'outbox-message');
    await admin.context.close();

    await visitor.page.goto(link);
    await setNewPassword(visitor.page, username, 'password-reset-onpremise-set');
    await signIn(visitor.page, username, NEW_PASSWORD);
    await visitor.context.close();
  });
});
