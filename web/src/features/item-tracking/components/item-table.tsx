import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import MoveIcon from '@mui/icons-material/DriveFileMoveOutlined';
import RestoreIcon from '@mui/icons-material/RestoreFromTrash';
import StatusIcon from '@mui/icons-material/SwapVert';
import { API_ROUTES, ITEM_STATUSES, PAGE_SIZES, type Item, type ItemStatus } from '@tagtrack/contract';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/feedback/use-notify';
import { ExportButton, PollingSelect, refetchEvery, usePollingInterval } from '../../../components/list-controls';
import { indexLocations, locationPathText } from '../../../shared/locations/location-tree-utils';
import { ListToolbar, PagedTable, useListState, type PagedColumn } from '../../../components/paged-table';
import {
  CategorySelect,
  ProductMultiSelect,
  useProductDisplayName,
} from '../../../shared/catalogue/product-multi-select';
import { RowActionMenu } from '../../../components/row-action-menu';
import { formatTimestamp } from '../../../lib/format-timestamp';
import { useWholeLocationTree } from '../../../shared/locations/get-whole-location-tree';
import { useCan, useCanOpen } from '../../../lib/permissions';
import { useBulkDeleteItems, useBulkUpdateItems, useRestoreItems } from '../api/bulk-items';
import { useTrackedItems } from '../api/list-items';
import { exportParams, ITEM_LIST_OPTIONS, itemQueryParams, type ItemFilters } from '../model/item-filters';
import { ASSET_MANAGEMENT_PATH } from '../model/asset-management-path';
import { MoveDialog, StatusDialog } from './item-dialogs';
import { LocationFilter } from '../../../shared/locations/location-filter';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';

const STATUS_COLOR = { in: 'success', out: 'default', lost: 'error' } as const;

export function StatusChip({ status }: { status: ItemStatus }) {
  const { t } = useTranslation('tracking');
  return <Chip size="small" color={STATUS_COLOR[status]} label={t(`status_${status}`)} data-testid="item-status" />;
}

type Dialog = 'status' | 'move' | 'delete' | null;

/**
 * The item table of Item Tracking (`/`) and Asset Management (`/asset-management`): filters
 * (location tree, status, products, category, search), sortable server-paged rows, polling, the
 * CSV export and, for writers, checkbox selection with the bulk actions. `management` adds the
 * removed-items switch and Restore.
 */
export function ItemTable({ management = false }: { management?: boolean }) {
  const { t } = useTranslation(['tracking', 'common']);
  const notify = useNotify();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const canModify = useCan('item:modify');
  // Deleted items are restored in Asset Management: the delete question links there.
  const canManage = useCanOpen(ASSET_MANAGEMENT_PATH) && !management;
  const productName = useProductDisplayName();
  const state = useListState(ITEM_LIST_OPTIONS);
  const { filters } = state;
  const removed = management && filters.removed;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog>(null);
  const polling = usePollingInterval('asset');
  const params = itemQueryParams(filters, state.query, management);
  const list = useTrackedItems(params, refetchEvery(polling));
  const tree = useWholeLocationTree();
  const index = useMemo(() => indexLocations(tree.data ?? []), [tree.data]);
  const locationName = useLocationDisplayName();
  const update = useBulkUpdateItems();
  const remove = useBulkDeleteItems();
  const restore = useRestoreItems();

  const rows = list.data?.results ?? [];
  const selectable = canModify;
  // Another page, filter or the reset shows other rows: the selection does not carry over.
  const setFilters = (change: Partial<ItemFilters>) => {
    setSelected(new Set());
    state.setFilters(change);
  };
  const listState = {
    ...state,
    setPage: (page: number) => {
      setSelected(new Set());
      state.setPage(page);
    },
    reset: () => {
      state.reset();
      setSelected(new Set());
    },
  };
  const ids = [...selected];
  const allOnPage = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const run = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      notify.success(done);
      setSelected(new Set());
      setDialog(null);
    } catch (error) {
      notify.error(t('actionFailed'), error);
    }
  };

  const columns: PagedColumn[] = [
    ...(selectable ? [{ key: 'select', label: '', width: 48 } as PagedColumn] : []),
    { key: 'code', label: t('columnEpc'), sortField: 'code' },
    { key: 'name', label: t('columnName'), sortField: 'metadata__name' },
    { key: 'product', label: t('columnProduct'), sortField: 'product__name' },
    { key: 'category', label: t('columnCategory') },
    { key: 'status', label: t('columnStatus'), sortField: 'status' },
    { key: 'location', label: t('columnLocation'), sortField: 'location' },
    { key: 'latest', label: t('columnLatestUpdate'), sortField: 'latest_status_update' },
    { key: 'actions', label: '', width: 56, align: 'right' },
  ];
  if (selectable) {
    columns[0]!.label = (
      <Checkbox
        size="small"
        checked={allOnPage}
        indeterminate={!allOnPage && rows.some((row) => selected.has(row.id))}
        onChange={() => setSelected(allOnPage ? new Set() : new Set(rows.map((row) => row.id)))}
        slotProps={{ input: { 'aria-label': t('selectPage') } }}
        data-testid="item-select-page"
      />
    );
  }

  const renderRow = (item: Item) => {
    const path = locationPathText(item.location, index) || item.location_name;
    return (
      <TableRow key={item.id} hover selected={selected.has(item.id)} data-testid="item-row" data-epc={item.code}>
        {selectable && (
          <TableCell padding="checkbox">
            <Checkbox
              size="small"
              checked={selected.has(item.id)}
              onChange={() => toggle(item.id)}
              slotProps={{ input: { 'aria-label': t('selectRow', { epc: item.code }) } }}
              data-testid="item-select"
            />
          </TableCell>
        )}
        <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
          <Link component={RouterLink} to={`/item-history/${item.code}`} data-testid="item-epc">
            {item.code}
          </Link>
        </TableCell>
        <TableCell>{item.metadata.name}</TableCell>
        <TableCell>
          {productName({ sku: item.product__sku, name: item.product__name, product_code: item.product__product_code })}
        </TableCell>
        <TableCell>{item.category__name ?? ''}</TableCell>
        <TableCell>
          <StatusChip status={item.status} />
        </TableCell>
        <TableCell>
          <Tooltip title={path}>
            <span data-testid="item-location">{locationName(item.location, item.location_name)}</span>
          </Tooltip>
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTimestamp(item.latest_status_update)}</TableCell>
        <TableCell align="right" sx={{ py: 0.5 }}>
          <RowActionMenu
            label={t('rowActions', { epc: item.code })}
            testId="item-row-menu"
            items={[
              ...(canModify && !item.removed
                ? [
                    {
                      action: 'edit' as const,
                      icon: <EditIcon fontSize="small" />,
                      label: t('actionEdit'),
                      testId: 'item-edit',
                    },
                  ]
                : []),
              {
                action: 'history' as const,
                icon: <HistoryIcon fontSize="small" />,
                label: t('actionHistory'),
                testId: 'item-history',
              },
            ]}
            onAction={(action) =>
              action === 'edit'
                ? // The edit page returns to this list (Item Tracking or Asset Management) as it was left.
                  navigate(`/asset/modify-asset/${item.id}/${encodeURIComponent(item.product__sku)}`, {
                    state: { returnTo: pathname },
                  })
                : navigate(`/item-history/${item.code}`)
            }
          />
        </TableCell>
      </TableRow>
    );
  };

  return (
    <Card variant="outlined">
      <ListToolbar
        state={listState}
        searchLabel={t('searchLabel')}
        searchPlaceholder={t('searchPlaceholder')}
        testId="items"
        filters={
          <LocationFilter
            multiple
            locations={tree.data ?? []}
            loading={tree.isPending}
            value={filters.location}
            onChange={(location) => setFilters({ location })}
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
              params={exportParams(params)}
              fileName="item-tracking.csv"
              count={list.data?.count}
              testId="items-export"
            />
          </>
        }
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ px: 2, pb: 2, alignItems: { md: 'center' } }}>
        <TextField
          select
          size="small"
          label={t('columnStatus')}
          value={filters.status}
          onChange={(event) => {
            const value = event.target.value as unknown as string[] | string;
            setFilters({ status: (typeof value === 'string' ? value.split(',') : value) as ItemStatus[] });
          }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (value) => (value as ItemStatus[]).map((s) => t(`status_${s}`)).join(', '),
            },
            htmlInput: { 'data-testid': 'status-filter' },
          }}
          sx={{ minWidth: 160 }}
        >
          {ITEM_STATUSES.map((status) => (
            <MenuItem key={status} value={status} data-testid={`status-filter-${status}`}>
              <Checkbox size="small" checked={filters.status.includes(status)} sx={{ p: 0.5, mr: 1 }} />
              {t(`status_${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <ProductMultiSelect
          value={filters.product}
          onChange={(product) => setFilters({ product })}
          testId="product-filter"
        />
        <CategorySelect
          value={filters.category}
          onChange={(category) => setFilters({ category })}
          testId="category-filter"
        />
        {management && (
          <FormControlLabel
            control={
              <Switch
                checked={removed}
                onChange={(event) => setFilters({ removed: event.target.checked })}
                data-testid="show-removed"
              />
            }
            label={t('showRemoved')}
            sx={{ whiteSpace: 'nowrap' }}
          />
        )}
      </Stack>
      {selectable && selected.size > 0 && (
        <Stack
          direction="row"
          spacing={1}
          sx={{ px: 2, py: 1, bgcolor: 'action.selected', alignItems: 'center', flexWrap: 'wrap' }}
          data-testid="bulk-actions"
        >
          <Typography variant="body2" sx={{ fontWeight: 600, mr: 1 }}>
            {t('selected', { count: selected.size })}
          </Typography>
          {removed ? (
            <Button
              size="small"
              startIcon={<RestoreIcon />}
              loading={restore.isPending}
              onClick={() => void run(() => restore.mutateAsync(ids), t('restored', { count: ids.length }))}
              data-testid="bulk-restore"
            >
              {t('bulkRestore')}
            </Button>
          ) : (
            <>
              <Button
                size="small"
                startIcon={<StatusIcon />}
                onClick={() => setDialog('status')}
                data-testid="bulk-status"
              >
                {t('bulkStatus')}
              </Button>
              <Button size="small" startIcon={<MoveIcon />} onClick={() => setDialog('move')} data-testid="bulk-move">
                {t('bulkMove')}
              </Button>
              <Button
                size="small"
                color="error"
                startIcon={<DeleteIcon />}
                onClick={() => setDialog('delete')}
                data-testid="bulk-delete"
              >
                {t('bulkDelete')}
              </Button>
            </>
          )}
        </Stack>
      )}
      <PagedTable
        columns={columns}
        query={list}
        state={listState}
        pageSizes={PAGE_SIZES}
        renderRow={renderRow}
        empty={{ icon: <InventoryIcon />, title: t('emptyTitle'), text: t('emptyText') }}
        errorText={t('loadFailed')}
        label={t('title')}
        testId="items"
      />
      <StatusDialog
        open={dialog === 'status'}
        count={ids.length}
        busy={update.isPending}
        onClose={() => setDialog(null)}
        onApply={(status) =>
          void run(() => update.mutateAsync(ids.map((id) => ({ id, status }))), t('updated', { count: ids.length }))
        }
      />
      <MoveDialog
        open={dialog === 'move'}
        count={ids.length}
        busy={update.isPending}
        locations={tree.data ?? []}
        onClose={() => setDialog(null)}
        onApply={(location) =>
          void run(() => update.mutateAsync(ids.map((id) => ({ id, location }))), t('updated', { count: ids.length }))
        }
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('deleteTitle')}
        confirmLabel={t('bulkDelete')}
        busy={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => void run(() => remove.mutateAsync(ids), t('deleted', { count: ids.length }))}
        testId="delete-items-dialog"
      >
        {t('deleteText', { count: ids.length })}{' '}
        {canManage && (
          <Link component={RouterLink} to={ASSET_MANAGEMENT_PATH} data-testid="delete-items-asset-management">
            {t('openAssetManagement')}
          </Link>
        )}
      </ConfirmDialog>
    </Card>
  );
}
