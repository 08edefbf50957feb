import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import AddIcon from '@mui/icons-material/Add';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, type Product } from '@tagtrack/contract';
import { useNotify } from '../../../../components/feedback/use-notify';
import {
  ListToolbar,
  PagedTable,
  urlFilter,
  useListState,
  type ListStateOptions,
  type PagedColumn,
} from '../../../../components/paged-table';
import { useCategoryTree } from '../../api/list-categories';
import { useProducts } from '../../api/list-products';
import { PRODUCT_PATHS, editProductPath } from '../model/product-paths';
import { isUnassignedProduct } from '../model/product-model';
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

/** The product list's view in the URL: search, sort, page and the category filter (`category=7`). */
const PRODUCT_LIST: ListStateOptions<{ category: string }> = {
  pageSize: DEFAULT_PAGE_SIZE,
  ordering: DEFAULT_ORDERING,
  sortFields: COLUMNS.map((column) => column.field),
  filters: { category: urlFilter.text(ALL_CATEGORIES, /^\d+$/) },
};

/** The Product tab of Product Management (01 §2.8). */
export function ProductListTab() {
  const { t } = useTranslation(['products', 'common']);
  const navigate = useNavigate();
  const notify = useNotify();
  const state = useListState(PRODUCT_LIST);
  const { category } = state.filters;
  const [details, setDetails] = useState<Product | null>(null);
  const tree = useCategoryTree();
  const products = useProducts({ ...state.query, category: Number(category) });

  useEffect(() => {
    if (products.error) notify.error(t('notifyLoadFailed'), products.error);
  }, [products.error, notify, t]);

  const unknown = t('unknown');
  const columns: PagedColumn[] = [
    ...COLUMNS.map((column) => ({ key: column.field, label: t(column.label), sortField: column.field })),
    { key: 'actions', label: t('columnActions'), align: 'right', width: 96 },
  ];

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
        <ListToolbar
          state={state}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('searchPlaceholder')}
          testId="product"
          filters={
            <CategorySelect
              size="small"
              label={t('filterCategory')}
              tree={tree.data?.results ?? []}
              value={category}
              withAll
              onChange={(value) => state.setFilters({ category: value })}
              sx={{ maxWidth: { sm: 260 } }}
              testId="product-category-filter"
            />
          }
        />
        <Divider />
        <PagedTable<Product>
          columns={columns}
          query={products}
          state={state}
          pageSizes={PAGE_SIZES}
          label={t('tableLabel')}
          testId="product"
          errorText={t('notifyLoadFailed')}
          skeletonRows={6}
          empty={{ icon: <Inventory2OutlinedIcon />, title: t('empty') }}
          renderRow={(product) => {
            const unassigned = isUnassignedProduct(product);
            return (
              <TableRow key={product.id} hover data-testid="product-row" data-sku={product.sku}>
                <TableCell>{unassigned ? unknown : (product.product_code ?? <Muted>{t('noValue')}</Muted>)}</TableCell>
                <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>{unassigned ? unknown : product.sku}</TableCell>
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
          }}
        />
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
