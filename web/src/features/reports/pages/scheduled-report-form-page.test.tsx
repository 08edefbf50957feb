import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { InventoryReportCreate, InventoryReportUpdate } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { category } from '../../../test/catalogue-fixtures';
import { buildCurrentUser } from '../../../test/current-user';
import { renderWithProviders } from '../../../test/render';
import { refuse, stubServer, type StubHandlers } from '../../../test/stub-server';
import { WhereAmI, scheduledReport } from '../test/report-fixtures';
import { ScheduledReportFormPage } from './scheduled-report-form-page';

// Tuesday 1 December 2026, 09:30 UTC: 10:30 in Berlin (UTC+1 in winter).
const NOW = new Date('2026-12-01T09:30:00.000Z');
const ZONE = 'Europe/Berlin';
const saved = scheduledReport(
  7,
  'Weekly levels',
  { hour: '5', day_of_week: '1' },
  {
    scheduled: {
      start: '2026-11-01T06:00:00.000Z',
      end: '2027-01-01T06:00:00.000Z',
      recurrence: { minute: '0', hour: '5', day_of_week: '1', day_of_month: '*', month_of_year: '*' },
      time_zone: null,
    },
  },
);

function renderForm(path: string, more: StubHandlers = {}, now: Date | null = NOW) {
  const server = stubServer({
    me: buildCurrentUser(['administrator']),
    categoryList: { count: 1, results: [category({ id: 4, name: 'Tools' })] },
    productList: { count: 0, results: [] },
    locationList: [],
    scheduledReportGet: ({ params }) => (params.id === '7' ? saved : undefined),
    scheduledReportCreate: ({ body }) => ({
      ...scheduledReport(9, (body as InventoryReportCreate).report_name, {}),
      ...(body as object),
      id: 9,
    }),
    scheduledReportUpdate: ({ body }) => ({ ...saved, ...(body as object) }),
    ...more,
  });
  const page = <ScheduledReportFormPage timeZone={ZONE} now={now ?? undefined} />;
  const rendered = renderWithProviders(
    <Routes>
      <Route path="/reporting/reporting-form/inventory" element={page} />
      <Route path="/reporting/edit-scheduled-report-form/:id" element={page} />
      <Route path="/reporting/duplicate-scheduled-report-form/:id/:action" element={page} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { path },
  );
  return { server, ...rendered };
}

const nameInput = () => screen.findByTestId('report-name-input') as Promise<HTMLInputElement>;
const saveButton = () => screen.getByTestId('report-form-save') as HTMLButtonElement;
/** The reason the disabled Save gives (its DisabledReason wrapper's name). */
const saveReason = () => saveButton().closest('[data-testid="disabled-reason"]')?.getAttribute('aria-label') ?? null;
const columnKeys = () =>
  within(screen.getByTestId('report-columns'))
    .getAllByRole('listitem')
    .map((row) => row.getAttribute('data-testid')?.replace('report-column-', ''));

describe('ScheduledReportFormPage', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('creates an inventory report with its schedule in UTC and opens its history', async () => {
    const user = userEvent.setup();
    const { server } = renderForm('/reporting/reporting-form/inventory');
    expect(await screen.findByRole('heading', { level: 1, name: 'New Report' })).toBeTruthy();
    expect((screen.getByTestId('report-type') as HTMLInputElement).value).toBe('Inventory Levels');
    expect(saveButton().disabled).toBe(true);
    expect(columnKeys()).toEqual(['location__name', 'count', 'product__sku']);

    await user.type(await nameInput(), 'Stock levels');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    // The time is picked in Berlin (10:30 now) and sent in UTC: one hour later is 10:30 UTC.
    expect(screen.getByTestId('recurrence-utc-hint').textContent).toBe('10:30 in your time, 09:30 UTC');
    const hours = screen.getAllByRole('spinbutton', { name: 'Hours' }).at(-1)!;
    await user.click(hours);
    await user.keyboard('{ArrowUp}');
    expect(screen.getByTestId('recurrence-utc-hint').textContent).toBe('11:30 in your time, 10:30 UTC');

    await user.click(saveButton());
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/reporting/history-scheduled-report/9/Stock%20levels'),
    );
    const body = server.callsTo('scheduledReportCreate')[0]!.body as InventoryReportCreate;
    expect(body).toEqual({
      report_type: 'inventory',
      report_name: 'Stock levels',
      report_description: '',
      category: null,
      report_json: {
        filters: { category: null },
        attribute_filters: [],
        report_filter_option: [{ is_asset_attribute: false }],
        fields: [
          { header: 'Location', headerKey: 'location__name' },
          { header: 'Count', headerKey: 'count' },
          { header: 'SKU', headerKey: 'product__sku' },
        ],
        ordering: [{ field: 'product__sku', value: 'ascending' }],
        time_zone: expect.any(String) as string,
      },
      scheduled: {
        start: NOW.toISOString(),
        end: null,
        recurrence: { minute: '30', hour: '10', day_of_week: '*', day_of_month: '*', month_of_year: '*' },
        time_zone: ZONE,
      },
      recipients: [],
    });
    expect(await screen.findByText('Scheduled report created successfully')).toBeTruthy();
  });

  it('keeps a start left at now following the clock, so a form filled in over minutes still saves', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(NOW);
    try {
      const user = userEvent.setup();
      const { server } = renderForm('/reporting/reporting-form/inventory', {}, null);
      await user.type(await nameInput(), 'Slow levels');
      await waitFor(() => expect(saveButton().disabled).toBe(false));
      // Three minutes later the start the form opened with is in the past, yet it was never picked.
      vi.setSystemTime(new Date(NOW.getTime() + 3 * 60_000 + 20_000));
      await user.click(screen.getByRole('button', { name: 'Weekly' }));
      await waitFor(() => expect(screen.getByTestId('schedule-summary').textContent).toMatch(/Every Tuesday/));
      expect(saveButton().disabled).toBe(false);
      expect(saveReason()).toBeNull();
      // The start shows the minute it now stands for, with no complaint under it.
      expect(screen.queryByText('The scheduled start must not be before now.')).toBeNull();
      await user.click(saveButton());
      await waitFor(() => expect(server.callsTo('scheduledReportCreate')).toHaveLength(1));
      const body = server.callsTo('scheduledReportCreate')[0]!.body as InventoryReportCreate;
      expect(body.scheduled.start).toBe('2026-12-01T09:33:00.000Z');
    } finally {
      vi.useRealTimers();
    }
  });

  it('still refuses a start picked in the past', async () => {
    const user = userEvent.setup();
    renderForm('/reporting/reporting-form/inventory');
    await user.type(await nameInput(), 'Past levels');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    const hours = screen.getAllByRole('spinbutton', { name: 'Hours' })[0]!;
    await user.click(hours);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(saveReason()).toBe('The scheduled start must not be before now.');
  });

  it('mails each run to the users chosen by name and the addresses typed in, refusing what is not an address', async () => {
    const user = userEvent.setup();
    const { server } = renderForm('/reporting/reporting-form/inventory', {
      scheduledReportRecipients: {
        count: 2,
        results: [
          { id: 3, username: 'greta', email: 'greta@example.com', phone_number: '' },
          { id: 4, username: 'nomail', email: '', phone_number: '+4512345678' },
        ],
      },
    });
    await user.type(await nameInput(), 'Mailed levels');
    await user.click(screen.getByTestId('report-recipients'));
    // A user without an address cannot be mailed: only Greta is offered.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['gretagreta@example.com']);
    await user.click(screen.getByRole('option', { name: /greta/ }));
    const typed = screen.getByTestId('report-custom');
    await user.type(typed, 'not an address{Enter}');
    await waitFor(() => expect(saveButton().disabled).toBe(true));
    expect(screen.getByTestId('report-recipients-section').textContent).toContain('Enter a valid e-mail address');
    // Save says why it is held back: the typed address.
    expect(saveReason()).toBe('Enter a valid e-mail address');
    await user.click(within(screen.getByTestId('report-custom-chip')).getByTestId('CancelIcon'));
    await user.type(typed, 'ops@example.org{Enter}');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('scheduledReportCreate')).toHaveLength(1));
    const body = server.callsTo('scheduledReportCreate')[0]!.body as InventoryReportCreate;
    expect(body.recipients).toEqual(['greta@example.com', 'ops@example.org']);
  });

  it('edits with the name locked and PATCHes without it', async () => {
    const user = userEvent.setup();
    const { server } = renderForm('/reporting/edit-scheduled-report-form/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Report: Weekly levels' })).toBeTruthy();
    const name = await nameInput();
    expect(name.value).toBe('Weekly levels');
    expect(name.disabled).toBe(true);
    // A saved start in the past is kept when editing.
    await user.type(screen.getByTestId('report-description-input'), 'Mondays');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/reporting/history-scheduled-report/7/Weekly%20levels'),
    );
    const body = server.callsTo('scheduledReportUpdate')[0]!.body as InventoryReportUpdate;
    expect(body).not.toHaveProperty('report_name');
    expect(body.report_description).toBe('Mondays');
    // Saved without a zone, it is now kept in the zone the form showed its time in.
    expect(body.scheduled).toEqual({ ...saved.scheduled, time_zone: ZONE });
    expect(await screen.findByText('Scheduled report updated successfully')).toBeTruthy();
  });

  it('edits a schedule in the zone it was made in, and keeps that zone', async () => {
    const user = userEvent.setup();
    // Mondays at 00:30 in New York (05:30 UTC in winter), edited by a user in Berlin.
    const inNewYork = {
      ...saved,
      scheduled: {
        ...saved.scheduled,
        recurrence: { minute: '30', hour: '5', day_of_week: '1', day_of_month: '*', month_of_year: '*' },
        time_zone: 'America/New_York',
      },
    };
    const { server } = renderForm('/reporting/edit-scheduled-report-form/7', { scheduledReportGet: () => inNewYork });
    expect(await screen.findByTestId('schedule-summary')).toHaveProperty(
      'textContent',
      'Runs: Every Monday at 00:30 America/New_York',
    );
    await user.type(screen.getByTestId('report-description-input'), 'Mondays');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('scheduledReportUpdate')).toHaveLength(1));
    const body = server.callsTo('scheduledReportUpdate')[0]!.body as InventoryReportUpdate;
    expect(body.scheduled).toEqual(inNewYork.scheduled);
  });

  it('duplicates with the name emptied and the start reset to now', async () => {
    const user = userEvent.setup();
    const { server } = renderForm('/reporting/duplicate-scheduled-report-form/7/duplicate');
    expect(await screen.findByRole('heading', { level: 1, name: 'Duplicate: Weekly levels' })).toBeTruthy();
    const name = await nameInput();
    expect(name.value).toBe('');
    expect(name.disabled).toBe(false);
    expect(saveButton().disabled).toBe(true);
    await user.type(name, 'Copy');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    await waitFor(() => expect(server.callsTo('scheduledReportCreate')).toHaveLength(1));
    const body = server.callsTo('scheduledReportCreate')[0]!.body as InventoryReportCreate;
    expect(body.report_name).toBe('Copy');
    expect(body.scheduled).toEqual({ ...saved.scheduled, start: NOW.toISOString(), time_zone: ZONE });
    expect(await screen.findByText('Scheduled report duplicated successfully')).toBeTruthy();
  });

  it('shows a taken name under the name (400 reportNameTaken)', async () => {
    const user = userEvent.setup();
    renderForm('/reporting/reporting-form/inventory', {
      scheduledReportCreate: () => refuse('ValidationError', { report_name: ['reportNameTaken'] }),
    });
    await user.type(await nameInput(), 'Weekly levels');
    await waitFor(() => expect(saveButton().disabled).toBe(false));
    await user.click(saveButton());
    const field = (await nameInput()).closest('.MuiFormControl-root') as HTMLElement;
    await waitFor(() => expect(within(field).getByText('A report with this name already exists.')).toBeTruthy());
    // The snackbar says the server's name message, not the generic failure.
    expect(await screen.findAllByText(/A report with this name already exists\./)).toHaveLength(2);
    expect(screen.queryByText('Failed to create a scheduled report')).toBeNull();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('keeps the mandatory columns: location, count and SKU cannot be removed', async () => {
    const user = userEvent.setup();
    renderForm('/reporting/reporting-form/inventory');
    await nameInput();
    for (const name of ['Location', 'Count', 'SKU']) {
      expect((screen.getByRole('button', { name: `Remove column ${name}` }) as HTMLButtonElement).disabled).toBe(true);
    }
    // Another column may be added and removed again.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Add column' }));
    await user.click(await screen.findByRole('option', { name: 'Parent location' }));
    expect(columnKeys()).toEqual(['location__name', 'count', 'product__sku', 'location__parent__name']);
    await user.click(screen.getByRole('button', { name: 'Remove column Parent location' }));
    expect(columnKeys()).toEqual(['location__name', 'count', 'product__sku']);
  });

  it('asks before leaving once the schedule alone has changed', async () => {
    const user = userEvent.setup();
    renderForm('/reporting/edit-scheduled-report-form/7');
    await nameInput();
    await user.click(screen.getByRole('checkbox', { name: 'No end' }));
    await user.click(screen.getByTestId('report-form-cancel'));
    const dialog = await screen.findByTestId('unsaved-changes-dialog');
    expect(within(dialog).getByText('Are you sure you want to leave without saving?')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });
});
