import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { renderWithProviders } from '../../test/render';
import { PagedRow } from './paged-row';
import { PagedTable, type PagedColumn } from './paged-table';
import { toggleOrdering, type ListState } from './use-list-state';

describe('toggleOrdering', () => {
  it('flips the same column and starts another ascending', () => {
    expect(toggleOrdering('name', 'name')).toBe('-name');
    expect(toggleOrdering('-name', 'name')).toBe('name');
    expect(toggleOrdering('-name', 'email')).toBe('email');
  });
});

interface Row {
  id: number;
  name: string;
}
const columns: PagedColumn[] = [
  { key: 'name', label: 'Name', sortField: 'name' },
  { key: 'actions', label: 'Actions' },
];

function renderTable(state: ListState, data?: { count: number; results: Row[] }, extra = {}) {
  return renderWithProviders(
    <PagedTable<Row>
      columns={columns}
      query={{ data, isPending: false, isFetching: false, isError: false, refetch: () => undefined, ...extra }}
      state={state}
      pageSizes={[10, 20]}
      renderRow={(row) => (
        <TableRow key={row.id} data-testid="row">
          <TableCell>{row.name}</TableCell>
          <TableCell />
        </TableRow>
      )}
      empty={{ icon: null, title: 'Nothing here' }}
      errorText="Could not load"
      label="Things"
      testId="thing"
    />,
  );
}

function fakeState(overrides: Partial<ListState> = {}): ListState & { sorted: string[] } {
  const sorted: string[] = [];
  return {
    search: '',
    setSearch: () => undefined,
    term: '',
    page: 0,
    setPage: () => undefined,
    pageSize: 10,
    setPageSize: () => undefined,
    ordering: '-name',
    sortBy: (field) => sorted.push(field),
    setOrdering: () => undefined,
    filters: {},
    setFilters: () => undefined,
    reset: () => undefined,
    query: { page: 1, page_size: 10, ordering: '-name' },
    sorted,
    ...overrides,
  };
}

describe('PagedTable', () => {
  it('renders the rows, the active sort and the count, and sorts on a header click', () => {
    const state = fakeState();
    renderTable(state, {
      count: 12,
      results: [
        { id: 1, name: 'Alpha' },
        { id: 2, name: 'Beta' },
      ],
    });
    expect(screen.getAllByTestId('row')).toHaveLength(2);
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending');
    expect(within(screen.getByTestId('thing-pager')).getByText('1–10 of 12')).toBeTruthy();
    fireEvent.click(screen.getByTestId('thing-sort-name'));
    expect(state.sorted).toEqual(['name']);
  });

  it('shows the empty state, and the error with a retry', () => {
    const { unmount } = renderTable(fakeState(), { count: 0, results: [] });
    expect(screen.getByTestId('thing-empty').textContent).toContain('Nothing here');
    unmount();
    let retried = 0;
    renderTable(fakeState(), undefined, { isError: true, refetch: () => (retried += 1) });
    expect(screen.getByText('Could not load')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retried).toBe(1);
  });

  it('goes to the last page when the page asked for is past the end, and only then', () => {
    const pages: number[] = [];
    // 25 rows, 10 a page: the last page is the third (2 counted from 0).
    const { unmount } = renderTable(fakeState({ page: 6, setPage: (page) => pages.push(page) }), {
      count: 25,
      results: [],
    });
    expect(pages).toEqual([2]);
    unmount();
    renderTable(fakeState({ page: 2, setPage: (page) => pages.push(page) }), {
      count: 25,
      results: [{ id: 1, name: 'Alpha' }],
    });
    renderTable(fakeState({ page: 3, setPage: (page) => pages.push(page) }), { count: 0, results: [] });
    expect(pages).toEqual([2]);
  });

  it('asks for the last page once, though the list renders again before the page changes', () => {
    // Item Tracking's setPage also clears its selection: a render of its own, on the old page.
    const pages: number[] = [];
    function List() {
      const [, setSelection] = useState(new Set<number>());
      const state = fakeState({
        page: 6,
        setPage: (page) => {
          pages.push(page);
          setSelection(new Set());
        },
      });
      return (
        <PagedTable<Row>
          columns={columns}
          query={{
            data: { count: 25, results: [] },
            isPending: false,
            isFetching: false,
            isError: false,
            refetch: () => undefined,
          }}
          state={state}
          pageSizes={[10, 20]}
          renderRow={() => null}
          empty={{ icon: null, title: 'Nothing here' }}
          errorText="Could not load"
          label="Things"
          testId="thing"
        />
      );
    }
    renderWithProviders(<List />);
    expect(pages).toEqual([2]);
  });
});

describe('folding columns on a narrow window', () => {
  const folding: PagedColumn[] = [
    { key: 'name', label: 'Name' },
    { key: 'place', label: 'Place', foldBelow: 'sm' },
    { key: 'actions', label: 'Actions' },
  ];
  /** A window `width` px wide, as matchMedia answers MUI's breakpoint queries. */
  function windowOf(width: number) {
    vi.stubGlobal('matchMedia', (query: string) => {
      const max = /max-width:\s*([\d.]+)px/.exec(query);
      const min = /min-width:\s*([\d.]+)px/.exec(query);
      const matches = (!max || width <= Number(max[1])) && (!min || width >= Number(min[1]));
      return {
        matches,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      };
    });
  }
  const renderFolding = () =>
    renderWithProviders(
      <PagedTable<Row>
        columns={folding}
        query={{
          data: { count: 1, results: [{ id: 1, name: 'Freezer' }] },
          isPending: false,
          isFetching: false,
          isError: false,
          refetch: () => undefined,
        }}
        state={fakeState()}
        pageSizes={[10]}
        renderRow={(row) => (
          <PagedRow
            key={row.id}
            testId="row"
            cells={{
              name: { content: row.name },
              place: { content: 'Cold room 2', testId: 'place' },
              actions: { content: '⋮' },
            }}
          />
        )}
        empty={{ icon: null, title: 'Nothing here' }}
        errorText="Could not load"
        label="Things"
        testId="thing"
      />,
    );
  const headers = () => screen.getAllByRole('columnheader').map((th) => th.textContent);
  afterEach(() => vi.unstubAllGlobals());

  it('shows every column on a wide window', () => {
    windowOf(1440);
    renderFolding();
    expect(headers()).toEqual(['Name', 'Place', 'Actions']);
    expect(screen.getByTestId('place').textContent).toBe('Cold room 2');
    expect(screen.queryByTestId('row-details-toggle')).toBeNull();
  });

  it('folds the rest into the row’s details on a phone', () => {
    windowOf(390);
    renderFolding();
    expect(headers()).toEqual(['Details', 'Name', 'Actions']);
    expect(screen.queryByTestId('place')).toBeNull();
    const toggle = screen.getByRole('button', { name: 'Details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = screen.getByTestId('row-details');
    expect(within(details).getByText('Place')).toBeTruthy();
    expect(within(details).getByTestId('place').textContent).toBe('Cold room 2');
  });
});
