import { useTranslation } from 'react-i18next';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import { API_ROUTES, PAGE_SIZES, type Item } from '@tagtrack/contract';
import { ExportButton, PollingSelect } from '../../../components/list-controls';
import { ListToolbar, PagedTable } from '../../../components/paged-table';
import { LocationFilter } from '../../../shared/locations/location-filter';
import { exportParams } from '../model/item-filters';
import { itemColumns, pageSelection } from '../model/item-table';
import { ItemBulkActions } from './item-bulk-actions';
import { ItemBulkDialogs } from './item-bulk-dialogs';
import { ItemFilterBar } from './item-filter-bar';
import { ItemRow } from './item-row';
import { useItemTable } from './use-item-table';

/**
 * The item table of Item Tracking (`/`) and Asset Management (`/asset-management`): filters
 * (location tree, status, products, category, search), sortable server-paged rows, polling, the
 * CSV export and, for writers, checkbox selection with the bulk actions. `management` adds the
 * removed-items switch and Restore.
 */
export function ItemTable({ management = false }: { management?: boolean }) {
  const { t } = useTranslation(['tracking', 'common']);
  const table = useItemTable(management);
  const { filters, tree, list, rows, selected, canModify } = table;
  const onPage = pageSelection(rows, selected);
  const columns = itemColumns(
    t,
    canModify ? (
      <Checkbox
        size="small"
        checked={onPage === 'all'}
        indeterminate={onPage === 'some'}
        onChange={table.togglePage}
        slotProps={{ input: { 'aria-label': t('selectPage') } }}
        data-testid="item-select-page"
      />
    ) : undefined,
  );

  const renderRow = (item: Item) => (
    <ItemRow
      key={item.id}
      item={item}
      index={table.index}
      canModify={canModify}
      selected={selected.has(item.id)}
      onToggle={() => table.toggle(item.id)}
      productName={table.productName}
      locationName={table.locationName}
    />
  );

  return (
    <Card variant="outlined">
      <ListToolbar
        state={table.listState}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="items"
        filters={
          <LocationFilter
            multiple
            locations={tree.data ?? []}
            loading={tree.isPending}
            value={filters.location}
            onChange={(location) => table.setFilters({ location })}
            labels={{
              all: t('allLocations'),
              field: t('columnLocation'),
              clear: t('clearLocations'),
              done: t('done'),
            }}
            testId="location-filter"
          />
        }
        actions={
          <>
            <PollingSelect view="asset" testId="items-polling" />
            <ExportButton
              url={API_ROUTES.itemExportCsv.url}
              params={exportParams(table.params)}
              fileName="item-tracking.csv"
              count={list.data?.count}
              testId="items-export"
            />
          </>
        }
      />
      <ItemFilterBar filters={filters} onChange={table.setFilters} management={management} removed={table.removed} />
      {canModify && selected.size > 0 && <ItemBulkActions table={table} />}
      <PagedTable
        columns={columns}
        query={list}
        state={table.listState}
        pageSizes={PAGE_SIZES}
        renderRow={renderRow}
        empty={{ icon: <InventoryIcon />, title: t('emptyTitle'), text: t('emptyText') }}
        errorText={t('loadFailed')}
        label={t('title')}
        testId="items"
      />
      <ItemBulkDialogs table={table} />
    </Card>
  );
}
