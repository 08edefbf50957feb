import { describe, expect, it } from 'vitest';
import {
  apiAs,
  apiFor,
  chooseLanguage,
  pastTheRightEdge,
  screenshot,
  signIn,
  useBrowser,
  waitForMail,
  withoutSetupModeBanner,
} from './support.js';

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

    // Edit: the name is locked; a new description is saved and the results open again.
    const reportUrl = page.url();
    await page.getByTestId('report-edit').click();
    await page.waitForURL(/\/reporting\/edit-reporting-form\/\d+$/);
    expect(await page.getByTestId('report-name-input').isDisabled()).toBe(true);
    await page.getByTestId('report-description-input').fill('Stock, edited in the browser');
    await page.getByTestId('report-form-save').click();
    await page.waitForURL(reportUrl);
    // Duplicate: the name is cleared; the copy is a report of its own.
    await page.getByTestId('report-duplicate').click();
    await page.waitForURL(/\/reporting\/duplicate-reporting-form\/\d+\/duplicate$/);
    expect(await page.getByTestId('report-name-input').inputValue()).toBe('');
    expect(await page.getByTestId('report-description-input').inputValue()).toBe('Stock, edited in the browser');
    await page.getByTestId('report-name-input').fill(`${name} copy`);
    await page.getByTestId('report-form-save').click();
    await page.waitForURL((url) => /\/reporting\/view-report\/\d+$/.test(url.pathname) && url.href !== reportUrl);
    await page.getByRole('heading', { level: 1, name: `${name} copy` }).waitFor();
    await page.getByTestId('report-delete').click();
    await page.getByTestId('report-delete-confirm').click();
    await page.waitForURL(/\/reporting$/);

    await page.goto(reportUrl);
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

  it('an application user creates a scheduled inventory report on a phone-sized window', async () => {
    const name = `E2E levels ${Math.random().toString(36).slice(2, 7)}`;
    const { context, page } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await withoutSetupModeBanner(page);
    await signIn(page, 'application');
    await page.goto('/reporting');
    await page.getByTestId('report-new').click();
    await page.getByTestId('report-new-inventory').click();
    await page.waitForURL(/\/reporting\/reporting-form\/inventory$/);
    await page.getByTestId('report-name-input').fill(name);
    await page.getByTestId('report-schedule-section').waitFor();
    await expect.poll(() => pastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'report-scheduled-form-phone');
    await page.getByTestId('report-form-save').click();

    // Saved with its schedule, then the report's history (no runs yet).
    await page.waitForURL(/\/reporting\/history-scheduled-report\/\d+\//);
    const saved = (await apiFor('application').get(`/report/scheduled/?search=${encodeURIComponent(name)}`)) as {
      count: number;
      results: { id: number; report_type: string; scheduled: { recurrence: { day_of_week: string } } }[];
    };
    expect(saved.count).toBe(1);
    expect(saved.results[0]!.report_type).toBe('inventory');
    const id = saved.results[0]!.id;

    // Edit its schedule: weekly from daily; the list says so in words.
    await page.goto(`/reporting/edit-scheduled-report-form/${id}`);
    await page.getByRole('button', { name: 'Weekly' }).click();
    await page.getByTestId('report-form-save').click();
    await page.waitForURL(/\/reporting\/history-scheduled-report\/\d+\//);
    await page.goto(`/reporting?search=${encodeURIComponent(name)}`);
    await expect
      .poll(() => page.getByTestId('report-schedule').first().textContent())
      .toMatch(/^Every (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) at \d{2}:\d{2} UTC/);
    await apiAs('application', 'DELETE', `/report/scheduled/${id}/`);

    // The item report form fits the window too, its filter sections open.
    await page.goto('/reporting/reporting-form/asset');
    await page.getByTestId('report-name-input').waitFor();
    await page.getByRole('switch', { name: 'Last update date' }).check();
    await page.getByTestId('report-latest-status-update-operator').waitFor();
    await expect.poll(() => pastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'report-item-form-phone');
    await context.close();
  });

  it('a scheduled report made in Berlin shows its zone and mails its runs to the recipients typed in', async () => {
    const name = `E2E mailed ${Math.random().toString(36).slice(2, 7)}`;
    const address = `report-${Math.random().toString(36).slice(2, 7)}@example.com`;
    const { context, page } = await open({ timezoneId: 'Europe/Berlin' });
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/reporting/reporting-form/inventory');
    await page.getByTestId('report-name-input').fill(name);
    const typed = page.getByTestId('report-custom');
    await typed.fill('not an address');
    await typed.press('Enter');
    await expect.poll(() => page.getByTestId('report-form-save').isDisabled()).toBe(true);
    // Backspace in the empty input takes the last address off.
    await typed.press('Backspace');
    await expect.poll(() => page.getByTestId('report-custom-chip').count()).toBe(0);
    await typed.fill(address);
    await typed.press('Enter');
    await expect.poll(() => page.getByTestId('schedule-summary').textContent()).toMatch(/Europe\/Berlin$/);
    await page.getByTestId('report-recipients-section').scrollIntoViewIfNeeded();
    await screenshot(page, 'report-scheduled-recipients');
    await page.getByTestId('report-form-save').click();
    await page.waitForURL(/\/reporting\/history-scheduled-report\/\d+\//);

    const saved = (await apiFor('admin').get(`/report/scheduled/?search=${encodeURIComponent(name)}`)) as {
      results: { id: number; recipients: string[]; scheduled: { time_zone: string | null } }[];
    };
    const report = saved.results[0]!;
    expect(report.recipients).toEqual([address]);
    expect(report.scheduled.time_zone).toBe('Europe/Berlin');
    await page.goto(`/reporting?search=${encodeURIComponent(name)}`);
    await expect.poll(() => page.getByTestId('report-schedule').first().textContent()).toMatch(/Europe\/Berlin$/);

    // A run now mails its CSV to the recipient.
    const since = Date.now();
    await apiAs('admin', 'POST', `/report/scheduled/${report.id}/run/`);
    const mail = await waitForMail(address, since, 30_000);
    expect(mail.subject).toBe(`Report ${name}`);
    expect(mail.text).toContain('(Europe/Berlin)');
    expect(mail.text).toContain('is attached');

    // The form in German and on a phone.
    await chooseLanguage(page, 'Deutsch', 'de');
    await page.goto(`/reporting/edit-scheduled-report-form/${report.id}`);
    await page.getByTestId('report-recipients-section').scrollIntoViewIfNeeded();
    await expect.poll(() => page.getByTestId('report-custom-chip').count()).toBe(1);
    await screenshot(page, 'report-scheduled-recipients-de');
    await chooseLanguage(page, 'English', 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/reporting/edit-scheduled-report-form/${report.id}`);
    await page.getByTestId('report-recipients-section').scrollIntoViewIfNeeded();
    await expect.poll(() => pastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'report-scheduled-recipients-phone');
    await apiAs('admin', 'DELETE', `/report/scheduled/${report.id}/`);
    await context.close();
  });
});
