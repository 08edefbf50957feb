import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ItemStatus } from '@tagtrack/contract';
import { useNotify } from '../../../components/feedback/use-notify';
import { refetchEvery, usePollingInterval } from '../../../components/list-controls';
import { useListState } from '../../../components/paged-table';
import { useCan, useCanOpen } from '../../../lib/permissions';
import { useProductDisplayName } from '../../../shared/catalogue/product-multi-select';
import { indexLocations } from '../../../shared/locations/location-tree-utils';
import { useWholeLocationTree } from '../../../shared/locations/get-whole-location-tree';
import { useLocationDisplayName } from '../../../shared/locations/use-location-display-name';
import { useBulkDeleteItems, useBulkUpdateItems, useRestoreItems } from '../api/bulk-items';
import { useTrackedItems } from '../api/list-items';
import { ASSET_MANAGEMENT_PATH } from '../model/asset-management-path';
import { ITEM_LIST_OPTIONS, itemQueryParams, type ItemFilters } from '../model/item-filters';
import { toggleId, togglePage } from '../model/item-table';

export type ItemTableDialog = 'status' | 'move' | 'delete' | null;

/**
 * The item table's state: the list's filters, page and polling, the rows and the location tree,
 * the writer's selection and the bulk action that runs on it.
 */
export function useItemTable(management: boolean) {
  const { t } = useTranslation(['tracking', 'common']);
  const notify = useNotify();
  const canModify = useCan('item:modify');
  // Deleted items are restored in Asset Management: the delete question links there.
  const canManage = useCanOpen(ASSET_MANAGEMENT_PATH) && !management;
  const state = useListState(ITEM_LIST_OPTIONS);
  const { filters } = state;
  const removed = management && filters.removed;
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [dialog, setDialog] = useState<ItemTableDialog>(null);
  const polling = usePollingInterval('asset');
  const params = itemQueryParams(filters, state.query, management);
  const list = useTrackedItems(params, refetchEvery(polling));
  const tree = useWholeLocationTree();
  const index = useMemo(() => indexLocations(tree.data ?? []), [tree.data]);
  const productName = useProductDisplayName();
  const locationName = useLocationDisplayName();
  const update = useBulkUpdateItems();
  const remove = useBulkDeleteItems();
  const restore = useRestoreItems();

  const rows = list.data?.results ?? [];
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

  return {
    filters,
    setFilters,
    listState,
    params,
    list,
    rows,
    tree,
    index,
    productName,
    locationName,
    removed,
    canModify,
    canManage,
    selected,
    ids,
    toggle: (id: number) => setSelected(toggleId(selected, id)),
    togglePage: () => setSelected(togglePage(rows, selected)),
    dialog,
    setDialog,
    closeDialog: () => setDialog(null),
    updating: update.isPending,
    removing: remove.isPending,
    restoring: restore.isPending,
    setStatus: (status: ItemStatus) =>
      void run(() => update.mutateAsync(ids.map((id) => ({ id, status }))), t('updated', { count: ids.length })),
    move: (location: string) =>
      void run(() => update.mutateAsync(ids.map((id) => ({ id, location }))), t('updated', { count: ids.length })),
    removeSelected: () => void run(() => remove.mutateAsync(ids), t('deleted', { count: ids.length })),
    restoreSelected: () => void run(() => restore.mutateAsync(ids), t('restored', { count: ids.length })),
  };
}

export type ItemTableState = ReturnType<typeof useItemTable>;
