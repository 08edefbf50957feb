import { useLocation } from 'react-router-dom';
import type { InventoryReport, ItemReport, Recurrence, ReportRun } from '@tagtrack/contract';

export const code = { header: 'EPC', headerKey: 'code' };

/** An item report as GET /report/realtime/ answers it. */
export function itemReport(id: number, report_name: string, overrides: Partial<ItemReport> = {}): ItemReport {
  return {
    id,
    report_type: 'asset',
    report_name,
    report_description: '',
    category: null,
    created: '2026-11-01T08:00:00.000Z',
    updated: '2026-11-01T08:00:00.000Z',
    report_json: {
      filters: { status: ['in'] },
      attribute_filters: [],
      report_filter_option: [],
      fields: [code, { header: 'Where', headerKey: 'location__name' }],
      ordering: [],
    },
    ...overrides,
  };
}

export const recurrence = (fields: Partial<Recurrence>): Recurrence => ({
  minute: '0',
  hour: '6',
  day_of_week: '*',
  day_of_month: '*',
  month_of_year: '*',
  ...fields,
});

/** A scheduled inventory report as GET /report/scheduled/ answers it. */
export function scheduledReport(
  id: number,
  report_name: string,
  schedule: Partial<Recurrence>,
  overrides: Partial<InventoryReport> = {},
): InventoryReport {
  return {
    id,
    report_type: 'inventory',
    report_name,
    report_description: '',
    category: null,
    created: '2026-11-01T08:00:00.000Z',
    updated: '2026-11-01T08:00:00.000Z',
    report_json: {
      filters: {},
      attribute_filters: [],
      report_filter_option: [],
      fields: [
        { header: 'Location', headerKey: 'location__name' },
        { header: 'Count', headerKey: 'count' },
        { header: 'SKU', headerKey: 'product__sku' },
      ],
      ordering: [],
    },
    scheduled: { start: '2026-11-01T06:00:00.000Z', end: null, recurrence: recurrence(schedule), time_zone: null },
    recipients: [],
    next_run: '2026-12-07T06:00:00.000Z',
    last_run: null,
    ...overrides,
  };
}

/** A run of a scheduled report as GET /report/scheduled/{id}/files answers it. */
export function reportRun(id: number, created: string, overrides: Partial<ReportRun> = {}): ReportRun {
  return {
    id,
    created,
    occurrence: created,
    fileName: `report-Weekly levels-${created.slice(0, 16).replace('T', '-').replace(':', '')}.csv`,
    status: 'succeeded',
    error: null,
    error_code: null,
    row_count: 12,
    attempts: 1,
    ...overrides,
  };
}

/** The search of the current location: a list's view as the URL keeps it. */
export function UrlSearch() {
  const { search } = useLocation();
  return <div data-testid="url-search">{search}</div>;
}

/** Where the console went: the path of the current location, for navigation tests. */
export function WhereAmI() {
  const { pathname } = useLocation();
  return <div data-testid="where">{pathname}</div>;
}
