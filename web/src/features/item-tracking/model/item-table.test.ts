import { describe, expect, it } from 'vitest';
import {
  itemColumns,
  itemEditPath,
  itemHistoryPath,
  pageSelection,
  statusFilterValue,
  toggleId,
  togglePage,
} from './item-table';

const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];

describe('itemColumns', () => {
  it('titles the columns and sorts on the API fields, without a selection column for readers', () => {
    const columns = itemColumns((key) => `[${key}]`);
    expect(columns.map((column) => column.key)).toEqual([
      'code',
      'name',
      'product',
      'category',
      'status',
      'location',
      'latest',
      'actions',
    ]);
    expect(columns[0]).toEqual({ key: 'code', label: '[columnEpc]', sortField: 'code' });
    expect(columns.find((column) => column.key === 'category')?.sortField).toBeUndefined();
    expect(columns.find((column) => column.key === 'latest')?.sortField).toBe('latest_status_update');
    expect(columns.at(-1)).toEqual({ key: 'actions', label: '', width: 56, align: 'right' });
  });

  it('puts the selection column first, headed by the page checkbox, for writers', () => {
    const columns = itemColumns((key) => key, 'checkbox');
    expect(columns[0]).toEqual({ key: 'select', label: 'checkbox', width: 48 });
    expect(columns).toHaveLength(9);
  });
});

describe('page selection', () => {
  it('tells a whole, partial and empty selection of the page apart', () => {
    expect(pageSelection(rows, new Set([1, 2, 3]))).toBe('all');
    expect(pageSelection(rows, new Set([2, 99]))).toBe('some');
    expect(pageSelection(rows, new Set([99]))).toBe('none');
    expect(pageSelection([], new Set([1]))).toBe('none');
  });

  it('selects the whole page unless it is all selected, which it clears', () => {
    expect([...togglePage(rows, new Set([2]))]).toEqual([1, 2, 3]);
    expect([...togglePage(rows, new Set())]).toEqual([1, 2, 3]);
    expect(togglePage(rows, new Set([1, 2, 3])).size).toBe(0);
  });

  it('toggles one row without changing the set it was given', () => {
    const selected = new Set([1]);
    expect([...toggleId(selected, 2)]).toEqual([1, 2]);
    expect([...toggleId(selected, 1)]).toEqual([]);
    expect([...selected]).toEqual([1]);
  });
});

describe('item paths', () => {
  it('links the history by code and the edit screen by id and encoded SKU', () => {
    expect(itemHistoryPath('3034257BF400')).toBe('/item-history/3034257BF400');
    expect(itemEditPath({ id: 5, product__sku: 'A/B 1' })).toBe('/asset/modify-asset/5/A%2FB%201');
  });
});

describe('statusFilterValue', () => {
  it('takes the select array as it is and splits an autofilled string', () => {
    expect(statusFilterValue(['in', 'lost'])).toEqual(['in', 'lost']);
    expect(statusFilterValue('in,out')).toEqual(['in', 'out']);
  });
});
