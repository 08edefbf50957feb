import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { Role } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { queryKeys } from '../../../lib/query-keys';
import { buildCurrentUser } from '../../../test/current-user';
import { renderWithProviders } from '../../../test/render';
import { noContent, stubServer } from '../../../test/stub-server';
import { WhereAmI, itemReport, scheduledReport } from '../test/report-fixtures';
import { ReportsPage } from './reports-page';

const LONG = `${'Counts every shelf of the north hall. '.repeat(9)}The end.`;
const lost = itemReport(1, 'Lost items', { report_description: LONG });
const weekly = scheduledReport(
  2,
  'Weekly levels',
  { day_of_week: '1' },
  { last_run: { id: 9, created: '2026-11-30T06:00:04.000Z', status: 'succeeded' } },
);
const nightly = scheduledReport(3, 'Nightly', { hour: '23', minute: '15' }, { next_run: null });
const monthEnd = scheduledReport(4, 'Month end', { day_of_month: '31' });
const newYear = scheduledReport(5, 'New year', { day_of_month: '15', month_of_year: '1' });

/** The list's server: the user, one item report and four scheduled ones (by name, as the server orders). */
function stubListServer(roles: Role[]) {
  return stubServer({
    me: buildCurrentUser(roles),
    itemReportList: { count: 1, results: [lost] },
    scheduledReportList: { count: 4, results: [monthEnd, newYear, nightly, weekly] },
    scheduledReportDelete: noContent,
  });
}

async function renderList(roles: Role[]) {
  const server = stubListServer(roles);
  const { client } = renderWithProviders(
    <Routes>
      <Route path="/reporting" element={<ReportsPage />} />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { path: '/reporting' },
  );
  await screen.findAllByTestId('report-row');
  // The role decides the write actions: wait until the user is known.
  await waitFor(() => expect(client.getQueryState(queryKeys.me.all)?.status).toBe('success'));
  return server;
}

const rowOf = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;
const cell = (name: string, testId: string) => within(rowOf(name)).getByTestId(testId).textContent;

async function menuOf(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  return within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.getAttribute('data-testid')?.replace('report-menu-', ''));
}

describe('/reporting', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists both kinds in one table by name, with their schedule in words and their runs', async () => {
    const server = await renderList(['administrator']);
    const rows = screen.getAllByTestId('report-row');
    expect(rows.map((row) => within(row).getByTestId('report-link').textContent)).toEqual([
      'Lost items',
      'Month end',
      'New year',
      'Nightly',
      'Weekly levels',
    ]);
    expect(cell('Lost items', 'report-kind')).toBe('Item report');
    expect(cell('Weekly levels', 'report-kind')).toBe('Inventory Levels');
    expect(cell('Lost items', 'report-schedule')).toBe('—');
    expect(cell('Weekly levels', 'report-schedule')).toBe('Every Monday at 06:00 UTC');
    expect(cell('Nightly', 'report-schedule')).toBe('Every day at 23:15 UTC');
    expect(cell('Month end', 'report-schedule')).toBe('Monthly on day 31 at 06:00 UTC');
    expect(cell('New year', 'report-schedule')).toBe('Every year on 15 January at 06:00 UTC');
    expect(cell('Weekly levels', 'report-last-run')).toBe(`Succeeded${formatTimestamp('2026-11-30T06:00:04.000Z')}`);
    expect(cell('Month end', 'report-last-run')).toBe('Not run yet');
    expect(cell('Month end', 'report-next-run')).toBe(formatTimestamp('2026-12-07T06:00:00.000Z'));
    expect(cell('Nightly', 'report-next-run')).toBe('No further runs');

    expect(screen.getByRole('link', { name: 'Lost items' }).getAttribute('href')).toBe('/reporting/view-report/1');
    expect(screen.getByRole('link', { name: 'Weekly levels' }).getAttribute('href')).toBe(
      '/reporting/history-scheduled-report/2/Weekly%20levels',
    );
    for (const route of ['itemReportList', 'scheduledReportList'] as const) {
      expect(Object.fromEntries(server.callsTo(route)[0]!.query)).toEqual({
        page: '1',
        page_size: '20',
        ordering: 'report_name',
      });
    }
  });

  it('cuts a description at 300 characters and shows all of it on hover', async () => {
    await renderList(['viewer']);
    const description = within(rowOf('Lost items')).getByTestId('report-description');
    expect(description.textContent).toBe(`${LONG.slice(0, 300)}…`);
    await userEvent.hover(description);
    expect((await screen.findByRole('tooltip')).textContent).toBe(LONG);
  });

  it('searches both lists, the search in the URL', async () => {
    const server = await renderList(['viewer']);
    fireEvent.change(screen.getByTestId('report-search'), { target: { value: 'levels' } });
    await waitFor(
      () => {
        expect(server.callsTo('itemReportList').at(-1)!.query.get('search')).toBe('levels');
        expect(server.callsTo('scheduledReportList').at(-1)!.query.get('search')).toBe('levels');
      },
      { timeout: 3000 },
    );
  });

  it('offers a viewer no write action: no New Report, only opening a report', async () => {
    await renderList(['viewer']);
    expect(screen.queryByTestId('report-new')).toBeNull();
    expect(await menuOf('Lost items')).toEqual(['view']);
    await userEvent.click(screen.getByTestId('report-menu-view'));
    expect((await screen.findByTestId('where')).textContent).toBe('/reporting/view-report/1');
  });

  it('lets an operator start a report of either kind from New Report', async () => {
    await renderList(['operator']);
    await userEvent.click(screen.getByTestId('report-new'));
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      'Item report',
      'Inventory report',
    ]);
    await userEvent.click(screen.getByTestId('report-new-inventory'));
    expect((await screen.findByTestId('where')).textContent).toBe('/reporting/reporting-form/inventory');
  });

  it('opens the forms of each kind from the row menu', async () => {
    await renderList(['application']);
    expect(await menuOf('Weekly levels')).toEqual(['view', 'edit', 'duplicate', 'delete']);
    await userEvent.click(screen.getByTestId('report-menu-duplicate'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/reporting/duplicate-scheduled-report-form/2/duplicate',
    );
  });

  it('edits an item report in its own form', async () => {
    await renderList(['administrator']);
    await menuOf('Lost items');
    await userEvent.click(screen.getByTestId('report-menu-edit'));
    expect((await screen.findByTestId('where')).textContent).toBe('/reporting/edit-reporting-form/1');
  });

  it('deletes a scheduled report after asking, and refreshes the list', async () => {
    const server = await renderList(['administrator']);
    await menuOf('Nightly');
    await userEvent.click(screen.getByTestId('report-menu-delete'));
    const dialog = await screen.findByTestId('report-delete');
    expect(within(dialog).getByText('Are you sure you want to delete the report?')).toBeTruthy();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    const listed = server.callsTo('scheduledReportList').length;
    await userEvent.click(within(dialog).getByTestId('report-delete-confirm'));
    expect(await screen.findByText('Report deleted')).toBeTruthy();
    expect(server.callsTo('scheduledReportDelete').map((c) => c.path)).toEqual(['/report/scheduled/3/']);
    await waitFor(() => expect(server.callsTo('scheduledReportList').length).toBeGreaterThan(listed));
  });
});
