import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import { API_ROUTES, DEFAULT_PAGE_SIZE, PAGE_SIZES, type InventoryCountRow } from '@tagtrack/contract';
import { CountHint } from '../../../components/count-hint';
import { ExportButton, PollingSelect, usePollingInterval } from '../../../components/list-controls';
import { PageHeader } from '../../../components/page-header';
import { useProductDisplayName } from '../../../shared/catalogue/product-multi-select';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { locationItemCountQuery, useLocationItemCounts } from '../api/list-location-item-counts';
import { locationInventoryPath, type InventoryNavigationState } from '../components/inventory-row-menu';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';

/** One product's rows: by location name first. */
const DEFAULTS = { pageSize: DEFAULT_PAGE_SIZE, ordering: 'location', sortFields: ['location', 'count'] };

/** Check Locations (03 §2): where a product's items are, by location. */
export function LocationItemsPage() {
  const { t } = useTranslation(['inventory', 'common']);
  const locationName = useLocationDisplayName();
  const { sku = '' } = useParams();
  const navigation = useLocation().state as Partial<InventoryNavigationState> | null;
  const state = useListState(DEFAULTS);
  const pollMs = usePollingInterval('locationItemCount');
  const location = navigation?.rootLocationId ?? undefined;
  const list = useLocationItemCounts({ ...state.query, product: sku, location }, pollMs);
  const nameOf = useProductDisplayName();
  const productName = navigation?.productName ?? sku;

  const columns: PagedColumn[] = [
    { key: 'location', label: t('columnLocation'), sortField: 'location' },
    { key: 'product', label: t('columnProduct') },
    { key: 'code', label: t('columnProductCode') },
    {
      key: 'count',
      label: (
        <CountHint rule="in" icon>
          {t('columnCount')}
        </CountHint>
      ),
      sortField: 'count',
      align: 'right',
    },
  ];

  return (
    <>
      <PageHeader
        title={productName}
        subtitle={navigation?.productCode ?? undefined}
        breadcrumbs={[{ label: t('title'), to: '/inventory' }]}
        current={t('checkLocationsTitle')}
      />
      <Card>
        <ListToolbar
          state={state}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('checkLocationsSearchPlaceholder')}
          testId="location-items"
          actions={
            <>
              <PollingSelect view="locationItemCount" testId="location-items-polling" />
              <ExportButton
                url={API_ROUTES.locationItemCountExportCsv.url}
                params={locationItemCountQuery({
                  product: sku,
                  location,
                  ordering: state.query.ordering,
                  search: state.query.search,
                })}
                fileName="location-item.csv"
                count={list.data?.count}
                testId="location-items-export"
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
          label={t('checkLocationsTitle')}
          testId="location-items"
          errorText={t('loadFailed')}
          empty={{ icon: <PlaceOutlinedIcon />, title: t('emptyInventory') }}
          renderRow={(row) => (
            <TableRow key={row.location} hover data-testid="location-items-row" data-location={row.location}>
              <TableCell>
                <Link
                  component={RouterLink}
                  to={locationInventoryPath(row.location)}
                  state={{ locationName: locationName(row.location, row.location_name) }}
                  data-testid="location-items-link"
                >
                  {locationName(row.location, row.location_name)}
                </Link>
              </TableCell>
              <TableCell>{nameOf(row)}</TableCell>
              <TableCell>{row.product_code ?? ''}</TableCell>
              <TableCell align="right" data-testid="location-items-row-count">
                {row.count}
              </TableCell>
            </TableRow>
          )}
        />
      </Card>
    </>
  );
}
