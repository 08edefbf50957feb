import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Card from '@mui/material/Card';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrowOutlined';
import Button from '@mui/material/Button';
import { Can } from '../../../lib/permissions';
import { useRunReportNow } from '../api/run-report-now';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type ReportRun } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useScheduledReport } from '../api/get-scheduled-report';
import { useDownloadReportRun } from '../api/download-report-run';
import { useReportRuns } from '../api/list-report-runs';
import { ReportNotFound, isNotFound } from '../components/report-not-found';
import { ReportRunRow } from '../components/report-run-row';
import { parseReportId } from '../model/report-id';
import { REPORTS_PATH } from '../model/report-paths';
import { scheduleWords } from '../model/schedule-words';

/** The runs' page and page size in the URL; the server lists them newest first. */
const LIST_DEFAULTS = { pageSize: DEFAULT_PAGE_SIZE, ordering: '' };

/**
 * reporting/history-scheduled-report/:id/:name (03 §2 Report history screen): breadcrumb
 * Reports > History: name, the report's schedule and next run, and its runs newest first. A
 * succeeded run downloads its CSV, report-{name}-{date time}.csv; a failed one says why.
 */
export function ReportHistoryPage() {
  const { t, i18n } = useTranslation(['reports', 'menu', 'common', 'reportSchedule']);
  const notify = useNotify();
  const params = useParams();
  const id = parseReportId(params.id);
  const state = useListState(LIST_DEFAULTS);
  const runs = useReportRuns(id ?? 0, { page: state.query.page, page_size: state.query.page_size }, id !== null);
  const report = useScheduledReport(id ?? 0, id !== null);
  // The route names the report, so the page titles itself before (or without) the report's answer.
  const name = report.data?.report_name ?? params.name ?? '';
  const download = useDownloadReportRun(id ?? 0, name);
  const missing = id === null || isNotFound(runs.error);
  const runNow = useRunReportNow(id ?? 0);

  const columns: PagedColumn[] = [
    { key: 'created', label: t('columnCreated'), width: 200 },
    { key: 'status', label: t('columnStatus'), width: 140 },
    { key: 'rows', label: t('columnRows'), align: 'right', width: 100 },
    { key: 'error', label: t('columnError') },
    { key: 'download', label: '', width: 64 },
  ];

  const save = async (run: ReportRun) => {
    try {
      await download.mutateAsync(run);
      notify.success(t('common:exportDone'));
    } catch (error) {
      notify.error(t('downloadFailed'), error);
    }
  };

  const run = async () => {
    try {
      await runNow.mutateAsync();
      notify.success(t('reportSchedule:runQueued'));
    } catch (error) {
      notify.error(t('reportSchedule:runFailed'), error);
    }
  };

  const scheduled = report.data;
  const subtitle = scheduled
    ? [
        scheduleWords(scheduled.scheduled.recurrence, t, i18n.language, {
          timeZone: scheduled.scheduled.time_zone,
          start: new Date(scheduled.scheduled.start),
        }),
        scheduled.next_run ? t('nextRunAt', { time: formatTimestamp(scheduled.next_run) }) : t('noNextRun'),
      ].join(' · ')
    : undefined;

  return (
    <>
      <PageHeader
        title={missing ? t('reportNotFound') : t('historyTitle', { name })}
        breadcrumbs={[{ label: t('menu:reports'), to: REPORTS_PATH }]}
        subtitle={missing ? undefined : subtitle}
        actions={
          missing ? undefined : (
            <Can permission="report:write">
              <Button
                variant="contained"
                startIcon={<PlayArrowIcon />}
                onClick={() => void run()}
                disabled={runNow.isPending}
                data-testid="report-run-now"
              >
                {t('reportSchedule:runNow')}
              </Button>
            </Can>
          )
        }
      />
      {missing ? (
        <ReportNotFound />
      ) : (
        <Card>
          <PagedTable<ReportRun>
            columns={columns}
            query={runs}
            state={state}
            pageSizes={PAGE_SIZES}
            label={t('historyTableLabel', { name })}
            testId="report-runs"
            errorText={t('historyLoadFailed')}
            empty={{ icon: <HistoryIcon />, title: t('historyEmpty') }}
            renderRow={(run) => (
              <ReportRunRow key={run.id} run={run} downloading={download.isPending} onDownload={(r) => void save(r)} />
            )}
          />
        </Card>
      )}
    </>
  );
}
