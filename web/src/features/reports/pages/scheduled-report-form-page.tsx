import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../../components/page-header';
import { useScheduledReport } from '../api/get-scheduled-report';
import { ReportLoadFailed, ReportNotFound, isNotFound } from '../components/report-not-found';
import { ScheduledReportForm } from '../components/form/scheduled-report-form';
import type { ItemReportFormMode } from '../model/item-report-form';
import { parseReportId } from '../model/report-id';
import { REPORTS_PATH } from '../model/report-paths';

/**
 * The scheduled inventory report form (03 §2) on its three routes: reporting/reporting-form/inventory
 * (new), reporting/edit-scheduled-report-form/:id (edit, name locked) and
 * reporting/duplicate-scheduled-report-form/:id/:action (a copy: name emptied, start reset to now).
 * `timeZone` and `now` pin the user's zone and the present (tests); the browser's by default.
 */
export function ScheduledReportFormPage({ timeZone, now }: { timeZone?: string; now?: Date } = {}) {
  const { t } = useTranslation(['reports', 'menu']);
  const params = useParams();
  const mode: ItemReportFormMode = params.id === undefined ? 'create' : params.action ? 'duplicate' : 'edit';
  const id = mode === 'create' ? null : parseReportId(params.id);
  const report = useScheduledReport(id ?? 0, id !== null);

  if (mode === 'create') return <ScheduledReportForm key="create" mode="create" timeZone={timeZone} now={now} />;

  const missing = id === null || isNotFound(report.error);
  if (missing || report.isError || report.isPending) {
    return (
      <>
        <PageHeader
          title={missing ? t('reportNotFound') : t('newReport')}
          breadcrumbs={[{ label: t('menu:reports'), to: REPORTS_PATH }]}
        />
        {missing ? (
          <ReportNotFound />
        ) : report.isError ? (
          <ReportLoadFailed text={t('loadReportFailed')} onRetry={() => void report.refetch()} />
        ) : (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress />
          </Box>
        )}
      </>
    );
  }
  // A new key per report and mode: the form starts again from what it shows.
  return (
    <ScheduledReportForm
      key={`${mode}-${report.data.id}`}
      mode={mode}
      report={report.data}
      timeZone={timeZone}
      now={now}
    />
  );
}
