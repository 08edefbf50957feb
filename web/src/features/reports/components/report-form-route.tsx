import { Fragment, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { PageHeader } from '../../../components/page-header';
import type { ItemReportFormMode } from '../model/item-report-form';
import { parseReportId } from '../model/report-id';
import { REPORTS_PATH } from '../model/report-paths';
import { ReportLoadFailed, ReportNotFound, isNotFound } from './report-not-found';

/**
 * A report form on its three routes (03 §2): new (no `:id`), edit (`:id`) and duplicate (`:id` and
 * `:action`). Editing and duplicating load the report from `query` first, saying when it is missing
 * or failed to load; `form` is then keyed by mode and report, so that it starts again from what it shows.
 */
export function ReportFormRoute<R extends { id: number }, K extends QueryKey>({
  query,
  form,
}: {
  query: (id: number) => UseQueryOptions<R, Error, R, K>;
  form: (mode: ItemReportFormMode, report?: R) => ReactNode;
}) {
  const { t } = useTranslation(['reports', 'menu']);
  const params = useParams();
  const mode: ItemReportFormMode = params.id === undefined ? 'create' : params.action ? 'duplicate' : 'edit';
  const id = mode === 'create' ? null : parseReportId(params.id);
  const report = useQuery({ ...query(id ?? 0), enabled: id !== null });

  if (mode === 'create') return <Fragment key="create">{form('create')}</Fragment>;

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
  return <Fragment key={`${mode}-${report.data.id}`}>{form(mode, report.data)}</Fragment>;
}
