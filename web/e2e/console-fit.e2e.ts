import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, PASSWORD, screenshot, signIn, useBrowser, withoutSetupModeBanner } from './support.js';

const open = useBrowser();

/** The table cells of the page's main area whose right edge lies past the window's. */
function cellsPastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main td, main th')]
      .filter((cell) => cell.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((cell) => cell.getAttribute('data-testid') || cell.textContent || cell.tagName),
  );
}

/** A new administrator whose profile language is German. */
async function germanAdministrator(): Promise<string> {
  const username = `e2e_de_${Math.random().toString(36).slice(2, 7)}`;
  await apiAs('admin', 'POST', '/accounts/users/', {
    username,
    email: `${username}@example.com`,
    roles: ['administrator'],
    language: 'de',
    password: PASSWORD,
  });
  return username;
}

describe('form dialogs', () => {
  it('ask before a click beside them drops typed input, and close at once when nothing was typed', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/location');
    const dialog = page.getByRole('dialog').filter({ has: page.getByTestId('location-name-input') });
    // Beside the dialog: on the side menu, under the backdrop.
    const beside = () => page.mouse.click(40, 420);

    await page.getByTestId('add-root-location').click();
    await dialog.waitFor();
    await beside();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByTestId('unsaved-changes-dialog').count()).toBe(0);

    await page.getByTestId('add-root-location').click();
    await dialog.getByTestId('location-name-input').fill('Cold room 7');
    await beside();
    const question = page.getByTestId('unsaved-changes-dialog');
    await question.waitFor();
    expect(await question.getByRole('heading').textContent()).toBe('Unsaved changes');
    await screenshot(page, 'dialog-unsaved-question');
    await question.getByTestId('unsaved-changes-dialog-cancel').click();
    await question.waitFor({ state: 'detached' });
    expect(await dialog.getByTestId('location-name-input').inputValue()).toBe('Cold room 7');

    await beside();
    await question.getByTestId('unsaved-changes-dialog-confirm').click();
    await dialog.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('lists on a phone and on a wide screen', () => {
  it('Latest Active Events keeps the event, value and time on a phone; the products are the row’s details', async () => {
    const { context, page } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/event-center/notifications');
    const row = page.getByTestId('notification-row').first();
    await row.waitFor();
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    for (const cell of ['notification-event', 'notification-value', 'notification-time'])
      expect(await row.getByTestId(cell).isVisible()).toBe(true);
    expect(await row.getByTestId('notification-products').count()).toBe(0);
    await row.getByTestId('row-details-toggle').click();
    const details = page.getByTestId('row-details').first();
    expect(await details.getByTestId('notification-products').textContent()).toBeTruthy();
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'notifications-phone-en');
    await context.close();
  });

  it('the report list keeps the name and the row menu on a phone; the rest are the row’s details', async () => {
    const { context, page } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/reporting');
    const scheduled = page.locator('[data-testid="report-row"][data-kind="inventory"]').first();
    await scheduled.waitFor();
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    expect(await scheduled.getByTestId('report-link').isVisible()).toBe(true);
    expect(await scheduled.getByTestId('report-menu').isVisible()).toBe(true);
    await scheduled.getByTestId('row-details-toggle').click();
    const details = page.getByTestId('row-details').first();
    for (const cell of ['report-schedule', 'report-last-run', 'report-next-run'])
      expect(await details.getByTestId(cell).isVisible()).toBe(true);
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'reports-phone-en');
    await context.close();
  });

  it('the report list shows every column, Actions too, at 1,440 px', async () => {
    const { context, page } = await open();
    await page.setViewportSize({ width: 1440, height: 900 });
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/reporting');
    await page.locator('[data-testid="report-row"][data-kind="inventory"]').first().waitFor();
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    expect(await page.getByTestId('report-menu').first().isVisible()).toBe(true);
    expect(await page.getByTestId('row-details-toggle').count()).toBe(0);
    await screenshot(page, 'reports-1440-en');
    await context.close();
  });
});

describe('measured values', () => {
  it('a value too large for two decimals reads in scientific notation and stays inside its tile', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    // The server may hold such a value from before it refused them: the console must still fit it.
    await page.route('**/sensor-data/sensor/?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { results: { value: number }[] };
      if (body.results[0]) body.results[0].value = 1e308;
      await route.fulfill({ response, json: body });
    });
    await signIn(page, 'admin');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/sensor-dashboard/');
      const tile = page.getByTestId('sensor-tile').first();
      const value = tile.getByTestId('sensor-tile-value');
      await value.waitFor();
      expect(await value.textContent()).toBe('1.00E308 °C');
      const [tileBox, valueBox] = [await tile.boundingBox(), await value.boundingBox()];
      expect(valueBox!.x + valueBox!.width).toBeLessThanOrEqual(tileBox!.x + tileBox!.width);
      await screenshot(page, `sensor-tile-huge-${width}`);
    }
    await context.close();
  });
});

describe('German', () => {
  let german: string;
  beforeAll(async () => {
    german = await germanAdministrator();
  });

  it('writes measured values with a decimal comma and names the measurement type in German', async () => {
    const { context, page } = await open();
    await page.setViewportSize({ width: 1440, height: 900 });
    await withoutSetupModeBanner(page);
    await signIn(page, german);
    await page.goto('/event-center/notifications');
    await page.getByTestId('notification-row').first().waitFor();
    const values = (await page.getByTestId('notification-value').allTextContents()).filter((v) => v.includes('°C'));
    expect(values.length).toBeGreaterThan(0);
    for (const value of values) expect(value).toMatch(/^-?\d{1,3}(\.\d{3})*,\d{2} °C$/);
    await screenshot(page, 'notifications-1440-de');
    await page.goto('/reporting');
    await page.getByTestId('report-row').first().waitFor();
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'reports-1440-de');

    await page.goto('/event-center/event-form');
    await page.getByTestId('event-name-input').waitFor();
    await page.getByTestId('event-measurement-type').locator('..').click();
    const options = await page.getByRole('option').allTextContents();
    expect(options).toContain('Temperatur (°C)');
    expect(options.some((option) => option.startsWith('Temperature'))).toBe(false);
    await page.keyboard.press('Escape');
    await screenshot(page, 'event-form-de');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/reporting');
    await page.getByTestId('report-row').first().waitFor();
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'reports-phone-de');
    await page.goto('/event-center/notifications');
    await page.getByTestId('notification-row').first().waitFor();
    await expect.poll(() => cellsPastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'notifications-phone-de');
    await page.goto('/location');
    await page.getByTestId('location-node-counts').first().waitFor();
    expect(await page.getByTestId('location-node-counts').first().textContent()).toMatch(
      /^\(\d+ Artikel \/ \d+ Produkte?\)$/,
    );
    await screenshot(page, 'locations-phone-de');
    await context.close();
  });
});
