import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { Link, MemoryRouter, useLocation } from 'react-router-dom';
import { SEARCH_DEBOUNCE_MS } from '@tagtrack/contract';
import { listViewPath, useListViewLink } from '../../lib/list-views';
import { urlFilter } from './list-params';
import { toggleOrdering, useListState, type ListStateOptions } from './use-list-state';

const FILTERS = { status: urlFilter.list(['in', 'out', 'lost'] as const) };
const OPTIONS: ListStateOptions<{ status: ('in' | 'out' | 'lost')[] }> = {
  pageSize: 10,
  ordering: 'username',
  sortFields: ['username', 'email'],
  filters: FILTERS,
};

/** The hook inside a router at `url`, and the location it leads to. */
function renderList(url = '/users', options = OPTIONS) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter
      initialEntries={[
        {
          pathname: url.split('?')[0],
          search: url.includes('?') ? `?${url.split('?')[1]}` : '',
          state: { title: 'kept' },
        },
      ]}
    >
      {children}
    </MemoryRouter>
  );
  return renderHook(
    () => {
      const location = useLocation();
      return { list: useListState(options), location };
    },
    { wrapper },
  );
}

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('toggleOrdering', () => {
  it('flips the same column and starts another ascending', () => {
    expect(toggleOrdering('name', 'name')).toBe('-name');
    expect(toggleOrdering('-name', 'name')).toBe('name');
    expect(toggleOrdering('-name', 'email')).toBe('email');
  });
});

describe('useListState', () => {
  it('asks for pages from 1 and returns to the first page on a new ordering or page size', () => {
    const { result } = renderList();
    expect(result.current.list.query).toEqual({ page: 1, page_size: 10, ordering: 'username' });
    act(() => result.current.list.setPage(2));
    expect(result.current.list.query.page).toBe(3);
    act(() => result.current.list.sortBy('username'));
    expect(result.current.list.query).toEqual({ page: 1, page_size: 10, ordering: '-username' });
    act(() => result.current.list.setPage(1));
    act(() => result.current.list.setPageSize(50));
    expect(result.current.list.query).toEqual({ page: 1, page_size: 50, ordering: '-username' });
    act(() => result.current.list.reset());
    expect(result.current.list.query).toEqual({ page: 1, page_size: 10, ordering: 'username' });
  });

  it('keeps the view in the URL, defaults left out, the rest of the location kept', () => {
    const { result } = renderList('/users?tab=x');
    act(() => result.current.list.sortBy('email'));
    act(() => result.current.list.setFilters({ status: ['in', 'lost'] }));
    act(() => result.current.list.setPage(3));
    expect(result.current.location.pathname).toBe('/users');
    expect(Object.fromEntries(new URLSearchParams(result.current.location.search))).toEqual({
      tab: 'x',
      ordering: 'email',
      status: 'in,lost',
      page: '4',
    });
    expect(result.current.location.state).toEqual({ title: 'kept' });
    act(() => result.current.list.reset());
    expect(result.current.location.search).toBe('?tab=x');
  });

  it('opens the view a URL describes, and reads nonsense as the defaults', () => {
    const { result } = renderList('/users?search=ann&page=2&page_size=20&ordering=-email&status=out');
    expect(result.current.list.query).toEqual({ page: 2, page_size: 20, ordering: '-email', search: 'ann' });
    expect(result.current.list.filters).toEqual({ status: ['out'] });
    const odd = renderList('/users?page=abc&page_size=100000&ordering=nonsense&status=gone');
    expect(odd.result.current.list.query).toEqual({ page: 1, page_size: 100, ordering: 'username' });
    expect(odd.result.current.list.filters).toEqual({ status: [] });
  });

  it('starts a new search and a new filter at the first page', () => {
    vi.useFakeTimers();
    const { result } = renderList('/users?page=3');
    expect(result.current.list.query.page).toBe(3);
    act(() => result.current.list.setSearch('bo'));
    expect(result.current.location.search).toBe('?search=bo');
    expect(result.current.list.query).toEqual({ page: 1, page_size: 10, ordering: 'username' });
    act(() => vi.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(result.current.list.query).toEqual({ page: 1, page_size: 10, ordering: 'username', search: 'bo' });
    act(() => result.current.list.setPage(1));
    act(() => result.current.list.setFilters({ status: ['in'] }));
    expect(result.current.location.search).toBe('?search=bo&status=in');
  });

  it('does not lose a change made in the same event as another', () => {
    const { result } = renderList();
    act(() => {
      result.current.list.setFilters({ status: ['in'] });
      result.current.list.sortBy('email');
    });
    expect(result.current.location.search).toBe('?status=in&ordering=email');
  });

  it('remembers the view of the list’s path for the menu and the return from an edit page', () => {
    const { result } = renderList('/users');
    act(() => result.current.list.setFilters({ status: ['lost'] }));
    expect(listViewPath('/users')).toBe('/users?status=lost');
    expect(listViewPath('/groups')).toBe('/groups');
    act(() => result.current.list.reset());
    expect(listViewPath('/users')).toBe('/users');
  });

  it('keeps two prefixed lists on one screen apart', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/settings']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(
      () => ({
        a: useListState({ pageSize: 10, ordering: 'name' }),
        b: useListState({ pageSize: 10, ordering: 'name', prefix: 'outbox' }),
        location: useLocation(),
      }),
      { wrapper },
    );
    act(() => result.current.b.setPage(2));
    expect(result.current.location.search).toBe('?outbox_page=3');
    expect(result.current.a.page).toBe(0);
    expect(result.current.b.page).toBe(2);
  });

  it('keeps a list in memory out of the URL', () => {
    const { result } = renderList('/groups', { ...OPTIONS, storage: 'memory' });
    act(() => result.current.list.setFilters({ status: ['in'] }));
    act(() => result.current.list.setPage(1));
    expect(result.current.list.query.page).toBe(2);
    expect(result.current.list.filters).toEqual({ status: ['in'] });
    expect(result.current.location.search).toBe('');
    expect(listViewPath('/groups')).toBe('/groups');
  });

  it('opens a list link in the view the list is in when it is clicked, not when it was drawn', () => {
    // A list page with the side menu's link to itself: the menu is drawn before the list records
    // the view it was opened with, and again before a sort records the new one.
    function Page() {
      const list = useListState(OPTIONS);
      const location = useLocation();
      return (
        <>
          <Link {...useListViewLink('/users')}>menu</Link>
          <button onClick={() => list.sortBy('email')}>sort</button>
          <output>{location.search}</output>
        </>
      );
    }
    render(
      <MemoryRouter initialEntries={['/users?ordering=-username']}>
        <Page />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('menu'));
    expect(screen.getByRole('status').textContent).toBe('?ordering=-username');
    fireEvent.click(screen.getByText('sort'));
    fireEvent.click(screen.getByText('menu'));
    expect(screen.getByRole('status').textContent).toBe('?ordering=email');
  });
});
