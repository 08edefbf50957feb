import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { useClientStore } from '../../../lib/client-store';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { buildCurrentUser } from '../../../test/current-user';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubHandlers } from '../../../test/stub-server';
import { reportRun, scheduledReport } from '../test/report-fixtures';
import { ReportHistoryPage } from './report-history-page';

const weekly = scheduledReport(2, 'Weekly levels', { day_of_week: '1' });
// Newest first, as the server lists them.
const runs = [
  reportRun(13, '2026-12-07T06:00:02.000Z', { status: 'running', fileName: null, row_count: null }),
  reportRun(12, '2026-11-30T06:00:03.000Z', {
    status: 'failed',
    fileName: null,
    row_count: null,
    // The console words it from the code, in the reader's language; the text is the server's English.
    error: 'The server said so in English.',
    error_code: 'exportLimit',
    attempts: 1,
  }),
  reportRun(11, '2026-11-23T06:00:04.000Z'),
  reportRun(10, '2026-11-16T06:00:05.000Z', { fileName: null }),
];

function renderHistory(more: StubHandlers = {}, path = '/reporting/history-scheduled-report/2/Weekly%20levels') {
  const server = stubServer({
    me: buildCurrentUser(['viewer']),
    scheduledReportGet: ({ params }) => (params.id === '2' ? weekly : undefined),
    scheduledReportRuns: ({ params }) => (params.id === '2' ? { count: runs.length, results: runs } : undefined),
    scheduledReportRunFile: () => new Response('Location,Count\nDock,2\n', { headers: { 'Content-Type': 'text/csv' } }),
    ...more,
  });
  renderWithProviders(
    <Routes>
      <Route path="/reporting/history-scheduled-report/:id/:name" element={<ReportHistoryPage />} />
    </Routes>,
    { path },
  );
  return server;
}

/** Stands in for the object URLs jsdom lacks, and records the names files are saved under. */
function catchDownloads() {
  Object.assign(URL, { createObjectURL: () => 'blob:csv', revokeObjectURL: () => undefined });
  const names: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    names.push(this.download);
  });
  return names;
}

describe('reporting/history-scheduled-report/:id/:name', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('shows Reports > History: name, the schedule, and the runs newest first', async () => {
    const server = renderHistory();
    expect(await screen.findByRole('heading', { level: 1, name: 'History: Weekly levels' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/reporting');
    expect(
      await screen.findByText(`Every Monday at 06:00 UTC · Next run: ${formatTimestamp('2026-12-07T06:00:00.000Z')}`),
    ).toBeTruthy();
    const rows = await screen.findAllByTestId('report-run-row');
    expect(rows.map((row) => within(row).getByTestId('report-run-created').textContent)).toEqual(
      runs.map((run) => formatTimestamp(run.created)),
    );
    expect(rows.map((row) => within(row).getByTestId('run-status').textContent)).toEqual([
      'Running',
      'Failed',
      'Succeeded',
      'Succeeded',
    ]);
    expect(within(rows[2]!).getByTestId('report-run-rows').textContent).toBe('12');
    expect(within(rows[1]!).getByTestId('report-run-error').textContent).toBe(
      'Exporting results beyond 100,000 is not supported.',
    );
    expect(Object.fromEntries(server.callsTo('scheduledReportRuns')[0]!.query)).toEqual({ page: '1', page_size: '20' });
  });

  it('downloads a succeeded run’s CSV when its row is clicked, as report-{name}-{date time}.csv', async () => {
    const server = renderHistory();
    const names = catchDownloads();
    const rows = await screen.findAllByTestId('report-run-row');
    // Running and failed runs have no file.
    await userEvent.click(rows[0]!);
    await userEvent.click(rows[1]!);
    expect(within(rows[0]!).queryByTestId('report-run-download')).toBeNull();
    expect(server.callsTo('scheduledReportRunFile')).toHaveLength(0);

    await userEvent.click(rows[2]!);
    expect(await screen.findByText('CSV file exported')).toBeTruthy();
    expect(server.callsTo('scheduledReportRunFile').map((c) => c.path)).toEqual([
      '/report/scheduled/2/files/11/get_file',
    ]);
    await userEvent.click(within(rows[3]!).getByTestId('report-run-download'));
    await waitFor(() => expect(names).toHaveLength(2));
    expect(names).toEqual(['report-Weekly levels-2026-11-23-0600.csv', 'report-Weekly levels-2026-11-16-0600.csv']);
  });

  it('says when a run’s file cannot be downloaded', async () => {
    renderHistory({ scheduledReportRunFile: () => undefined });
    catchDownloads();
    await userEvent.click((await screen.findAllByTestId('report-run-row'))[2]!);
    expect(await screen.findByText((text) => text.startsWith('Failed to download the report file.'))).toBeTruthy();
  });

  it('says No History Found. when the report has not run', async () => {
    renderHistory({ scheduledReportRuns: { count: 0, results: [] } });
    expect(await screen.findByText('No History Found.')).toBeTruthy();
  });

  it('says the report is not found for an unknown id', async () => {
    renderHistory({}, '/reporting/history-scheduled-report/99/Gone');
    expect(within(await screen.findByTestId('report-not-found')).getByText('Report not found')).toBeTruthy();
  });

  it('runs the report now for a role that writes reports, and asks for the history again', async () => {
    const server = renderHistory({ me: buildCurrentUser(['operator']), scheduledReportRunNow: { queued: true } });
    await userEvent.click(await screen.findByTestId('report-run-now'));
    expect(await screen.findByText('Run queued: it appears in the history when it is done.')).toBeTruthy();
    expect(server.callsTo('scheduledReportRunNow').map((c) => c.path)).toEqual(['/report/scheduled/2/run/']);
    await waitFor(() => expect(server.callsTo('scheduledReportRuns').length).toBeGreaterThan(1));
  });

  it('shows no Run now to a viewer', async () => {
    renderHistory();
    await screen.findAllByTestId('report-run-row');
    expect(screen.queryByTestId('report-run-now')).toBeNull();
  });
});
