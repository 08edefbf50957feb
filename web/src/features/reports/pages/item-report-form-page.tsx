import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../../components/page-header';
import { useItemReport } from '../api/get-item-report';
import { ItemReportForm } from '../components/form/item-report-form';
import { ReportLoadFailed, ReportNotFound, isNotFound } from '../components/report-not-found';
import type { ItemReportFormMode } from '../model/item-report-form';
import { parseReportId } from '../model/report-id';
import { REPORTS_PATH } from '../model/report-paths';

/**
 * The real-time item report form (03 §2) on its three routes: reporting/reporting-form/asset
 * (new), reporting/edit-reporting-form/:id (edit, name locked) and
 * reporting/duplicate-reporting-form/:id/:action (a copy under a new name).
 */
export function ItemReportFormPage() {
  const { t } = useTranslation(['reports', 'menu']);
  const params = useParams();
  const mode: ItemReportFormMode = params.id === undefined ? 'create' : params.action ? 'duplicate' : 'edit';
  const id = mode === 'create' ? null : parseReportId(params.id);
  const report = useItemReport(id ?? 0, id !== null);

  if (mode === 'create') return <ItemReportForm key="create" mode="create" />;

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
  return <ItemReportForm key={`${mode}-${report.data.id}`} mode={mode} report={report.data} />;
}
