import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import AddIcon from '@mui/icons-material/Add';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, SEARCH_DEBOUNCE_MS, type Product, type TableDensity } from '@tagtrack/contract';
import { EmptyState } from '../../../../components/empty-state';
import { useNotify } from '../../../../components/feedback/use-notify';
import { SearchField } from '../../../../components/search-field';
import { useClientStore } from '../../../../lib/client-store';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useCategoryTree } from '../../api/list-categories';
import { useProducts } from '../../api/list-products';
import { PRODUCT_PATHS, editProductPath } from '../product-paths';
import { isUnassignedProduct } from '../product-model';
import { ALL_CATEGORIES, CategorySelect } from './category-select';
import { ProductDetailsDialog } from './product-details-dialog';
import { ProductRowMenu } from './product-row-menu';

const DEFAULT_ORDERING = 'sku';

type SortField = 'product_code' | 'sku' | 'name' | 'category__name';
const COLUMNS: { field: SortField; label: 'columnProductCode' | 'columnSku' | 'columnName' | 'columnCategory' }[] = [
  { field: 'product_code', label: 'columnProductCode' },
  { field: 'sku', label: 'columnSku' },
  { field: 'name', label: 'columnName' },
  { field: 'category__name', label: 'columnCategory' },
];

/** Row height per table density (profile setting): MUI's small size, its medium one, and roomier. */
const DENSITY_CELL = {
  small: { size: 'small', py: 0.5 },
  medium: { size: 'small', py: 1.25 },
  large: { size: 'medium', py: 2 },
} as const satisfies Record<TableDensity, { size: 'small' | 'medium'; py: number }>;

/** The next ordering when a column header is clicked: the same column flips, another starts ascending. */
export function toggleOrdering(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

/** The category preselected through navigation state (the category list's View Products). */
function preselectedCategory(state: unknown): string {
  if (typeof state !== 'object' || state === null) return ALL_CATEGORIES;
  const { categoryId, subCategoryId } = state as { categoryId?: unknown; subCategoryId?: unknown };
  const id = subCategoryId ?? categoryId;
  return typeof id === 'number' || (typeof id === 'string' && /^\d+$/.test(id)) ? String(id) : ALL_CATEGORIES;
}

function RowsSkeleton({ rows }: { rows: number }) {
  return Array.from({ length: rows }, (_, i) => (
    <TableRow key={i} aria-hidden>
      {[18, 14, 34, 20].map((width, j) => (
        <TableCell key={j}>
          <Skeleton width={`${width + ((i * 7 + j * 5) % 12)}%`} />
        </TableCell>
      ))}
      <TableCell />
    </TableRow>
  ));
}

/** The Product tab of Product Management (01 §2.8). */
export function ProductListTab() {
  const { t } = useTranslation(['products', 'common']);
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const densityName = useClientStore((s) => s.density);
  const density = DENSITY_CELL[densityName];
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(() => preselectedCategory(location.state));
  // The page belongs to a search term: a new term starts on page 1.
  const [paging, setPaging] = useState({ term: '', page: 1 });
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [ordering, setOrdering] = useState(DEFAULT_ORDERING);
  const [details, setDetails] = useState<Product | null>(null);
  const searchTerm = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const page = paging.term === searchTerm ? paging.page : 1;
  const setPage = (next: number) => setPaging({ term: searchTerm, page: next });
  const tree = useCategoryTree();
  const products = useProducts({
    page,
    page_size: pageSize,
    ordering,
    search: searchTerm || undefined,
    category: Number(category),
  });

  useEffect(() => {
    if (products.error) notify.error(t('notifyLoadFailed'), products.error);
  }, [products.error, notify, t]);

  const reset = () => {
    setSearch('');
    setCategory(ALL_CATEGORIES);
    setPage(1);
    setPageSize(DEFAULT_PAGE_SIZE);
    setOrdering(DEFAULT_ORDERING);
  };

  const rows = products.data?.results ?? [];
  const count = products.data?.count ?? 0;
  const sortField = ordering.replace(/^-/, '');
  const direction = ordering.startsWith('-') ? 'desc' : 'asc';
  const unknown = t('unknown');

  return (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1}
        sx={{ mb: 2, justifyContent: 'flex-end', alignItems: { md: 'center' } }}
      >
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlinedIcon />}
          onClick={() => void navigate(PRODUCT_PATHS.importProducts)}
          data-testid="import-products"
        >
          {t('importProducts')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<UploadFileOutlinedIcon />}
          onClick={() => void navigate(PRODUCT_PATHS.importItems)}
          data-testid="import-items"
        >
          {t('importItems')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => void navigate(PRODUCT_PATHS.add)}
          data-testid="add-product"
        >
          {t('addProduct')}
        </Button>
      </Stack>
      <Card>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ p: 2, alignItems: { sm: 'center' } }}>
          <SearchField
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={setSearch}
            sx={{ maxWidth: { sm: 360 } }}
            testId="product-search"
          />
          <CategorySelect
            size="small"
            label={t('filterCategory')}
            tree={tree.data?.results ?? []}
            value={category}
            withAll
            onChange={(value) => {
              setCategory(value);
              setPage(1);
            }}
            sx={{ maxWidth: { sm: 260 } }}
            testId="product-category-filter"
          />
          <Box sx={{ flexGrow: 1 }} />
          <Button
            color="inherit"
            startIcon={<RestartAltIcon />}
            onClick={reset}
            data-testid="product-list-reset"
            sx={{ flexShrink: 0, alignSelf: { xs: 'flex-start', sm: 'center' } }}
          >
            {t('common:reset')}
          </Button>
        </Stack>
        <Divider />
        <Box sx={{ position: 'relative' }}>
          {products.isFetching && !products.isPending && (
            <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 1 }} />
          )}
          {products.isError && !products.data ? (
            <Alert
              severity="error"
              sx={{ m: 2 }}
              action={
                <Button color="inherit" size="small" onClick={() => void products.refetch()}>
                  {t('common:retry')}
                </Button>
              }
            >
              {t('notifyLoadFailed')}
            </Alert>
          ) : (
            <TableContainer>
              <Table
                size={density.size}
                data-testid="product-table"
                data-density={densityName}
                sx={{ '& td, & th': { py: density.py } }}
              >
                <TableHead>
                  <TableRow sx={{ '& th': { bgcolor: 'grey.50', fontWeight: 600, color: 'text.secondary' } }}>
                    {COLUMNS.map((column) => (
                      <TableCell key={column.field} sortDirection={sortField === column.field ? direction : false}>
                        <TableSortLabel
                          active={sortField === column.field}
                          direction={sortField === column.field ? direction : 'asc'}
                          onClick={() => {
                            setOrdering(toggleOrdering(ordering, column.field));
                            setPage(1);
                          }}
                          data-testid={`sort-${column.field}`}
                        >
                          {t(column.label)}
                        </TableSortLabel>
                      </TableCell>
                    ))}
                    <TableCell align="right" sx={{ width: 96 }}>
                      {t('columnActions')}
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {products.isPending ? (
                    <RowsSkeleton rows={6} />
                  ) : rows.length === 0 ? (
                    <TableRow>
                      <TableCell colSpan={5} sx={{ py: 8, borderBottom: 0 }} data-testid="product-list-empty">
                        <EmptyState icon={<Inventory2OutlinedIcon />} title={t('empty')} />
                      </TableCell>
                    </TableRow>
                  ) : (
                    rows.map((product) => {
                      const unassigned = isUnassignedProduct(product);
                      return (
                        <TableRow key={product.id} hover data-testid="product-row" data-sku={product.sku}>
                          <TableCell>
                            {unassigned ? unknown : (product.product_code ?? <Muted>{t('noValue')}</Muted>)}
                          </TableCell>
                          <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                            {unassigned ? unknown : product.sku}
                          </TableCell>
                          <TableCell sx={{ fontWeight: 500, maxWidth: 360, overflowWrap: 'anywhere' }}>
                            {unassigned ? unknown : product.name}
                          </TableCell>
                          <TableCell>{product.category__name ?? <Muted>{t('noCategory')}</Muted>}</TableCell>
                          <TableCell align="right" sx={{ py: 0 }}>
                            <ProductRowMenu
                              label={t('actionsFor', { name: unassigned ? unknown : product.name || product.sku })}
                              disabled={unassigned}
                              onEdit={() => void navigate(editProductPath(product.sku))}
                              onDetails={() => setDetails(product)}
                            />
                          </TableCell>
                        </TableRow>
                      );
                    })
                  )}
                </TableBody>
              </Table>
            </TableContainer>
          )}
          <TablePagination
            component="div"
            count={count}
            page={count === 0 ? 0 : page - 1}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...PAGE_SIZES]}
            onPageChange={(_, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(1);
            }}
            labelRowsPerPage={t('rowsPerPage')}
            labelDisplayedRows={({ from, to, count: total }) => t('displayedRows', { from, to, count: total })}
            getItemAriaLabel={(type) =>
              t(
                type === 'next'
                  ? 'nextPage'
                  : type === 'previous'
                    ? 'previousPage'
                    : type === 'first'
                      ? 'firstPage'
                      : 'lastPage',
              )
            }
            sx={{ borderTop: 1, borderColor: 'divider' }}
            data-testid="product-pagination"
          />
        </Box>
      </Card>
      {details && <ProductDetailsDialog product={details} onClose={() => setDetails(null)} />}
    </>
  );
}

function Muted({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ color: 'text.disabled' }}>
      {children}
    </Box>
  );
}
