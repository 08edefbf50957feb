import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { DEFAULT_PAGE_SIZE, REPORT_PAGE_SIZES, type ReportColumn, type ReportRow } from '@tagtrack/contract';
import { ExportButton } from '../../../components/list-controls';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { listViewPath } from '../../../lib/list-views';
import { itemReportExportUrl } from '../api/export-item-report';
import { useItemReport } from '../api/get-item-report';
import { useItemReportResults } from '../api/query-item-report';
import { ReportLoadFailed, ReportNotFound, isNotFound } from '../components/report-not-found';
import { ReportWriteButtons } from '../components/report-write-buttons';
import { useReportActions } from '../components/use-report-actions';
import { parseReportId } from '../model/report-id';
import { useColumnHeader } from '../components/form/use-column-header';
import { withHeaders } from '../model/report-columns';
import { REPORTS_PATH, reportFileName } from '../model/report-paths';

/**
 * The results' page, page size and ordering in the URL. No ordering (the default): the report's
 * own; a header click orders by that column first (`ordering=status`, `-status` descending).
 */
const LIST_DEFAULTS = { pageSize: DEFAULT_PAGE_SIZE, pageSizes: REPORT_PAGE_SIZES, ordering: '' };

/** A row of results with its place in the page, which keys it (rows carry no id). */
interface NumberedRow {
  index: number;
  values: ReportRow;
}

const cellText = (value: ReportRow[string] | undefined) => (value === null || value === undefined ? '' : String(value));

/** Codes, ids, dates and numbers stay on one line (the table scrolls sideways); names wrap. */
const ONE_LINE = new Set([
  'code',
  'location__uuid',
  'status',
  'latest_status_update',
  'created',
  'product__sku',
  'product__product_code',
]);
const cellStyle = (field: string) =>
  ONE_LINE.has(field) ? { whiteSpace: 'nowrap' } : { minWidth: 120, overflowWrap: 'anywhere' as const };

/**
 * reporting/view-report/:id (03 §2 Report results screen): an item report run now. Breadcrumb
 * Reports > name, the count of results, the CSV export (disabled without rows, and beyond
 * 100,000 with the reason), the report's edit, duplicate and delete icons for roles with
 * report:write, and the rows paged 10, 20, 50 or 100 in the report's columns.
 */
export function ReportResultsPage() {
  const { t } = useTranslation(['reports', 'menu']);
  const navigate = useNavigate();
  const id = parseReportId(useParams().id);
  const report = useItemReport(id ?? 0, id !== null);
  const savedFields = report.data?.report_json.fields;
  // The report's columns are the fields it may be ordered by; any, until the report is known.
  const sortFields = useMemo(() => savedFields?.map((field) => field.headerKey), [savedFields]);
  const state = useListState({ ...LIST_DEFAULTS, sortFields });
  const page = {
    page: state.query.page,
    page_size: state.query.page_size,
    ...(state.ordering ? { ordering: state.ordering } : {}),
  };
  const results = useItemReportResults(id ?? 0, page, id !== null);
  const actions = useReportActions({ onDeleted: () => void navigate(listViewPath(REPORTS_PATH)) });

  const header = useColumnHeader('asset');
  const fields: readonly ReportColumn[] = withHeaders(savedFields ?? [], header);
  const columns: PagedColumn[] = fields.map((field) => ({
    key: field.headerKey,
    label: field.header || field.headerKey,
    sortField: field.headerKey,
  }));
  const rows = results.data && {
    count: results.data.count,
    results: results.data.results.map((values, index) => ({ index, values })),
  };

  const name = report.data?.report_name ?? '';
  const missing = id === null || isNotFound(report.error);
  const count = results.data?.count;

  return (
    <>
      <PageHeader
        title={missing ? t('reportNotFound') : name}
        breadcrumbs={[{ label: t('menu:reports'), to: REPORTS_PATH }]}
        actions={
          !missing && (
            <ReportWriteButtons
              report={report.data}
              disabled={actions.busy}
              onAction={(action, target) => actions.run(action, target)}
            />
          )
        }
      />
      {missing ? (
        <ReportNotFound />
      ) : report.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress />
        </Box>
      ) : report.isError ? (
        <ReportLoadFailed text={t('loadReportFailed')} onRetry={() => void report.refetch()} />
      ) : (
        <Card>
          <Box
            sx={{ p: 2, display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}
            data-testid="report-results-toolbar"
          >
            <Typography sx={{ fontWeight: 600, flexGrow: 1 }} data-testid="report-result-count">
              {count === undefined ? '' : t('resultCount', { count })}
            </Typography>
            <ExportButton
              url={itemReportExportUrl(report.data.id)}
              fileName={reportFileName(name, new Date())}
              count={count}
              testId="report-export"
            />
          </Box>
          <Divider />
          <PagedTable<NumberedRow>
            columns={columns}
            query={{
              data: rows,
              isPending: results.isPending,
              isFetching: results.isFetching,
              isError: results.isError,
              refetch: results.refetch,
            }}
            state={state}
            pageSizes={REPORT_PAGE_SIZES}
            label={name}
            testId="report-results"
            errorText={t('resultsLoadFailed')}
            empty={{ icon: <TableChartIcon />, title: t('resultsEmpty') }}
            renderRow={(row) => (
              <TableRow key={row.index} hover data-testid="report-result-row">
                {fields.map((field) => (
                  <TableCell key={field.headerKey} sx={cellStyle(field.headerKey)}>
                    {cellText(row.values[field.headerKey])}
                  </TableCell>
                ))}
              </TableRow>
            )}
          />
        </Card>
      )}
      {actions.dialog}
    </>
  );
}
