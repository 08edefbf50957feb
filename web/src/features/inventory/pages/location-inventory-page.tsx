import { useState } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Inventory2OutlinedIcon from '@mui/icons-material/Inventory2Outlined';
import {
  DEFAULT_PAGE_SIZE,
  LOCATION_INVENTORY_POLLING_MS,
  LOCATION_PRODUCTCOUNT_DEFAULT_ORDERING,
  PAGE_SIZES,
  type InventoryCountRow,
} from '@tagtrack/contract';
import { CountHint } from '../../../components/count-hint';
import { ExportButton, PollingSelect, usePollingInterval } from '../../../components/list-controls';
import { PageHeader } from '../../../components/page-header';
import { useProductDisplayName } from '../../../shared/catalogue/product-multi-select';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { useLocationName } from '../api/get-location-name';
import {
  LOCATION_PRODUCTCOUNT_FILTER,
  locationProductCountUrl,
  useLocationProductCounts,
} from '../api/list-location-product-counts';
import { InventoryDetailsDialog } from '../components/inventory-details-dialog';
import { InventoryRowMenu } from '../components/inventory-row-menu';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';

const DEFAULTS = {
  pageSize: DEFAULT_PAGE_SIZE,
  ordering: LOCATION_PRODUCTCOUNT_DEFAULT_ORDERING,
  sortFields: ['product__name', 'product_code'],
};

/** Location inventory (01 §2.12): the products held in a location and its subtree. */
export function LocationInventoryPage() {
  const { t } = useTranslation(['inventory', 'common']);
  const { uuid = '' } = useParams();
  const passed = (useLocation().state as { locationName?: string } | null)?.locationName;
  const fetched = useLocationName(uuid, passed);
  const locationName = useLocationDisplayName();
  const title = locationName(uuid, passed ?? fetched.data ?? '');
  const state = useListState(DEFAULTS);
  const pollMs = usePollingInterval('locationInventory');
  const list = useLocationProductCounts(uuid, state.query, pollMs);
  const nameOf = useProductDisplayName();
  const [details, setDetails] = useState<string | null>(null);

  const columns: PagedColumn[] = [
    { key: 'product', label: t('columnProduct'), sortField: 'product__name' },
    { key: 'code', label: t('columnProductCode'), sortField: 'product_code' },
    { key: 'location', label: t('columnLocation') },
    {
      key: 'count',
      label: (
        <CountHint rule="in" icon>
          {t('columnTotalItemCount')}
        </CountHint>
      ),
      align: 'right',
    },
    { key: 'actions', label: t('common:columnActions'), align: 'right', width: 88 },
  ];

  return (
    <>
      <PageHeader
        title={title || t('locationInventoryTitle')}
        breadcrumbs={[{ label: t('locationsCrumb'), to: '/location' }]}
        current={t('locationInventoryTitle')}
      />
      <Card>
        <ListToolbar
          state={state}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('searchPlaceholder')}
          testId="location-inventory"
          filters={
            <Chip
              label={t('productCount', { count: list.data?.count ?? 0 })}
              variant="outlined"
              data-testid="location-inventory-product-count"
              sx={{ flexShrink: 0 }}
            />
          }
          actions={
            <>
              <PollingSelect
                view="locationInventory"
                options={LOCATION_INVENTORY_POLLING_MS}
                testId="location-inventory-polling"
              />
              <ExportButton
                url={locationProductCountUrl(uuid)}
                params={{
                  ...LOCATION_PRODUCTCOUNT_FILTER,
                  ordering: state.query.ordering,
                  search: state.query.search,
                  export: 'csv',
                }}
                fileName={`inventory-${title || uuid}.csv`}
                count={list.data?.count}
                testId="location-inventory-export"
              />
            </>
          }
        />
        <Divider />
        <PagedTable<InventoryCountRow>
          columns={columns}
          query={list}
          state={state}
          pageSizes={PAGE_SIZES}
          label={t('locationInventoryTitle')}
          testId="location-inventory"
          errorText={t('loadFailed')}
          empty={{ icon: <Inventory2OutlinedIcon />, title: t('emptyInventory') }}
          renderRow={(row) => (
            <TableRow key={row.sku} hover data-testid="location-inventory-row" data-sku={row.sku}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {nameOf(row)}
                </Typography>
              </TableCell>
              <TableCell>{row.product_code ?? ''}</TableCell>
              <TableCell>{locationName(row.location, row.location_name)}</TableCell>
              <TableCell align="right" data-testid="location-inventory-row-count">
                {row.count}
              </TableCell>
              <TableCell align="right" sx={{ py: 0.75 }}>
                <InventoryRowMenu name={nameOf(row)} full={false} onAction={() => setDetails(row.sku)} />
              </TableCell>
            </TableRow>
          )}
        />
      </Card>
      {details !== null && <InventoryDetailsDialog sku={details} onClose={() => setDetails(null)} />}
    </>
  );
}
