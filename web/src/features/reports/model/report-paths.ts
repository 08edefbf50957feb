import type { ReportType } from '@tagtrack/contract';

/** The report list (03 §2), the breadcrumb target of every report screen. */
export const REPORTS_PATH = '/reporting';

/** The form of a new report of each kind (built with the form pages). */
export const NEW_REPORT_PATHS: Record<ReportType, string> = {
  asset: '/reporting/reporting-form/asset',
  inventory: '/reporting/reporting-form/inventory',
};

/** Where a report opens: an item report's results, a scheduled report's history (its name in the path). */
export function reportViewPath(report: { report_type: ReportType; id: number; report_name: string }): string {
  return report.report_type === 'asset'
    ? `/reporting/view-report/${report.id}`
    : `/reporting/history-scheduled-report/${report.id}/${encodeURIComponent(report.report_name)}`;
}

/** The edit form of a report (03 §2 routes). */
export function reportEditPath(kind: ReportType, id: number): string {
  return kind === 'asset' ? `/reporting/edit-reporting-form/${id}` : `/reporting/edit-scheduled-report-form/${id}`;
}

/** The duplicate form of a report: the routes' `:action` is `duplicate`. */
export function reportDuplicatePath(kind: ReportType, id: number): string {
  return kind === 'asset'
    ? `/reporting/duplicate-reporting-form/${id}/duplicate`
    : `/reporting/duplicate-scheduled-report-form/${id}/duplicate`;
}

/** The name the server gives a report's CSV (the contract's rule): exports and runs saved here. */
export { reportFileName } from '@tagtrack/contract';
