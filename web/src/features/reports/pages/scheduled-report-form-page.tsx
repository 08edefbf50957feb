import { scheduledReportQueryOptions } from '../api/get-scheduled-report';
import { ScheduledReportForm } from '../components/form/scheduled-report-form';
import { ReportFormRoute } from '../components/report-form-route';

/**
 * The scheduled inventory report form (03 §2) on its three routes: reporting/reporting-form/inventory
 * (new), reporting/edit-scheduled-report-form/:id (edit, name locked) and
 * reporting/duplicate-scheduled-report-form/:id/:action (a copy: name emptied, start reset to now).
 * `timeZone` and `now` pin the user's zone and the present (tests); the browser's by default.
 */
export function ScheduledReportFormPage({ timeZone, now }: { timeZone?: string; now?: Date } = {}) {
  return (
    <ReportFormRoute
      query={scheduledReportQueryOptions}
      form={(mode, report) => <ScheduledReportForm mode={mode} report={report} timeZone={timeZone} now={now} />}
    />
  );
}
