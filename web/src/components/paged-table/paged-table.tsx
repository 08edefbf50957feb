import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme, type Breakpoint } from '@mui/material/styles';
import type { TableDensity } from '@tagtrack/contract';
import { useClientStore } from '../../lib/client-store';
import { EmptyState } from '../empty-state';
import { PagedLayoutContext, type PagedLayout } from './paged-row';
import type { ListState } from './use-list-state';

/** Row height per table density (profile setting): MUI's small size, its medium one, and roomier. */
const DENSITY_CELL = {
  small: { size: 'small', py: 0.5 },
  medium: { size: 'small', py: 1.25 },
  large: { size: 'medium', py: 2 },
} as const satisfies Record<TableDensity, { size: 'small' | 'medium'; py: number }>;

export interface PagedColumn {
  key: string;
  label: ReactNode;
  /** The API ordering field; a column with one sorts on a header click. */
  sortField?: string;
  /** The header's width, per breakpoint where it differs (`{ xs: 'auto', sm: 200 }`). */
  width?: number | string | Partial<Record<Breakpoint, number | string>>;
  align?: 'left' | 'right' | 'center';
  /**
   * On a window narrower than this breakpoint the column folds into each row's details (rows
   * rendered with PagedRow): the key columns stay, the rest open with the row's button.
   */
  foldBelow?: Exclude<Breakpoint, 'xs'>;
}

const MEDIA = { noSsr: true } as const;
/** Read by screen readers, not shown: the details column's header. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** The columns shown at the window's width and the ones folded into the rows' details. */
function usePagedLayout(columns: readonly PagedColumn[]): PagedLayout {
  const theme = useTheme();
  const below: Record<Exclude<Breakpoint, 'xs'>, boolean> = {
    sm: useMediaQuery(theme.breakpoints.down('sm'), MEDIA),
    md: useMediaQuery(theme.breakpoints.down('md'), MEDIA),
    lg: useMediaQuery(theme.breakpoints.down('lg'), MEDIA),
    xl: useMediaQuery(theme.breakpoints.down('xl'), MEDIA),
  };
  const folds = (column: PagedColumn) => column.foldBelow !== undefined && below[column.foldBelow];
  return { shown: columns.filter((c) => !folds(c)), folded: columns.filter(folds) };
}

export interface PagedTableProps<T> {
  columns: readonly PagedColumn[];
  /** The list query: its data, and whether it is loading, refreshing or failed. */
  query: {
    data?: { count: number; results: T[] };
    isPending: boolean;
    isFetching: boolean;
    isError: boolean;
    refetch: () => unknown;
  };
  state: ListState;
  pageSizes: readonly number[];
  /** Renders one `<TableRow>` with a cell per column. */
  renderRow: (row: T) => ReactNode;
  empty: { icon: ReactNode; title: string; text?: string };
  errorText: string;
  label: string;
  testId: string;
  /** The skeleton's row count while the first page loads. */
  skeletonRows?: number;
}

/**
 * A server-paged table: sortable headers, loading skeleton, error with retry, empty state and the
 * pager, driven by `useListState`.
 */
export function PagedTable<T>({
  columns,
  query,
  state,
  pageSizes,
  renderRow,
  empty,
  errorText,
  label,
  testId,
  skeletonRows = 5,
}: PagedTableProps<T>) {
  const { t } = useTranslation('common');
  const layout = usePagedLayout(columns);
  const { shown, folded } = layout;
  const width = shown.length + (folded.length > 0 ? 1 : 0);
  const densityName = useClientStore((s) => s.density);
  const density = DENSITY_CELL[densityName];
  const rows = query.data?.results;
  const count = query.data?.count ?? 0;
  const lastPage = Math.max(0, Math.ceil(count / state.pageSize) - 1);
  const pastTheEnd = rows !== undefined && rows.length === 0 && count > 0 && state.page > lastPage;
  // A page past the end (an old link, the last row of the last page deleted, a filter elsewhere)
  // opens the last page there is rather than an empty table that says there is nothing.
  // Once per page asked for: the move to the last page renders as a transition, and a list whose
  // setPage also sets state of its own (a selection) would otherwise ask again on every render
  // before that transition lands, and never let it land.
  const toLastPage = useEffectEvent(() => state.setPage(lastPage));
  useEffect(() => {
    if (pastTheEnd) toLastPage();
  }, [pastTheEnd, lastPage, state.page]);
  const descending = state.ordering.startsWith('-');
  const orderedBy = state.ordering.replace(/^-/, '');
  return (
    <Box sx={{ position: 'relative' }}>
      {query.isFetching && !query.isPending && (
        <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 1 }} />
      )}
      <TableContainer>
        <Table
          size={density.size}
          aria-label={label}
          data-testid={`${testId}-table`}
          data-density={densityName}
          sx={{ '& td, & th': { py: density.py } }}
        >
          <TableHead>
            <TableRow sx={{ '& th': { bgcolor: 'grey.50', fontWeight: 600, color: 'text.secondary' } }}>
              {folded.length > 0 && (
                <TableCell padding="checkbox">
                  <Box component="span" sx={VISUALLY_HIDDEN}>
                    {t('rowDetails')}
                  </Box>
                </TableCell>
              )}
              {shown.map((column) => {
                const active = column.sortField !== undefined && column.sortField === orderedBy;
                return (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={column.width === undefined ? undefined : { width: column.width }}
                    sortDirection={active ? (descending ? 'desc' : 'asc') : false}
                  >
                    {column.sortField === undefined ? (
                      column.label
                    ) : (
                      <TableSortLabel
                        active={active}
                        direction={active && descending ? 'desc' : 'asc'}
                        onClick={() => state.sortBy(column.sortField as string)}
                        data-testid={`${testId}-sort-${column.key}`}
                      >
                        {column.label}
                      </TableSortLabel>
                    )}
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {query.isPending ? (
              Array.from({ length: skeletonRows }, (_, i) => (
                <TableRow key={i} aria-hidden>
                  {folded.length > 0 && <TableCell padding="checkbox" />}
                  {shown.map((column, j) => (
                    <TableCell key={column.key}>
                      {column.sortField !== undefined || j < shown.length - 1 ? (
                        <Skeleton width={`${40 + ((i * 7 + j * 5) % 30)}%`} />
                      ) : null}
                    </TableCell>
                  ))}
                </TableRow>
              ))
            ) : query.isError && !rows ? (
              <TableRow>
                <TableCell colSpan={width}>
                  <Alert
                    severity="error"
                    action={
                      <Button color="inherit" size="small" onClick={() => void query.refetch()}>
                        {t('retry')}
                      </Button>
                    }
                  >
                    {errorText}
                  </Alert>
                </TableCell>
              </TableRow>
            ) : rows && rows.length > 0 ? (
              <PagedLayoutContext.Provider value={layout}>{rows.map(renderRow)}</PagedLayoutContext.Provider>
            ) : (
              <TableRow>
                <TableCell colSpan={width} sx={{ py: 8, borderBottom: 0 }} data-testid={`${testId}-empty`}>
                  <EmptyState icon={empty.icon} title={empty.title} text={empty.text} />
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <TablePagination
        component="div"
        count={count}
        page={Math.min(state.page, lastPage)}
        rowsPerPage={state.pageSize}
        rowsPerPageOptions={[...pageSizes]}
        onPageChange={(_, next) => state.setPage(next)}
        onRowsPerPageChange={(event) => state.setPageSize(Number(event.target.value))}
        labelRowsPerPage={t('rowsPerPage')}
        labelDisplayedRows={({ from, to, count: total }) => t('displayedRows', { from, to, count: total })}
        getItemAriaLabel={(type) => (type === 'previous' ? t('previousPage') : t('nextPage'))}
        sx={{ borderTop: 1, borderColor: 'divider' }}
        data-testid={`${testId}-pager`}
      />
    </Box>
  );
}
