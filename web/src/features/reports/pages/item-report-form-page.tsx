import { itemReportQueryOptions } from '../api/get-item-report';
import { ItemReportForm } from '../components/form/item-report-form';
import { ReportFormRoute } from '../components/report-form-route';

/**
 * The real-time item report form (03 §2) on its three routes: reporting/reporting-form/asset
 * (new), reporting/edit-reporting-form/:id (edit, name locked) and
 * reporting/duplicate-reporting-form/:id/:action (a copy under a new name).
 */
export function ItemReportFormPage() {
  return (
    <ReportFormRoute
      query={itemReportQueryOptions}
      form={(mode, report) => <ItemReportForm mode={mode} report={report} />}
    />
  );
}
