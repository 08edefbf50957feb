import { Link as RouterLink, useLocation, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import LocalOfferOutlinedIcon from '@mui/icons-material/LocalOfferOutlined';
import { API_ROUTES, DEFAULT_PAGE_SIZE, PAGE_SIZES, type Item, type ItemStatus } from '@tagtrack/contract';
import { ExportButton, PollingSelect, usePollingInterval } from '../../../components/list-controls';
import { PageHeader } from '../../../components/page-header';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useTags } from '../api/list-tags';
import type { InventoryNavigationState } from '../components/inventory-row-menu';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';

const DEFAULTS = {
  pageSize: DEFAULT_PAGE_SIZE,
  ordering: '-latest_status_update',
  sortFields: ['code', 'metadata__name', 'location', 'status', 'latest_status_update'],
};
const STATUS_KEY = { in: 'statusIn', out: 'statusOut', lost: 'statusLost' } as const satisfies Record<
  ItemStatus,
  string
>;

/** Check Tags (03 §2): the items of one product, each EPC leading to its history. */
export function CheckTagsPage() {
  const { t } = useTranslation(['inventory', 'common']);
  const locationName = useLocationDisplayName();
  const { sku = '' } = useParams();
  const navigation = useLocation().state as Partial<InventoryNavigationState> | null;
  const state = useListState(DEFAULTS);
  const pollMs = usePollingInterval('checkTags');
  const location = navigation?.rootLocationId ?? undefined;
  const filter = { product: sku, ...(location ? { location } : {}) };
  const list = useTags({ ...state.query, ...filter }, pollMs);

  const columns: PagedColumn[] = [
    { key: 'code', label: t('columnEpc'), sortField: 'code' },
    { key: 'name', label: t('columnItemName'), sortField: 'metadata__name' },
    { key: 'location', label: t('columnLocation'), sortField: 'location' },
    { key: 'status', label: t('columnStatus'), sortField: 'status' },
    { key: 'updated', label: t('columnLastUpdate'), sortField: 'latest_status_update' },
  ];

  return (
    <>
      <PageHeader
        title={navigation?.productName ?? sku}
        subtitle={navigation?.productCode ?? undefined}
        breadcrumbs={[{ label: t('title'), to: '/inventory' }]}
        current={t('checkTagsTitle')}
      />
      <Card>
        <ListToolbar
          state={state}
          searchLabel={t('searchLabel')}
          searchPlaceholder={t('checkTagsSearchPlaceholder')}
          testId="check-tags"
          actions={
            <>
              <PollingSelect view="checkTags" testId="check-tags-polling" />
              <ExportButton
                url={API_ROUTES.itemExportCsv.url}
                params={{ ...filter, ordering: state.query.ordering, search: state.query.search }}
                fileName={`check-tags-${sku}.csv`}
                count={list.data?.count}
                testId="check-tags-export"
              />
            </>
          }
        />
        <Divider />
        <PagedTable<Item>
          columns={columns}
          query={list}
          state={state}
          pageSizes={PAGE_SIZES}
          label={t('checkTagsTitle')}
          testId="check-tags"
          errorText={t('loadFailed')}
          empty={{ icon: <LocalOfferOutlinedIcon />, title: t('emptyData') }}
          renderRow={(item) => (
            <TableRow key={item.id} hover data-testid="check-tags-row">
              <TableCell sx={{ fontFamily: 'monospace' }}>
                <Link
                  component={RouterLink}
                  to={`/item-history/${encodeURIComponent(item.code)}`}
                  data-testid="check-tags-epc"
                >
                  {item.code}
                </Link>
              </TableCell>
              <TableCell>{item.metadata.name ?? ''}</TableCell>
              <TableCell>{locationName(item.location, item.location_name)}</TableCell>
              <TableCell>{t(STATUS_KEY[item.status])}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(item.latest_status_update)}</TableCell>
            </TableRow>
          )}
        />
      </Card>
    </>
  );
}
