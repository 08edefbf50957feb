import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import {
  API_ROUTES,
  DEFAULT_PAGE_SIZE,
  PAGE_SIZES,
  PRODUCT_FULLCOUNT_DEFAULT_ORDERING,
  type ProductFullCount,
} from '@tagtrack/contract';
import { CountHint } from '../../../components/count-hint';
import { ExportButton, PollingSelect, usePollingInterval } from '../../../components/list-controls';
import { PageHeader } from '../../../components/page-header';
import {
  CATEGORY_CHOICE_PARAM,
  CategorySelect,
  categoryParams,
  ProductMultiSelect,
  useProductDisplayName,
  type CategoryChoice,
} from '../../../shared/catalogue/product-multi-select';
import {
  ListToolbar,
  PagedTable,
  urlFilter,
  useListState,
  type ListStateOptions,
  type PagedColumn,
} from '../../../components/paged-table';
import { Can, useCanOpen } from '../../../lib/permissions';
import { productCountQuery, useProductCounts } from '../api/list-product-counts';
import { InventoryDetailsDialog } from '../components/inventory-details-dialog';
import {
  checkLocationsPath,
  checkTagsPath,
  InventoryRowMenu,
  type InventoryNavigationState,
  type InventoryRowAction,
} from '../components/inventory-row-menu';

/** The inventory's view in the URL: search, sort, page and the category and product filters. */
const INVENTORY_LIST: ListStateOptions<{ category: CategoryChoice; product: string[] }> = {
  pageSize: DEFAULT_PAGE_SIZE,
  ordering: PRODUCT_FULLCOUNT_DEFAULT_ORDERING,
  sortFields: ['product__name', 'product_code'],
  filters: { category: CATEGORY_CHOICE_PARAM, product: urlFilter.list() },
};

/** Inventory sessions (03 §2), opened from here by the roles that may use them. */
const SESSIONS_PATH = '/inventory/inventory-session';

/** Inventory (01 §2.13, 03 §2): products holding items present, with their counts. */
export function InventoryPage() {
  const { t } = useTranslation(['inventory', 'common', 'inventorySessions']);
  const canOpenSessions = useCanOpen(SESSIONS_PATH);
  const navigate = useNavigate();
  // The filters belong to the list: choosing one starts at the first page, Reset clears them too.
  const state = useListState(INVENTORY_LIST);
  const { category, product: products } = state.filters;
  const filters = { ...categoryParams(category), ...(products.length > 0 ? { product: products.join(',') } : {}) };
  const pollMs = usePollingInterval('inventory');
  const list = useProductCounts({ ...state.query, ...filters }, pollMs);
  const nameOf = useProductDisplayName();
  const [details, setDetails] = useState<string | null>(null);

  const columns: PagedColumn[] = [
    { key: 'product', label: t('columnProduct'), sortField: 'product__name' },
    { key: 'code', label: t('columnProductCode'), sortField: 'product_code' },
    {
      key: 'count',
      label: (
        <CountHint rule="in" icon>
          {t('columnTotalCount')}
        </CountHint>
      ),
      align: 'right',
    },
    { key: 'actions', label: t('common:columnActions'), align: 'right', width: 88 },
  ];

  const act = (action: InventoryRowAction, row: ProductFullCount) => {
    if (action === 'details') return setDetails(row.sku);
    const navigation: InventoryNavigationState = {
      productName: nameOf(row),
      productCode: row.product_code,
      rootLocationId: null,
    };
    void navigate(action === 'checkTags' ? checkTagsPath(row.sku) : checkLocationsPath(row.sku), {
      state: navigation,
    });
  };

  return (
    <>
      <PageHeader
        title={t('title')}
        breadcrumbs={[{ label: t('common:appName') }]}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {canOpenSessions && (
              <Button
                component={RouterLink}
                to={SESSIONS_PATH}
                variant="outlined"
                startIcon={<FactCheckOutlinedIcon />}
                data-testid="inventory-sessions"
              >
                {t('inventorySessions:title')}
              </Button>
            )}
            <Can permission="inventory:addProduct">
              <Button
                variant="contained"
                startIcon={<AddIcon />}
                onClick={() => void navigate('/inventory/add-product')}
                data-testid="inventory-add-product"
              >
                {t('addProduct')}
              </Button>
            </Can>
          </Stack>
        }
      />
      <Card>
        <ListToolbar
          state={state}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('searchPlaceholder')}
          testId="inventory"
          filters={
            <>
              <CategorySelect
                value={category}
                onChange={(next) => state.setFilters({ category: next })}
                testId="inventory-category"
              />
              <ProductMultiSelect
                value={products}
                onChange={(next) => state.setFilters({ product: next })}
                testId="inventory-products"
              />
            </>
          }
          actions={
            <>
              <PollingSelect view="inventory" testId="inventory-polling" />
              <ExportButton
                url={API_ROUTES.productFullCountExportCsv.url}
                params={productCountQuery({ ...filters, ordering: state.query.ordering, search: state.query.search })}
                fileName="inventory.csv"
                count={list.data?.count}
                testId="inventory-export"
              />
            </>
          }
        />
        <Divider />
        <PagedTable<ProductFullCount>
          columns={columns}
          query={list}
          state={state}
          pageSizes={PAGE_SIZES}
          label={t('title')}
          testId="inventory"
          errorText={t('loadFailed')}
          empty={{ icon: <Inventory2OutlinedIcon />, title: t('emptyInventory') }}
          renderRow={(row) => (
            <TableRow key={row.sku} hover data-testid="inventory-row" data-sku={row.sku}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="inventory-row-name">
                  {nameOf(row)}
                </Typography>
              </TableCell>
              <TableCell>{row.product_code ?? ''}</TableCell>
              <TableCell align="right" data-testid="inventory-row-count">
                {row.count}
              </TableCell>
              <TableCell align="right" sx={{ py: 0.75 }}>
                <InventoryRowMenu name={nameOf(row)} onAction={(action) => act(action, row)} />
              </TableCell>
            </TableRow>
          )}
        />
      </Card>
      {details !== null && <InventoryDetailsDialog sku={details} onClose={() => setDetails(null)} />}
    </>
  );
}
