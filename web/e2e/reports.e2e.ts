import { describe, expect, it } from 'vitest';
import { apiFor, screenshot, signIn, useBrowser, withoutSetupModeBanner } from './support.js';

const open = useBrowser();

describe('reports', () => {
  it('an administrator saves an item report, views its results, exports them and deletes it', async () => {
    const name = `E2E stock ${Math.random().toString(36).slice(2, 7)}`;
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/reporting');
    await page.getByTestId('report-new').click();
    await page.getByTestId('report-new-asset').click();
    await page.waitForURL(/\/reporting\/reporting-form\/asset$/);
    await page.getByTestId('report-name-input').fill(name);
    await screenshot(page, 'report-item-form');
    await page.getByTestId('report-form-save').click();

    // Save and View: the results of the report, items in stock by default.
    await page.waitForURL(/\/reporting\/view-report\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect.poll(async () => (await page.getByTestId('report-result-row').count()) > 0).toBe(true);
    await screenshot(page, 'report-results');
    const download = page.waitForEvent('download');
    await page.getByTestId('report-export').click();
    expect((await download).suggestedFilename()).toMatch(/^report-E2E stock [a-z0-9]+-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);

    await page.getByTestId('report-delete').click();
    await page.getByTestId('report-delete-confirm').click();
    await page.waitForURL(/\/reporting$/);
    const left = (await apiFor('admin').get(`/report/realtime/?search=${encodeURIComponent(name)}`)) as {
      count: number;
    };
    expect(left.count).toBe(0);
    await context.close();
  });

  it('a viewer reads the demo reports without write controls', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'viewer');
    await page.goto('/reporting');
    const row = page.getByTestId('report-row').filter({ hasText: 'Stock by location' });
    await row.waitFor();
    await expect.poll(() => page.getByTestId('report-new').count()).toBe(0);
    await screenshot(page, 'report-list-viewer');
    await row.getByTestId('report-link').click();
    await page.waitForURL(/\/reporting\/view-report\/\d+$/);
    await expect.poll(async () => (await page.getByTestId('report-result-row').count()) > 0).toBe(true);
    expect(await page.getByTestId('report-delete').count()).toBe(0);
    await context.close();
  });

  it('an operator runs the demo weekly report now and downloads the run from its history', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'operator');
    await page.goto('/reporting');
    const row = page.getByTestId('report-row').filter({ hasText: 'Weekly inventory levels' });
    await row.getByTestId('report-link').click();
    await page.waitForURL(/\/reporting\/history-scheduled-report\/\d+\//);
    const runs = page.getByTestId('report-run-row');
    await runs.first().waitFor();
    const before = await runs.count();
    await page.getByTestId('report-run-now').click();
    await expect.poll(() => runs.count(), { timeout: 30_000 }).toBeGreaterThan(before);
    await screenshot(page, 'report-history');
    const download = page.waitForEvent('download');
    await runs.last().click();
    expect((await download).suggestedFilename()).toMatch(/^report-Weekly inventory levels-.*\.csv$/);
    await context.close();
  });
});
