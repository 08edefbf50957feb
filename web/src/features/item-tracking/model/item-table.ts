import type { ReactNode } from 'react';
import type { Item, ItemStatus } from '@tagtrack/contract';
import type { PagedColumn } from '../../../components/paged-table';

/** The chip colour of each status. */
export const STATUS_COLOR = { in: 'success', out: 'default', lost: 'error' } as const;

/** The tracking namespace's keys of the column titles. */
export type ItemColumnTitle =
  | 'columnEpc'
  | 'columnName'
  | 'columnProduct'
  | 'columnCategory'
  | 'columnStatus'
  | 'columnLocation'
  | 'columnLatestUpdate';

/**
 * The item table's columns, titled with `t`. `selectHeader` (the page's checkbox) adds the
 * selection column first; without it, nobody may select.
 */
export function itemColumns(t: (key: ItemColumnTitle) => string, selectHeader?: ReactNode): PagedColumn[] {
  return [
    ...(selectHeader === undefined ? [] : [{ key: 'select', label: selectHeader, width: 48 }]),
    { key: 'code', label: t('columnEpc'), sortField: 'code' },
    { key: 'name', label: t('columnName'), sortField: 'metadata__name' },
    { key: 'product', label: t('columnProduct'), sortField: 'product__name' },
    { key: 'category', label: t('columnCategory') },
    { key: 'status', label: t('columnStatus'), sortField: 'status' },
    { key: 'location', label: t('columnLocation'), sortField: 'location' },
    { key: 'latest', label: t('columnLatestUpdate'), sortField: 'latest_status_update' },
    { key: 'actions', label: '', width: 56, align: 'right' },
  ];
}

/** How much of the page the selection holds: the page checkbox shows it checked or indeterminate. */
export function pageSelection(
  rows: readonly Pick<Item, 'id'>[],
  selected: ReadonlySet<number>,
): 'all' | 'some' | 'none' {
  if (rows.length > 0 && rows.every((row) => selected.has(row.id))) return 'all';
  return rows.some((row) => selected.has(row.id)) ? 'some' : 'none';
}

/** The page checkbox's click: a fully selected page is cleared, any other is selected whole. */
export function togglePage(rows: readonly Pick<Item, 'id'>[], selected: ReadonlySet<number>): ReadonlySet<number> {
  return pageSelection(rows, selected) === 'all' ? new Set() : new Set(rows.map((row) => row.id));
}

/** A row checkbox's click. */
export function toggleId(selected: ReadonlySet<number>, id: number): ReadonlySet<number> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** An item's history screen. */
export function itemHistoryPath(code: string): string {
  return `/item-history/${code}`;
}

/** An item's edit screen: its id and its product's SKU. */
export function itemEditPath(item: Pick<Item, 'id' | 'product__sku'>): string {
  return `/asset/modify-asset/${item.id}/${encodeURIComponent(item.product__sku)}`;
}

/**
 * The status filter's new value: a multiple select reports an array, but browser autofill can
 * hand it a comma-separated string.
 */
export function statusFilterValue(value: string[] | string): ItemStatus[] {
  return (typeof value === 'string' ? value.split(',') : value) as ItemStatus[];
}
