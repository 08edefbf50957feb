import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();
/** The console's setup-mode length override (see use-setup-mode-expiry.ts): 3 s instead of 30 minutes. */
const SETUP_MODE_MS_OVERRIDE_KEY = 'tagtrack.setupModeMs';

async function chooseConfiguration(page: Page, prefix: string, index: number, name: string) {
  await page.getByTestId(`${prefix}-add`).click();
  await page.getByTestId(`${prefix}-row`).nth(index).getByRole('combobox').click();
  await page.getByRole('option', { name: new RegExp(`^${name}`) }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

async function readerUuid(serial: string): Promise<string | undefined> {
  const found = (await apiAs('admin', 'GET', `/configuration/reader/?search=${encodeURIComponent(serial)}`)).body as {
    results: { uuid: string; serial: string }[];
  };
  return found.results.find((r) => r.serial === serial)?.uuid;
}

describe('readers', () => {
  it('an administrator adds a fixed reader with two configurations, turns on setup mode, continues it when it runs out, and adds a handheld', async () => {
    const { context, page } = await open();
    const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
    const serial = `E2E-FX-${suffix}`;
    const handheld = `E2E-HH-${suffix}`;
    await signIn(page, 'admin');
    await page.goto('/readers/reader');
    await page.getByTestId('reader-table').waitFor();
    await screenshot(page, 'readers-fixed-list');

    // Add: two of the demo's configurations on their own locations.
    await page.getByTestId('add-reader').click();
    await page.getByRole('heading', { level: 1, name: 'Add Reader' }).waitFor();
    expect(await page.getByTestId('reader-save').isDisabled()).toBe(true);
    await page.getByTestId('reader-serial-number-input').fill(serial);
    await page.getByTestId('reader-name-input').fill('E2E gate');
    await chooseConfiguration(page, 'reader-config', 0, 'Goods In dock doors');
    await chooseConfiguration(page, 'reader-config', 1, 'Dispatch dock doors');
    await screenshot(page, 'readers-add-form');
    await page.getByTestId('reader-save').click();
    const credentials = page.getByTestId('reader-credentials-dialog');
    await credentials.waitFor();
    expect(await credentials.getByTestId('reader-credentials-serial').textContent()).toBe(serial);
    expect(((await credentials.getByTestId('reader-credentials-secret').textContent()) ?? '').length).toBeGreaterThan(
      20,
    );
    await screenshot(page, 'readers-credentials');
    await credentials.getByTestId('reader-credentials-close').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/readers/reader');

    // Listed as assigned with both configurations.
    await page.getByTestId('reader-search').fill(serial);
    const row = page.locator(`[data-testid="reader-row"][data-serial="${serial}"]`);
    await row.waitFor();
    expect(await row.getByTestId('reader-state').textContent()).toBe('Assigned');
    expect(await row.getByTestId('reader-configuration-chip').count()).toBe(2);

    // Setup mode on: the row is coloured and the banner shows across the console.
    await row.getByTestId('reader-actions').click();
    await page.getByTestId('reader-menu-setupMode').click();
    await page.getByText('Setup mode turned on', { exact: true }).waitFor();
    await page.locator(`[data-testid="reader-row"][data-serial="${serial}"][data-status="setup"]`).waitFor();
    await page.getByTestId('setup-mode-banner').waitFor();
    await screenshot(page, 'readers-setup-banner');

    // Shortened to 3 s, setup mode runs out: Yes, Continue resets the timer.
    await page.evaluate((key) => localStorage.setItem(key, '3000'), SETUP_MODE_MS_OVERRIDE_KEY);
    await page.reload();
    const alert = page.getByTestId('setup-expiry-dialog');
    await alert.waitFor({ timeout: 20_000 });
    await alert.getByText(serial).waitFor();
    await screenshot(page, 'readers-setup-expired');
    const reset = page.waitForResponse(
      (r) => r.url().includes('/reset_setup_time/') && r.request().method() === 'POST',
    );
    await alert.getByTestId('setup-expiry-continue').click();
    expect((await reset).status()).toBe(200);
    await page.evaluate((key) => localStorage.removeItem(key), SETUP_MODE_MS_OVERRIDE_KEY);

    // Handheld: the mobile reader dialog offers Handheld configurations.
    await page.goto('/readers/hh-reader');
    await page.getByTestId('handheld-table').waitFor();
    await page.getByTestId('add-handheld').click();
    const dialog = page.getByTestId('handheld-form-dialog');
    await dialog.getByTestId('handheld-serial-input').fill(handheld);
    await chooseConfiguration(page, 'handheld-config', 0, 'Shop Floor handheld');
    await screenshot(page, 'readers-handheld-form');
    await dialog.getByTestId('handheld-save').click();
    await page.getByTestId('reader-credentials-dialog').waitFor();
    await page.getByTestId('reader-credentials-close').click();
    await page.getByTestId('handheld-search').fill(handheld);
    const hhRow = page.locator(`[data-testid="handheld-row"][data-serial="${handheld}"]`);
    await hhRow.waitFor();
    expect(await hhRow.getByTestId('handheld-last-used').textContent()).toBe('Unknown');
    await page.getByTestId('handheld-search').fill('');
    await screenshot(page, 'readers-handheld-list');

    for (const s of [serial, handheld]) {
      const uuid = await readerUuid(s);
      if (uuid) await apiAs('admin', 'DELETE', `/configuration/reader/${uuid}/`);
    }
    await context.close();
  });
});

describe('readers on-premise', () => {
  it('an administrator adds a reader with its address and password; the reader signs in with it, downloads its configuration and reports, and the console shows it', async () => {
    const { context, page } = await open({ onPremise: true });
    const serial = `E2E-OP-${Math.random().toString(36).slice(2, 7).toUpperCase()}`;
    const password = 'Reader-pass-2026';
    await signIn(page, 'admin');
    await page.goto('/readers/reader');
    await page.getByTestId('reader-table').waitFor();
    await page.getByTestId('add-reader').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/readers\/add-reader-onpremise\/?$/);

    // The address and the password are required on-premise.
    await page.getByTestId('reader-serial-number-input').fill(serial);
    await chooseConfiguration(page, 'reader-config', 0, 'Goods In dock doors');
    await page.getByTestId('reader-save').click();
    await page.getByText('Ipv4 address', { exact: true }).waitFor();
    await page.getByTestId('reader-ip-address-input').fill('10.20.30.40');
    await page.getByTestId('reader-password-input').fill(password);
    await page.getByTestId('reader-save').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/readers/reader');
    await page.getByTestId('reader-search').fill(serial);
    const row = page.locator(`[data-testid="reader-row"][data-serial="${serial}"]`);
    await row.waitFor();
    expect(await row.getByTestId('reader-state').textContent()).toBe('Assigned');
    expect(await row.getByTestId('reader-health').textContent()).toBe('No data available');
    // No setup mode on-premise.
    await row.getByTestId('reader-actions').click();
    expect(await page.getByTestId('reader-menu-setupMode').count()).toBe(0);
    await page.keyboard.press('Escape');

    // The reader itself: sign in with the password, download the configuration, report a heartbeat.
    const base = new URL(page.url()).origin;
    const token = await fetch(`${base}/reader-api/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ serial, secret: password }),
    });
    expect(token.status).toBe(200);
    const { access } = (await token.json()) as { access: string };
    const download = await fetch(`${base}/reader-api/configuration/`, {
      headers: { authorization: `Bearer ${access}` },
    });
    const configuration = (await download.json()) as { configurations: { name: string }[] };
    expect(configuration.configurations.map((c) => c.name)).toEqual(['Goods In dock doors']);
    const beat = await fetch(`${base}/reader-api/heartbeat/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${access}`, 'content-type': 'application/json' },
      body: JSON.stringify({ application: 'BradyReaderApp', interval: 60, mode: 'normal', version: '3.1.0' }),
    });
    expect(beat.status).toBe(204);

    // The list refreshes every 4 s: uploaded, and healthy.
    await expect.poll(() => row.getByTestId('reader-state').textContent(), { timeout: 15_000 }).toBe('Uploaded');
    await expect.poll(() => row.getByTestId('reader-health').textContent(), { timeout: 15_000 }).toBe('Normal');
    await screenshot(page, 'readers-onpremise-list');
    await context.close();
  });
});
