import { useState } from 'react';
import { SEARCH_DEBOUNCE_MS } from '@tagtrack/contract';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface ListStateOptions {
  pageSize: number;
  ordering: string;
}

/** The query a paged list asks for: pages from 1 as the API counts them. */
export interface ListQueryParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
}

export interface ListState {
  search: string;
  setSearch: (search: string) => void;
  /** The debounced, trimmed search the query uses. */
  term: string;
  /** Zero-based, as MUI's pager counts. */
  page: number;
  setPage: (page: number) => void;
  pageSize: number;
  setPageSize: (size: number) => void;
  ordering: string;
  /** A header click: the same column flips its direction, another column starts ascending. */
  sortBy: (field: string) => void;
  reset: () => void;
  query: ListQueryParams;
}

/** The next ordering when a column header is clicked. */
export function toggleOrdering(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

/**
 * Search, page, page size and ordering of one paged list. The page belongs to a search and an
 * ordering: a new search or sort starts at the first page.
 */
export function useListState(defaults: ListStateOptions): ListState {
  const [search, setSearch] = useState('');
  const [pageSize, setPageSizeState] = useState(defaults.pageSize);
  const [ordering, setOrdering] = useState(defaults.ordering);
  const term = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const key = `${term}\u0000${ordering}\u0000${pageSize}`;
  const [pageOf, setPageOf] = useState({ key, page: 0 });
  const page = pageOf.key === key ? pageOf.page : 0;
  return {
    search,
    setSearch,
    term,
    page,
    setPage: (next) => setPageOf({ key, page: next }),
    pageSize,
    setPageSize: setPageSizeState,
    ordering,
    sortBy: (field) => setOrdering((current) => toggleOrdering(current, field)),
    reset: () => {
      setSearch('');
      setPageSizeState(defaults.pageSize);
      setOrdering(defaults.ordering);
      setPageOf({ key: '', page: 0 });
    },
    query: { page: page + 1, page_size: pageSize, ordering, ...(term ? { search: term } : {}) },
  };
}
