import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import AssessmentIcon from '@mui/icons-material/AssessmentOutlined';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Report } from '@tagtrack/contract';
import { PageHeader } from '../../../components/page-header';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { Can, useCan } from '../../../lib/permissions';
import { useReports } from '../api/list-reports';
import { NewReportButton } from '../components/new-report-button';
import { ReportListRow, type ReportRowAction } from '../components/report-list-row';
import { useReportActions } from '../components/use-report-actions';
import { reportViewPath } from '../model/report-paths';

/** The list's view in the URL: search, page, page size and the name's sort direction. */
const LIST_DEFAULTS = {
  pageSize: DEFAULT_PAGE_SIZE,
  ordering: 'report_name',
  sortFields: ['report_name'],
};

/**
 * /reporting (03 §2 Report list): item reports and scheduled inventory reports in one table,
 * searched by name and description, each row opening the report (results or history). Roles with
 * report:write create reports (New Report → Item report or Inventory report), and edit, duplicate
 * and delete them from the row's menu; viewers only open them.
 */
export function ReportsPage() {
  const { t } = useTranslation(['reports', 'menu', 'common']);
  const navigate = useNavigate();
  const canWrite = useCan('report:write');
  const state = useListState(LIST_DEFAULTS);
  const list = useReports(state.query);
  const actions = useReportActions();

  const columns: PagedColumn[] = [
    // On a phone the name and the row's menu stay; the rest is the row's details.
    { key: 'report_name', label: t('columnName'), sortField: 'report_name' },
    { key: 'kind', label: t('columnKind'), width: 150, foldBelow: 'sm' },
    { key: 'description', label: t('columnDescription'), foldBelow: 'sm' },
    { key: 'schedule', label: t('columnSchedule'), foldBelow: 'sm' },
    { key: 'last_run', label: t('columnLastRun'), foldBelow: 'sm' },
    { key: 'next_run', label: t('columnNextRun'), foldBelow: 'sm' },
    { key: 'actions', label: t('common:columnActions'), align: 'right', width: 88 },
  ];

  const onAction = (action: ReportRowAction, report: Report) => {
    if (action === 'view') void navigate(reportViewPath(report));
    else actions.run(action, report);
  };

  return (
    <>
      <PageHeader
        title={t('menu:reports')}
        actions={
          <Can permission="report:write">
            <NewReportButton />
          </Can>
        }
      />
      <Card>
        <ListToolbar
          state={state}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('searchPlaceholder')}
          testId="report"
        />
        <Divider />
        <PagedTable<Report>
          columns={columns}
          query={list}
          state={state}
          pageSizes={PAGE_SIZES}
          label={t('menu:reports')}
          testId="report"
          errorText={t('loadFailed')}
          empty={{
            icon: <AssessmentIcon />,
            title: t('emptyTitle'),
            text: state.term ? t('emptySearchHint', { search: state.term }) : t('emptyHint'),
          }}
          renderRow={(report) => (
            <ReportListRow
              key={`${report.report_type}-${report.id}`}
              report={report}
              canWrite={canWrite}
              onAction={onAction}
            />
          )}
        />
      </Card>
      {actions.dialog}
    </>
  );
}
