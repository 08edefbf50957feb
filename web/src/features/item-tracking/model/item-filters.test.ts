import { describe, expect, it } from 'vitest';
import { readListParams } from '../../../components/paged-table/list-params';
import { exportParams, hasFilters, ITEM_LIST_OPTIONS, itemQueryParams, NO_FILTERS } from './item-filters';

const list = { page: 2, page_size: 20, ordering: '-latest_status_update' };

describe('the item filters in the URL', () => {
  it('read what the location tree links to, and drop what the list cannot ask for', () => {
    const filters = readListParams(
      new URLSearchParams('location=u-1&status=in,gone&category=x'),
      ITEM_LIST_OPTIONS,
    ).filters;
    expect(filters).toEqual({ ...NO_FILTERS, location: ['u-1'], status: ['in'] });
    expect(readListParams(new URLSearchParams('category=none&removed=true'), ITEM_LIST_OPTIONS).filters).toEqual({
      ...NO_FILTERS,
      category: 'none',
      removed: true,
    });
  });
});

describe('itemQueryParams', () => {
  it('sends nothing for no filters', () => {
    expect(itemQueryParams(NO_FILTERS, list)).toEqual(list);
    expect(hasFilters(NO_FILTERS)).toBe(false);
  });
  it('joins lists with commas and maps the category choice', () => {
    const filters = {
      location: ['a', 'b'],
      status: ['in', 'lost'] as const,
      product: ['100', 'X 1'],
      category: '7' as const,
      removed: true,
    };
    expect(itemQueryParams({ ...filters, status: [...filters.status] }, list)).not.toHaveProperty('removed');
    expect(itemQueryParams({ ...filters, status: [...filters.status] }, list, true)).toEqual({
      ...list,
      location: 'a,b',
      status: 'in,lost',
      product: '100,X 1',
      removed: 'true',
      category: 7,
    });
    expect(itemQueryParams({ ...NO_FILTERS, category: 'none' }, list)).toMatchObject({ noncategorized: 'true' });
    expect(hasFilters({ ...NO_FILTERS, category: 'none' })).toBe(true);
  });
  it('exports with the filters and ordering but no page', () => {
    expect(exportParams(itemQueryParams({ ...NO_FILTERS, status: ['out'] }, { ...list, search: 'x' }))).toEqual({
      ordering: '-latest_status_update',
      search: 'x',
      status: 'out',
    });
  });
});
