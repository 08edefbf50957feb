import { describe, expect, it } from 'vitest';
import { PASSWORD, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

describe('reporting an error', () => {
  it('shows a failed password change as an error snackbar whose report reaches the server', async () => {
    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.goto('/password-change');
    await page.getByLabel('Old password').fill('Not-my-password-1');
    await page.getByLabel('New password', { exact: true }).fill('Brand-new-pass-1');
    await page.getByLabel(/Confirm/).fill('Brand-new-pass-1');
    await page.getByRole('button', { name: /Change password|Save/ }).click();
    await page.getByText("Failed to change user's password", { exact: false }).first().waitFor();
    await page.getByTestId('error-report-button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await dialog.getByLabel(/Comment/).fill('The old password was refused');
    const posted = page.waitForResponse((r) => r.url().endsWith('/api/error/') && r.request().method() === 'POST');
    await dialog.getByRole('button', { name: /Send/ }).click();
    expect((await posted).status()).toBe(201);
    await page.getByText('Thank you! The error report is successfully sent to support team.').waitFor();
    await screenshot(page, 'error-reported');
    // The password did not change.
    await context.close();
    const again = await open();
    await signIn(again.page, 'operator', PASSWORD);
    await again.context.close();
  });
});
