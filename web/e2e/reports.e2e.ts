import { readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
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
    // On a phone the schedule is one of the row's details.
    await page.getByTestId('report-row').first().getByTestId('row-details-toggle').click();
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

describe('report forms: messages, unsaved exports, sorting, roles', () => {
  /** Types a date-time into a report picker, a section at a time (dd/MM/yyyy hh:mm a in English). */
  async function typeDateTime(page: Page, sections: Locator, first: number, text: string) {
    await sections.nth(first).click();
    await page.keyboard.type(text, { delay: 20 });
  }
  /** The reason a disabled control gives (its DisabledReason wrapper's name), shown on focus. */
  const reasonOf = (control: Locator) =>
    control.locator('xpath=ancestor::*[@data-testid="disabled-reason"][1]').getAttribute('aria-label');

  it('a date filter says at the field why it cannot be saved, and Save says why it is disabled', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/reporting/reporting-form/asset');
    await page.getByTestId('report-name-input').fill(`E2E dates ${Math.random().toString(36).slice(2, 7)}`);
    const save = page.getByTestId('report-form-save');
    await expect.poll(() => save.isEnabled()).toBe(true);

    // Absolute, Between: empty, then reversed, then in order.
    await page.getByRole('switch', { name: 'Created date' }).check();
    const created = page.getByTestId('report-created');
    await created.getByRole('button', { name: 'Absolute' }).click();
    await created.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'Between' }).click();
    await created.getByText('Start date is required').waitFor();
    await expect.poll(() => save.isDisabled()).toBe(true);
    expect(await reasonOf(save)).toBe('Start date is required');
    // The pickers follow the spec's dd/MM/yyyy hh:mm a in English.
    const sections = created.getByRole('spinbutton');
    await typeDateTime(page, sections, 0, '020320261000AM');
    await created.getByText('End date must be greater than start date').waitFor();
    await typeDateTime(page, sections, 6, '010320261000AM');
    await created.getByText('End date must be greater than start date').waitFor();
    expect(await reasonOf(save)).toBe('End date must be greater than start date');
    await screenshot(page, 'report-item-form-date-messages');
    await save.locator('xpath=..').focus();
    await expect.poll(() => page.getByRole('tooltip').textContent()).toBe('End date must be greater than start date');
    await typeDateTime(page, sections, 6, '030320260230PM');
    await expect.poll(() => created.getByText('End date must be greater than start date').count()).toBe(0);
    expect(await created.locator('input[aria-hidden][value*="/"]').nth(1).inputValue()).toBe('03/03/2026 02:30 PM');

    // Relative, "Last …": a whole number from 1.
    await page.getByRole('switch', { name: 'Last update date' }).check();
    const seen = page.getByTestId('report-latest-status-update');
    await seen.getByRole('combobox', { name: 'Operator' }).click();
    await page.getByRole('option', { name: 'Last …' }).click();
    await seen.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'Days' }).click();
    await seen.getByText('Value is required').waitFor();
    await seen.getByLabel('Number').fill('2.5');
    await seen.getByText('A valid integer is required.').waitFor();
    await seen.getByLabel('Number').fill('0');
    await seen.getByText('Ensure this value is greater than or equal to 1.').waitFor();
    expect(await reasonOf(save)).toBe('Ensure this value is greater than or equal to 1.');
    await seen.getByLabel('Number').fill('7');
    await expect.poll(() => save.isEnabled()).toBe(true);

    // The same messages in German, and on a phone.
    await chooseLanguage(page, 'Deutsch', 'de');
    await page.goto('/reporting/reporting-form/asset');
    await page.getByRole('switch', { name: 'Erstellungsdatum' }).check();
    const erstellt = page.getByTestId('report-created');
    await erstellt.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Letzte …' }).click();
    await erstellt.getByLabel('Anzahl').fill('0');
    await expect.poll(() => erstellt.locator('.MuiFormHelperText-root').count()).toBeGreaterThan(0);
    // German counts 24 hours: the pickers do too.
    await page.getByRole('switch', { name: 'Datum der letzten Aktualisierung' }).check();
    const gesehen = page.getByTestId('report-latest-status-update');
    await gesehen.getByRole('button', { name: 'Absolut' }).click();
    await gesehen.getByRole('combobox').first().click();
    await page.getByRole('option', { name: 'Zwischen' }).click();
    await typeDateTime(page, gesehen.getByRole('spinbutton'), 0, '020320261430');
    expect(await gesehen.locator('input[aria-hidden][value*="/"]').first().inputValue()).toBe('02/03/2026 14:30');
    await screenshot(page, 'report-item-form-date-messages-de');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => pastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'report-item-form-date-messages-de-phone');
    await chooseLanguage(page, 'English', 'en');
    await context.close();
  });

  it('the edit form exports what it shows unsaved, results sort by a header, tree checkboxes and categories are found by role', async () => {
    const name = `E2E unsaved ${Math.random().toString(36).slice(2, 7)}`;
    const admin = apiFor('admin');
    const report = (await admin.post('/report/realtime/', {
      report_name: name,
      report_json: {
        filters: { status: ['in'] },
        fields: [
          { header: 'EPC', headerKey: 'code' },
          { header: 'Status', headerKey: 'status' },
          { header: 'Location', headerKey: 'location__name' },
        ],
        ordering: [{ field: 'code', value: 'ascending' }],
      },
    })) as { id: number };
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto(`/reporting/edit-reporting-form/${report.id}`);
    await page.getByTestId('report-name-input').waitFor();

    // The location tree's checkboxes and the category select's options, by role and name.
    const roots = (await admin.get('/configuration/location/?only_root=true')) as { name: string }[];
    const root = roots.find((r) => !['Removed', 'Unassigned'].includes(r.name))!;
    await page.getByTestId('report-location-picker-node').first().waitFor();
    await page.getByRole('checkbox', { name: root.name, exact: true }).check();
    expect(await page.getByTestId('report-location-picker-count').textContent()).toBe('1 selected');
    await page.getByRole('checkbox', { name: root.name, exact: true }).uncheck();
    await page.getByRole('combobox', { name: 'Category' }).click();
    const options = await page.getByRole('listbox').getByRole('option').allTextContents();
    expect(options.slice(0, 2)).toEqual(['All categories', 'Uncategorized']);
    expect(options).not.toContain('Category');
    await page.keyboard.press('Escape');

    // Unsaved: Lost instead of In. The export writes what the form shows, not the saved report.
    await page.getByRole('checkbox', { name: 'In', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Lost', exact: true }).check();
    const request = page.waitForRequest((r) => r.method() === 'POST' && r.url().endsWith('/report/realtime/export'));
    const download = page.waitForEvent('download');
    await page.getByTestId('report-form-export').click();
    expect(
      ((await request).postDataJSON() as { report_json: { filters: { status: string[] } } }).report_json.filters.status,
    ).toEqual(['lost']);
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^report-E2E unsaved [a-z0-9]+-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const lines = (await readFile((await file.path())!, 'utf8')).trim().split('\n');
    expect(lines[0]).toBe('EPC,Status,Location');
    const lost = (await admin.get('/tag-data/tag/?status=lost&page_size=1')) as { count: number };
    expect(lines.length - 1).toBe(Math.min(lost.count, 100_000));
    expect(lines.slice(1).every((line) => line.split(',')[1] === 'lost')).toBe(true);
    await screenshot(page, 'report-item-form-unsaved-export');
    // Leaving without saving: the saved report still lists the items in.
    await page.getByTestId('report-form-cancel').click();
    await page.getByTestId('unsaved-changes-dialog-confirm').click();
    await page.waitForURL(/\/reporting$/);
    await page.goto(`/reporting/view-report/${report.id}`);

    // The results sort by a header click: ascending, then descending; the report's own order first.
    const firstCodes = async () =>
      (await page.getByTestId('report-result-row').locator('td:first-child').allTextContents()).slice(0, 5);
    await expect.poll(async () => (await firstCodes()).length).toBeGreaterThan(1);
    const saved = await firstCodes();
    expect(saved).toEqual([...saved].sort());
    await page.getByTestId('report-results-sort-code').click();
    await page.waitForURL(/ordering=code$/);
    await page.getByTestId('report-results-sort-code').click();
    await page.waitForURL(/ordering=-code$/);
    await expect
      .poll(async () => {
        const codes = await firstCodes();
        return codes.length > 1 && codes.join() === [...codes].sort().reverse().join();
      })
      .toBe(true);
    await screenshot(page, 'report-results-sorted');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'report-results-sorted-phone');
    await apiAs('admin', 'DELETE', `/report/realtime/${report.id}/`);
    await context.close();
  });
});
