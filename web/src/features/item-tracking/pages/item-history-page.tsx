import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import { API_ROUTES, PAGE_SIZES, type ItemHistory } from '@tagtrack/contract';
import { ExportButton, PollingSelect, refetchEvery, usePollingInterval } from '../../../components/list-controls';
import { indexLocations, locationPathText } from '../../../shared/locations/location-tree-utils';
import { PageHeader } from '../../../components/page-header';
import { PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import { useProductDisplayName } from '../../../shared/catalogue/product-multi-select';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useWholeLocationTree } from '../../../shared/locations/get-whole-location-tree';
import { useItemHistory } from '../api/list-item-history';
import { useTrackedItems } from '../api/list-items';
import { StatusChip } from '../components/item-status-chip';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';

const HISTORY_DEFAULTS = {
  pageSize: 20,
  ordering: '-happened_at',
  sortFields: ['happened_at', 'location', 'status', 'ledger_type'],
};

/** Item History (`/item-history/:tagName`): where an item has been and when, newest first. */
export function ItemHistoryPage() {
  const { t } = useTranslation('tracking');
  const epc = (useParams().tagName ?? '').toUpperCase();
  const state = useListState(HISTORY_DEFAULTS);
  const polling = usePollingInterval('itemHistory');
  const history = useItemHistory(
    { tag: epc, page: state.query.page, page_size: state.query.page_size, ordering: state.query.ordering },
    refetchEvery(polling),
  );
  const itemQuery = useTrackedItems({ page: 1, page_size: 5, ordering: 'code', search: epc }, refetchEvery(polling));
  const item = itemQuery.data?.results.find((row) => row.code === epc);
  const tree = useWholeLocationTree();
  const index = useMemo(() => indexLocations(tree.data ?? []), [tree.data]);
  const locationName = useLocationDisplayName();
  const productName = useProductDisplayName();

  const place = (uuid: string | null, name: string | null) => {
    if (uuid === null) return '';
    const label = name === null ? t('deletedLocation') : locationName(uuid, name);
    const path = locationPathText(uuid, index);
    return path ? (
      <Tooltip title={path}>
        <span>{label}</span>
      </Tooltip>
    ) : (
      label
    );
  };
  const readerOf = (row: ItemHistory) =>
    row.reader ? row.reader.name || row.reader.serial : row.reader_id === null ? t('readerManual') : t('readerDeleted');

  const columns: PagedColumn[] = [
    { key: 'time', label: t('columnTime'), sortField: 'happened_at' },
    { key: 'location', label: t('columnLocation'), sortField: 'location' },
    { key: 'previous', label: t('columnPreviousLocation') },
    { key: 'status', label: t('columnStatus'), sortField: 'status' },
    { key: 'ledger', label: t('columnLedgerType'), sortField: 'ledger_type' },
    { key: 'reader', label: t('columnReader') },
  ];

  return (
    <>
      <PageHeader
        title={t('historyTitle')}
        breadcrumbs={[{ label: t('title'), to: '/' }]}
        current={epc}
        actions={
          <Stack direction="row" spacing={1}>
            <PollingSelect view="itemHistory" testId="history-polling" />
            <ExportButton
              url={API_ROUTES.itemHistoryExportCsv.url}
              params={{ tag: epc, ordering: state.ordering }}
              fileName={`item-history-${epc}.csv`}
              count={history.data?.count}
              testId="history-export"
            />
          </Stack>
        }
      />
      <Card variant="outlined" sx={{ p: 2, mb: 2 }} data-testid="history-summary">
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 1, md: 4 }} sx={{ alignItems: { md: 'center' } }}>
          <Typography variant="h6" sx={{ fontFamily: 'monospace' }} data-testid="history-epc">
            {epc}
          </Typography>
          {item && (
            <>
              <Typography variant="body2">
                <strong>{t('columnProduct')}:</strong>{' '}
                {productName({
                  sku: item.product__sku,
                  name: item.product__name,
                  product_code: item.product__product_code,
                })}
              </Typography>
              <Typography variant="body2" data-testid="history-item-location">
                <strong>{t('columnLocation')}:</strong> {place(item.location, item.location_name)}
              </Typography>
              <StatusChip status={item.status} />
            </>
          )}
        </Stack>
        {!item && itemQuery.isSuccess && (
          <Alert severity="info" sx={{ mt: 1 }}>
            {t('itemGone')}
          </Alert>
        )}
      </Card>
      <Card variant="outlined">
        <PagedTable
          columns={columns}
          query={history}
          state={state}
          pageSizes={PAGE_SIZES}
          renderRow={(row: ItemHistory) => (
            <TableRow key={row.id} hover data-testid="history-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(row.happened_at)}</TableCell>
              <TableCell data-testid="history-location">{place(row.location, row.location_name)}</TableCell>
              <TableCell>{place(row.previous_location, row.previous_location_name)}</TableCell>
              <TableCell>
                <StatusChip status={row.status} />
              </TableCell>
              <TableCell>{t(`ledger_${row.ledger_type}`)}</TableCell>
              <TableCell>{readerOf(row)}</TableCell>
            </TableRow>
          )}
          empty={{ icon: <HistoryIcon />, title: t('historyEmpty') }}
          errorText={t('historyLoadFailed')}
          label={t('historyTitle')}
          testId="history"
        />
      </Card>
    </>
  );
}
