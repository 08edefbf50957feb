import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '@tagtrack/contract';
import { rememberListView } from '../../lib/list-views';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import {
  clearListParams,
  readListParams,
  writeListParams,
  type ListParams,
  type ListParamsConfig,
} from './list-params';

export interface ListStateOptions<F = Record<string, never>> extends ListParamsConfig<F> {
  /**
   * Where the view lives: the URL (default), so Back, reload and a copied link restore it; or
   * 'memory' for a list inside a dialog, which is no place of the console: its view would outlive
   * the dialog in the page's URL, and a link could not reopen the dialog anyway.
   */
  storage?: 'url' | 'memory';
}

/** The query a paged list asks for: pages from 1 as the API counts them. */
export interface ListQueryParams {
  page: number;
  page_size: number;
  ordering: string;
  search?: string;
}

export interface ListState<F = unknown> {
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
  /** A sort menu's choice: this ordering (`-field` descending). */
  setOrdering: (ordering: string) => void;
  /** The list's filters, as its URL says (the defaults when it says nothing). */
  filters: F;
  /** Changes some filters; the list starts again at its first page. */
  setFilters(change: Partial<F>): void;
  /** Search, filters, sort, page and page size back to their defaults. */
  reset: () => void;
  query: ListQueryParams;
}

/** The next ordering when a column header is clicked. */
export function toggleOrdering(current: string, field: string): string {
  return current === field ? `-${field}` : field;
}

type Change<F> = Partial<Omit<ListParams<F>, 'filters'>> & { filters?: Partial<F> };

/**
 * The search parameters of the current URL, and a writer that keeps the rest of the location (its
 * path, hash and navigation state, which some pages read for their title) and builds on a change
 * not yet rendered, so two changes in one event do not undo each other.
 */
function useUrlSearch(
  enabled: boolean,
): [URLSearchParams, (next: (current: URLSearchParams) => URLSearchParams) => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const pending = useRef<string | null>(null);
  useEffect(() => {
    pending.current = null;
    // Only a list in the URL is remembered for the side menu and the return from an edit page.
    if (enabled) rememberListView(location.pathname, location.search);
  }, [enabled, location.pathname, location.search]);
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const write = useCallback(
    (next: (current: URLSearchParams) => URLSearchParams) => {
      const search = next(new URLSearchParams(pending.current ?? location.search)).toString();
      pending.current = search ? `?${search}` : '';
      // Recorded at once, not after the render: a link drawn before this change reads it on click.
      if (enabled) rememberListView(location.pathname, pending.current);
      // Replace, never push: Back means the previous screen, not the previous keystroke, filter
      // or page. The history entry still holds the latest view, so Back from a detail page (and
      // a reload, or a copied link) restores it.
      void navigate(
        { pathname: location.pathname, search: pending.current, hash: location.hash },
        { replace: true, state: location.state as unknown, preventScrollReset: true },
      );
    },
    [enabled, location.pathname, location.search, location.hash, location.state, navigate],
  );
  return [params, write];
}

/**
 * Search, filters, page, page size and ordering of one paged list, kept in the URL's search
 * parameters (`search`, `page` from 1, `page_size`, `ordering`, one per filter; `prefix_…` with a
 * prefix). Defaults are left out of the URL; a value the list cannot use (page=abc, a page size
 * above the largest offered, an ordering on an unknown field) reads as the default or the largest
 * size, never breaking the page. The page belongs to a search, filters, ordering and page size:
 * changing any of them starts at the first page.
 */
export function useListState<F = Record<string, never>>(options: ListStateOptions<F>): ListState<F> {
  const inUrl = (options.storage ?? 'url') === 'url';
  const [urlParams, writeUrl] = useUrlSearch(inUrl);
  const [memoryParams, setMemoryParams] = useState(() => new URLSearchParams());
  const params = inUrl ? urlParams : memoryParams;
  const { pageSize, ordering, pageSizes, sortFields, prefix, filters: codecs } = options;
  const config = { pageSize, ordering, pageSizes, sortFields, prefix, filters: codecs };
  const view = useMemo(
    () => readListParams(params, { pageSize, ordering, pageSizes, sortFields, prefix, filters: codecs }),
    [params, pageSize, ordering, pageSizes, sortFields, prefix, codecs],
  );
  const write = (next: (current: URLSearchParams) => URLSearchParams) => {
    if (inUrl) writeUrl(next);
    else setMemoryParams(next);
  };
  const change = (delta: Change<F>) => write((current) => writeListParams(current, config, delta));
  const term = useDebouncedValue(view.search.trim(), SEARCH_DEBOUNCE_MS);
  // While the search is being typed the URL already has it, but the query still asks for the
  // previous term: its page stays the first, as the new term's will be.
  const page = term === view.search.trim() ? view.page : 0;
  return {
    search: view.search,
    setSearch: (search) => change({ search }),
    term,
    page,
    setPage: (next) => change({ page: next }),
    pageSize: view.pageSize,
    setPageSize: (size) => change({ pageSize: size }),
    ordering: view.ordering,
    sortBy: (field) => change({ ordering: toggleOrdering(view.ordering, field) }),
    setOrdering: (ordering) => change({ ordering }),
    filters: view.filters,
    setFilters: (filters) => change({ filters }),
    reset: () => write((current) => clearListParams(current, config)),
    query: {
      page: page + 1,
      page_size: view.pageSize,
      ordering: view.ordering,
      ...(term ? { search: term } : {}),
    },
  };
}
