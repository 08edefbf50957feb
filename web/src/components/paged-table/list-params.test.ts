import { describe, expect, it } from 'vitest';
import {
  clearListParams,
  parseListOrdering,
  parsePage,
  parsePageSize,
  readListParams,
  urlFilter,
  writeListParams,
  type ListParamsConfig,
} from './list-params';

interface Filters {
  status: ('in' | 'out')[];
  category: string;
  removed: boolean;
}
const config: ListParamsConfig<Filters> = {
  pageSize: 20,
  ordering: '-updated',
  pageSizes: [10, 20, 50, 100],
  sortFields: ['name', 'updated'],
  filters: { status: urlFilter.list(['in', 'out']), category: urlFilter.text('', /^\d+$/), removed: urlFilter.flag() },
};
const read = (search: string, c: ListParamsConfig<Filters> = config) => readListParams(new URLSearchParams(search), c);

describe('reading a list view from the URL', () => {
  it('gives the defaults for a bare URL', () => {
    expect(read('')).toEqual({
      search: '',
      page: 0,
      pageSize: 20,
      ordering: '-updated',
      filters: { status: [], category: '', removed: false },
    });
  });

  it('reads every parameter, the page from 1 in the URL and from 0 in the view', () => {
    expect(read('search=dock&page=3&page_size=50&ordering=name&status=in,out&category=7&removed=true')).toEqual({
      search: 'dock',
      page: 2,
      pageSize: 50,
      ordering: 'name',
      filters: { status: ['in', 'out'], category: '7', removed: true },
    });
  });

  it('falls back to the defaults, or the largest page size, for values the list cannot use', () => {
    expect(read('page=abc&page_size=100000&ordering=nonsense&status=gone,in&category=x&removed=yes')).toEqual({
      search: '',
      page: 0,
      pageSize: 100,
      ordering: '-updated',
      filters: { status: ['in'], category: '', removed: false },
    });
  });

  it.each([
    ['abc', 0],
    ['0', 0],
    ['-2', 0],
    ['1.5', 0],
    ['1', 0],
    ['4', 3],
    ['99999999999999999999', 0],
  ])('reads page=%s as page index %i', (raw, page) => {
    expect(parsePage(raw)).toBe(page);
  });

  it.each([
    ['abc', 20],
    ['0', 20],
    ['-5', 20],
    ['10', 10],
    ['15', 20],
    ['100', 100],
    ['100000', 100],
  ])('reads page_size=%s as %i of 10, 20, 50, 100', (raw, size) => {
    expect(parsePageSize(raw, 20, [10, 20, 50, 100])).toBe(size);
  });

  it('takes an ordering on a sortable field, either way, and nothing else', () => {
    expect(parseListOrdering('-name', 'updated', ['name'])).toBe('-name');
    expect(parseListOrdering('updated', '-updated', ['name'])).toBe('updated');
    expect(parseListOrdering('email', 'updated', ['name'])).toBe('updated');
    expect(parseListOrdering('name;drop', 'updated', undefined)).toBe('updated');
    expect(parseListOrdering('--name', 'updated', ['name'])).toBe('updated');
  });

  it('reads a prefixed list only from its own parameters', () => {
    const outbox = { ...config, prefix: 'outbox' };
    expect(read('page=3&outbox_page=2&outbox_search=mail', outbox)).toMatchObject({ page: 1, search: 'mail' });
    expect(read('outbox_page=2', config)).toMatchObject({ page: 0 });
  });
});

describe('writing a list view into the URL', () => {
  const write = (search: string, change: Parameters<typeof writeListParams<Filters>>[2]) =>
    writeListParams(new URLSearchParams(search), config, change).toString();

  it('leaves defaults out and keeps parameters that are not the list’s', () => {
    expect(write('tab=x', { search: 'dock', pageSize: 20, ordering: '-updated' })).toBe('tab=x&search=dock');
    expect(write('search=dock', { search: '' })).toBe('');
    expect(write('', { filters: { status: [], removed: false, category: '' } })).toBe('');
  });

  it('starts at the first page on a new search, ordering, page size or filter', () => {
    expect(write('page=4', { page: 5 })).toBe('page=6');
    expect(write('page=4', { search: 'a' })).toBe('search=a');
    expect(write('page=4', { ordering: 'name' })).toBe('ordering=name');
    expect(write('page=4', { pageSize: 50 })).toBe('page_size=50');
    expect(write('page=4&status=in', { filters: { status: ['in', 'out'] } })).toBe('status=in%2Cout');
    expect(write('page=4', { page: 0 })).toBe('');
  });

  it('round-trips: what is written reads back as the same view', () => {
    const written = writeListParams(new URLSearchParams(), config, {
      search: 'a b',
      ordering: 'name',
      pageSize: 50,
      filters: { status: ['out'], category: '12', removed: true },
    });
    const withPage = writeListParams(written, config, { page: 2 });
    expect(readListParams(withPage, config)).toEqual({
      search: 'a b',
      page: 2,
      pageSize: 50,
      ordering: 'name',
      filters: { status: ['out'], category: '12', removed: true },
    });
  });

  it('clears only the list’s own parameters', () => {
    expect(
      clearListParams(new URLSearchParams('search=a&page=2&status=in&removed=true&tab=x'), config).toString(),
    ).toBe('tab=x');
  });
});
