import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { ReportRow, Role } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { queryKeys } from '../../../lib/query-keys';
import { buildCurrentUser } from '../../../test/current-user';
import { renderWithProviders } from '../../../test/render';
import { noContent, refuse, stubServer, type StubHandlers } from '../../../test/stub-server';
import { UrlSearch, WhereAmI, code, itemReport } from '../test/report-fixtures';
import { ReportResultsPage } from './report-results-page';

const report = itemReport(1, 'Lost items', {
  report_json: {
    ...itemReport(1, '').report_json,
    fields: [
      code,
      { header: 'Where', headerKey: 'location__name' },
      { header: 'Seen', headerKey: 'latest_status_update' },
    ],
  },
});
const row = (n: number): ReportRow => ({
  code: `E${n}`,
  location__name: n % 2 ? 'Shelf' : null,
  latest_status_update: '2026-11-20 09:30',
});

/** The page's server: report 1, `count` results answered a page at a time. */
function stubResultsServer(roles: Role[], count: number, more: StubHandlers = {}) {
  return stubServer({
    me: buildCurrentUser(roles),
    itemReportGet: ({ params }) => (params.id === '1' ? report : undefined),
    itemReportQuery: ({ query }) => {
      const size = Number(query.get('page_size'));
      const from = (Number(query.get('page')) - 1) * size;
      const shown = Math.max(0, Math.min(size, count - from, 100));
      return { count, results: Array.from({ length: shown }, (_, i) => row(from + i + 1)) };
    },
    itemReportDelete: noContent,
    ...more,
  });
}

async function renderResults(roles: Role[], count: number, more: StubHandlers = {}, path = '/reporting/view-report/1') {
  const server = stubResultsServer(roles, count, more);
  const { client } = renderWithProviders(
    <Routes>
      <Route
        path="/reporting/view-report/:id"
        element={
          <>
            <ReportResultsPage />
            <UrlSearch />
          </>
        }
      />
      <Route path="*" element={<WhereAmI />} />
    </Routes>,
    { path },
  );
  await waitFor(() => expect(client.getQueryState(queryKeys.me.all)?.status).toBe('success'));
  return server;
}

const countText = async () => {
  await waitFor(() => expect(screen.getByTestId('report-result-count').textContent).not.toBe(''));
  return screen.getByTestId('report-result-count').textContent;
};

describe('reporting/view-report/:id', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows Reports > name, the count, and the rows in the report’s columns', async () => {
    await renderResults(['viewer'], 3);
    expect(await screen.findByRole('heading', { level: 1, name: 'Lost items' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/reporting');
    expect(await countText()).toBe('3 results');
    const rows = await screen.findAllByTestId('report-result-row');
    const table = screen.getByTestId('report-results-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
      // Standard columns are titled in the console's language, whatever title the report was saved with.
    ).toEqual(['EPC', 'Location', 'Last update']);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['E1', 'Shelf', '2026-11-20 09:30'],
      ['E2', '', '2026-11-20 09:30'],
      ['E3', 'Shelf', '2026-11-20 09:30'],
    ]);
    // A viewer reads the report only.
    expect(screen.queryByTestId('report-edit')).toBeNull();
    expect(screen.queryByTestId('report-delete')).toBeNull();
  });

  it('sorts by a column when its header is clicked, the report’s own ordering until then', async () => {
    const server = await renderResults(['viewer'], 3);
    await screen.findAllByTestId('report-result-row');
    expect(server.callsTo('itemReportQuery').every((call) => !call.query.has('ordering'))).toBe(true);
    const table = screen.getByTestId('report-results-table');
    await userEvent.click(within(table).getByRole('button', { name: 'Location' }));
    await waitFor(() => expect(server.callsTo('itemReportQuery').at(-1)!.query.get('ordering')).toBe('location__name'));
    expect(screen.getByTestId('url-search').textContent).toBe('?ordering=location__name');
    await userEvent.click(within(table).getByRole('button', { name: 'Location' }));
    await waitFor(() =>
      expect(server.callsTo('itemReportQuery').at(-1)!.query.get('ordering')).toBe('-location__name'),
    );
    expect(within(table).getAllByRole('columnheader')[1]!.getAttribute('aria-sort')).toBe('descending');
  });

  it('pages the rows 10, 20, 50 or 100 at a time, the page in the URL', async () => {
    const server = await renderResults(['viewer'], 45);
    expect(await countText()).toBe('45 results');
    expect(await screen.findAllByTestId('report-result-row')).toHaveLength(20);
    await userEvent.click(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['10', '20', '50', '100']);
    await userEvent.click(options[0]!);
    await waitFor(() => expect(screen.getAllByTestId('report-result-row')).toHaveLength(10));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(screen.getAllByTestId('report-result-row')[0]!.textContent).toMatch(/^E11/));
    expect(Object.fromEntries(server.callsTo('itemReportQuery').at(-1)!.query)).toEqual({
      page: '2',
      page_size: '10',
    });
    expect(screen.getByTestId('url-search').textContent).toBe('?page_size=10&page=2');
  });

  it('says the report has no data, with the export disabled', async () => {
    await renderResults(['administrator'], 0);
    expect(await screen.findByText('No data found in the report')).toBeTruthy();
    expect(await countText()).toBe('0 results');
    expect((screen.getByTestId('report-export') as HTMLButtonElement).disabled).toBe(true);
  });

  it('refuses to export beyond 100,000 rows, saying why', async () => {
    await renderResults(['viewer'], 100_001);
    expect(await countText()).toBe('100001 results');
    const exportButton = screen.getByTestId('report-export') as HTMLButtonElement;
    expect(exportButton.disabled).toBe(true);
    await userEvent.hover(exportButton.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe('Exporting results beyond 100,000 is not supported.');
  });

  it('exports the CSV the server sends as report-{name}-{timestamp}.csv', async () => {
    const server = await renderResults(['viewer'], 3, {
      itemReportExport: () => new Response('EPC\nE1\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    });
    Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await countText();
    await userEvent.click(screen.getByTestId('report-export'));
    expect(await screen.findByText('CSV file exported')).toBeTruthy();
    expect(downloaded).toMatch(/^report-Lost items-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    expect(server.callsTo('itemReportExport').map((c) => c.path)).toEqual(['/report/realtime/1/export']);
  });

  it('says "Failed to export CSV file." when the server refuses the export', async () => {
    await renderResults(['viewer'], 3, { itemReportExport: () => refuse('ValidationError', ['exportLimit']) });
    await countText();
    await userEvent.click(screen.getByTestId('report-export'));
    expect(await screen.findByText((text) => text.startsWith('Failed to export CSV file.'))).toBeTruthy();
  });

  it('deletes the report after asking, then goes to the list', async () => {
    const server = await renderResults(['operator'], 3);
    await userEvent.click(await screen.findByTestId('report-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete the report?')).toBeTruthy();
    expect(within(dialog).getByText('This action cannot be undone.')).toBeTruthy();
    expect(server.callsTo('itemReportDelete')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/reporting');
    expect(await screen.findByText('Report deleted')).toBeTruthy();
    expect(server.callsTo('itemReportDelete').map((c) => c.path)).toEqual(['/report/realtime/1/']);
  });

  it('says "Failed to delete report" and stays when the delete fails', async () => {
    await renderResults(['administrator'], 3, { itemReportDelete: () => refuse('APIException', 'notFound') });
    await userEvent.click(await screen.findByTestId('report-delete'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText((text) => text.startsWith('Failed to delete report'))).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('opens the edit and duplicate forms of an item report', async () => {
    await renderResults(['application'], 3);
    await userEvent.click(await screen.findByTestId('report-duplicate'));
    expect((await screen.findByTestId('where')).textContent).toBe('/reporting/duplicate-reporting-form/1/duplicate');
  });

  it('says the report is not found for an unknown id', async () => {
    await renderResults(['viewer'], 3, {}, '/reporting/view-report/99');
    expect(within(await screen.findByTestId('report-not-found')).getByText('Report not found')).toBeTruthy();
    expect(screen.queryByTestId('report-export')).toBeNull();
  });
});
