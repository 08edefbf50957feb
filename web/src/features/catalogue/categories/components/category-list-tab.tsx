import { useEffect, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import SubdirectoryArrowRightIcon from '@mui/icons-material/SubdirectoryArrowRight';
import {
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  SEARCH_DEBOUNCE_MS,
  type Category,
  type Encoding,
  type Subcategory,
} from '@tagtrack/contract';
import { EmptyState } from '../../../../components/empty-state';
import { useNotify } from '../../../../components/feedback/use-notify';
import { SearchField } from '../../../../components/search-field';
import { useEncodingLabel } from '../../../../lib/configuration/encoding-label';
import { useEncodings } from '../../../../lib/configuration/get-encodings';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';
import { useCategories } from '../../api/list-categories';
import { CATEGORY_PATHS } from '../category-paths';

/** Navigation state the product list reads to preselect its category filter (01 §2.5, §2.8). */
export interface ViewProductsState {
  categoryId: number;
  subCategoryId: number | null;
}

function RowMenu({ category, parent }: { category: Subcategory; parent: Category | null }) {
  const { t } = useTranslation('categories');
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  const state: ViewProductsState = parent
    ? { categoryId: parent.id, subCategoryId: category.id }
    : { categoryId: category.id, subCategoryId: null };
  return (
    <>
      <IconButton
        size="small"
        aria-label={t('actionsFor', { name: category.name })}
        aria-haspopup="menu"
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem
          data-testid="category-menu-edit"
          onClick={() => {
            close();
            void navigate(CATEGORY_PATHS.edit(category.id));
          }}
        >
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {t('menuEdit')}
        </MenuItem>
        <MenuItem
          data-testid="category-menu-products"
          onClick={() => {
            close();
            void navigate(CATEGORY_PATHS.products, { state });
          }}
        >
          <ListItemIcon>
            <InventoryIcon fontSize="small" />
          </ListItemIcon>
          {t('menuViewProducts')}
        </MenuItem>
      </Menu>
    </>
  );
}

function AttributeChips({ category }: { category: Subcategory }) {
  const { t } = useTranslation('categories');
  if (category.fields.length === 0)
    return (
      <Typography variant="body2" color="text.disabled">
        {t('noAttributes')}
      </Typography>
    );
  return (
    <Stack direction="row" useFlexGap spacing={0.75} sx={{ flexWrap: 'wrap' }}>
      {category.fields.map((field) => (
        <Chip key={field.id} size="small" variant="outlined" label={field.name} />
      ))}
    </Stack>
  );
}

function CategoryRow({
  category,
  parent,
  encodings,
}: {
  category: Subcategory;
  parent: Category | null;
  encodings: Encoding[] | undefined;
}) {
  const { t } = useTranslation('categories');
  const label = useEncodingLabel();
  const encoding = encodings?.find((e) => e.id === category.encoding);
  const sub = parent !== null;
  return (
    <TableRow hover data-testid={sub ? 'subcategory-row' : 'category-row'} sx={{ verticalAlign: 'top' }}>
      <TableCell sx={{ pl: sub ? 5 : 2 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {sub ? (
            <SubdirectoryArrowRightIcon fontSize="small" sx={{ color: 'text.disabled' }} />
          ) : (
            <CategoryIcon fontSize="small" sx={{ color: 'primary.main' }} />
          )}
          <Typography
            variant="body2"
            sx={{ fontWeight: sub ? 400 : 600, wordBreak: 'break-word' }}
            data-testid="category-name"
          >
            {category.name}
          </Typography>
        </Stack>
      </TableCell>
      <TableCell>
        <AttributeChips category={category} />
      </TableCell>
      <TableCell>
        <Typography variant="body2" color={encoding ? 'text.primary' : 'text.secondary'}>
          {encoding ? label(encoding) : sub ? t('encodingFromParent') : t('encodingDefault')}
        </Typography>
      </TableCell>
      <TableCell align="right" sx={{ py: 0.75 }}>
        <RowMenu category={category} parent={parent} />
      </TableCell>
    </TableRow>
  );
}

const COLUMNS = 4;

/**
 * The Category tab of Product Management (01 §2.5): top-level categories, each followed by its
 * subcategories indented, with their attribute names; search, sort by name, pager of top-level
 * categories.
 */
export function CategoryListTab() {
  const { t } = useTranslation(['categories', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  // The page belongs to a search: a new search starts at the first page.
  const [pageOf, setPageOf] = useState({ term: '', page: 0 });
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAGE_SIZE);
  const [descending, setDescending] = useState(false);
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const page = pageOf.term === term ? pageOf.page : 0;
  const setPage = (next: number) => setPageOf({ term, page: next });
  const list = useCategories({
    onlyRoot: true,
    page: page + 1,
    pageSize,
    ordering: descending ? '-name' : 'name',
    search: term || undefined,
  });
  const encodings = useEncodings();

  useEffect(() => {
    if (list.error) notify.error(t('loadFailed'), list.error);
  }, [list.error, notify, t]);

  const reset = () => {
    setSearch('');
    setPage(0);
    setPageSize(DEFAULT_PAGE_SIZE);
    setDescending(false);
  };

  const rows = list.data?.results;
  const count = list.data?.count ?? 0;

  return (
    <Card>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={1.5}
        sx={{ p: 2, alignItems: { md: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flex: 1, maxWidth: { md: 520 } }}>
          <SearchField
            label={t('searchLabel')}
            placeholder={t('searchPlaceholder')}
            value={search}
            onChange={setSearch}
            testId="category-search"
          />
          <Tooltip title={t('reset')}>
            <IconButton aria-label={t('reset')} onClick={reset} data-testid="category-reset">
              <RestartAltIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => void navigate(CATEGORY_PATHS.add)}
          data-testid="add-category"
          sx={{ whiteSpace: 'nowrap', alignSelf: { xs: 'flex-start', md: 'center' } }}
        >
          {t('addCategory')}
        </Button>
      </Stack>
      <Divider />
      <Box sx={{ position: 'relative' }}>
        {list.isFetching && !list.isPending && (
          <LinearProgress sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2, zIndex: 1 }} />
        )}
        <TableContainer>
          <Table size="medium" aria-label={t('tableLabel')} data-testid="category-table">
            <TableHead>
              <TableRow>
                <TableCell sx={{ width: '30%' }} sortDirection={descending ? 'desc' : 'asc'}>
                  <TableSortLabel
                    active
                    direction={descending ? 'desc' : 'asc'}
                    onClick={() => setDescending(!descending)}
                    data-testid="category-sort-name"
                  >
                    {t('columnName')}
                  </TableSortLabel>
                </TableCell>
                <TableCell>{t('columnAttributes')}</TableCell>
                <TableCell sx={{ width: '18%' }}>{t('columnEncoding')}</TableCell>
                <TableCell align="right" sx={{ width: 72 }}>
                  {t('columnActions')}
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.isPending ? (
                [0, 1, 2, 3, 4].map((i) => (
                  <TableRow key={i}>
                    {Array.from({ length: COLUMNS }, (_, c) => (
                      <TableCell key={c}>
                        <Skeleton width={c === 1 ? '70%' : '50%'} />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              ) : list.isError && !rows ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS}>
                    <Alert
                      severity="error"
                      action={
                        <Button color="inherit" size="small" onClick={() => void list.refetch()}>
                          {t('common:retry')}
                        </Button>
                      }
                    >
                      {t('loadFailed')}
                    </Alert>
                  </TableCell>
                </TableRow>
              ) : rows && rows.length > 0 ? (
                rows.flatMap((category) => [
                  <CategoryRow
                    key={category.id}
                    category={category}
                    parent={null}
                    encodings={encodings.data?.encodings}
                  />,
                  ...category.subcategories.map((sub) => (
                    <CategoryRow key={sub.id} category={sub} parent={category} encodings={encodings.data?.encodings} />
                  )),
                ])
              ) : (
                <TableRow>
                  <TableCell colSpan={COLUMNS} sx={{ py: 6, borderBottom: 0 }} data-testid="category-empty">
                    <EmptyState
                      icon={<CategoryIcon />}
                      title={t('empty')}
                      text={term ? t('emptySearch', { search: term }) : t('emptyHint')}
                    />
                  </TableCell>
                </TableRow>
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={count}
          page={rows && page * pageSize >= count && count > 0 ? 0 : page}
          rowsPerPage={pageSize}
          rowsPerPageOptions={[...PAGE_SIZES]}
          onPageChange={(_, next) => setPage(next)}
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('rowsPerPage')}
          labelDisplayedRows={({ from, to, count: total }) => t('displayedRows', { from, to, count: total })}
          getItemAriaLabel={(type) => (type === 'previous' ? t('previousPage') : t('nextPage'))}
          data-testid="category-pager"
        />
      </Box>
    </Card>
  );
}
