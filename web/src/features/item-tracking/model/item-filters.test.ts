import { describe, expect, it } from 'vitest';
import { exportParams, filtersFromNavigation, hasFilters, itemQueryParams, NO_FILTERS } from './item-filters';

const list = { page: 2, page_size: 20, ordering: '-latest_status_update' };

describe('filtersFromNavigation', () => {
  it('preselects the location and statuses the location tree sends', () => {
    expect(filtersFromNavigation({ locationName: 'Dock', locationId: 'u-1', status: ['in'] })).toEqual({
      ...NO_FILTERS,
      locations: ['u-1'],
      statuses: ['in'],
    });
  });
  it('ignores anything else', () => {
    expect(filtersFromNavigation(null)).toEqual(NO_FILTERS);
    expect(filtersFromNavigation({ locationId: 3, status: ['gone', 'lost'] })).toEqual({
      ...NO_FILTERS,
      statuses: ['lost'],
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
      locations: ['a', 'b'],
      statuses: ['in', 'lost'] as const,
      products: ['100', 'X 1'],
      category: '7' as const,
    };
    expect(itemQueryParams({ ...filters, statuses: [...filters.statuses] }, list, true)).toEqual({
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
    expect(exportParams(itemQueryParams({ ...NO_FILTERS, statuses: ['out'] }, { ...list, search: 'x' }))).toEqual({
      ordering: '-latest_status_update',
      search: 'x',
      status: 'out',
    });
  });
});
