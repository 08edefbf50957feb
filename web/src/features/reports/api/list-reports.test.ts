import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Report } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { stubServer, type StubCall } from '../../../test/stub-server';
import { itemReport, scheduledReport } from '../test/report-fixtures';
import { listReports, mergeOrdered } from './list-reports';

/** A server list: its rows in order, paged as the query asks. */
const paged =
  <T>(rows: T[]) =>
  ({ query }: StubCall) => {
    const size = Number(query.get('page_size'));
    const from = (Number(query.get('page')) - 1) * size;
    return { count: rows.length, results: rows.slice(from, from + size) };
  };

describe('both kinds of report in one list', () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('merges two ordered lists, keeping each list’s order', () => {
    expect(mergeOrdered([1, 4, 5], [2, 3, 6, 7], (a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(mergeOrdered([], [2], (a, b) => a - b)).toEqual([2]);
  });

  it('asks each list for the pages up to the one shown, and pages the merge by name', async () => {
    const items = ['Alpha', 'delta', 'Echo'].map((name, i) => itemReport(i + 1, name));
    const scheduled = ['bravo', 'Charlie', 'Foxtrot'].map((name, i) => scheduledReport(i + 10, name, {}));
    const server = stubServer({ itemReportList: paged(items), scheduledReportList: paged(scheduled) });
    const names = (page: { results: Report[] }) => page.results.map((r) => r.report_name);

    const second = await listReports({ page: 2, page_size: 2, ordering: 'report_name', search: 'a' });
    expect(second.count).toBe(6);
    expect(names(second)).toEqual(['Charlie', 'delta']);
    for (const route of ['itemReportList', 'scheduledReportList'] as const) {
      expect(Object.fromEntries(server.callsTo(route)[0]!.query)).toEqual({
        page: '1',
        page_size: '4',
        ordering: 'report_name',
        search: 'a',
      });
    }
    expect(names(await listReports({ page: 3, page_size: 2, ordering: 'report_name' }))).toEqual(['Echo', 'Foxtrot']);
  });

  it('merges a descending order the other way round', async () => {
    const items = ['delta', 'Alpha'].map((name, i) => itemReport(i + 1, name));
    const scheduled = ['Charlie', 'bravo'].map((name, i) => scheduledReport(i + 10, name, {}));
    stubServer({ itemReportList: paged(items), scheduledReportList: paged(scheduled) });
    const page = await listReports({ page: 1, page_size: 20, ordering: '-report_name' });
    expect(page.results.map((r) => r.report_name)).toEqual(['delta', 'Charlie', 'bravo', 'Alpha']);
  });
});
