import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useClientStore } from '../../../../lib/client-store';
import { category, categoryField, encoding } from '../../../../test/catalogue-fixtures';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { stubServer, type StubServer } from '../../../../test/stub-server';
import { CategoryListTab } from './category-list-tab';

const field = (id: number, name: string) => categoryField({ id, name });

const furniture = category({
  id: 1,
  name: 'Furniture',
  encoding: 2,
  fields: [field(11, 'Colour'), field(12, 'Weight')],
  subcategories: [
    { id: 3, name: 'Chairs', description: '', parent: 1, encoding: null, fields: [field(13, 'Seat height')] },
  ],
});
const tools = category({ id: 2, name: 'Tools' });

/** The tab's server: the encodings, and `categories` answering the category list by its query. */
function stubCategoryServer(categories: (query: URLSearchParams) => Response) {
  return stubServer({
    encodingList: { encodings: [encoding(1, 'NID32', { default: true }), encoding(2, 'NID64')] },
    categoryList: (call) => categories(call.query),
  });
}

/** The query of every request but the encodings'. */
const queries = (server: StubServer) => server.calls.filter((c) => c.route !== 'encodingList').map((c) => c.query);

function StateProbe() {
  const location = useLocation();
  return (
    <>
      <p data-testid="path">{location.pathname}</p>
      <p data-testid="search">{location.search}</p>
      <pre data-testid="state">{JSON.stringify(location.state)}</pre>
    </>
  );
}

function renderTab() {
  return renderWithProviders(
    <Routes>
      <Route path="/admin-setting/product-management/category" element={<CategoryListTab />} />
      <Route path="/admin-setting/product-management/product" element={<StateProbe />} />
      <Route path="*" element={<StateProbe />} />
    </Routes>,
    { path: '/admin-setting/product-management/category' },
  );
}

describe('category list tab', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists top-level categories with their subcategories indented and the attribute names', async () => {
    const server = stubCategoryServer(() => jsonResponse({ count: 2, results: [furniture, tools] }));
    renderTab();
    await screen.findByText('Chairs');
    const rows = screen.getAllByTestId(/^(sub)?category-row$/);
    expect(rows.map((r) => [r.dataset.testid, within(r).getByTestId('category-name').textContent])).toEqual([
      ['category-row', 'Furniture'],
      ['subcategory-row', 'Chairs'],
      ['category-row', 'Tools'],
    ]);
    expect(rows[0]!.textContent).toContain('ColourWeight');
    expect(rows[0]!.textContent).toContain('NID64');
    expect(rows[1]!.textContent).toContain('Seat height');
    expect(rows[1]!.textContent).toContain('From parent');
    expect(rows[2]!.textContent).toContain('No attributes');
    expect(Object.fromEntries(queries(server)[0]!)).toEqual({
      only_root: 'true',
      page: '1',
      page_size: '20',
      ordering: 'name',
    });
  });

  it('searches after 700 ms, sorts descending, pages, and resets', async () => {
    const server = stubCategoryServer(() => jsonResponse({ count: 45, results: [furniture] }));
    renderTab();
    await screen.findByText('Furniture');
    fireEvent.change(screen.getByTestId('category-search'), { target: { value: 'Chai' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(queries(server).some((q) => q.get('search'))).toBe(false);
    await waitFor(() => expect(queries(server).at(-1)!.get('search')).toBe('Chai'), { timeout: 2000 });
    await userEvent.click(screen.getByTestId('category-sort-name'));
    await waitFor(() => expect(queries(server).at(-1)!.get('ordering')).toBe('-name'));
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(queries(server).at(-1)!.get('page')).toBe('2'));
    await userEvent.click(screen.getByTestId('category-reset'));
    await waitFor(() =>
      expect(Object.fromEntries(queries(server).at(-1)!)).toEqual({
        only_root: 'true',
        page: '1',
        page_size: '20',
        ordering: 'name',
      }),
    );
    expect((screen.getByTestId('category-search') as HTMLInputElement).value).toBe('');
  });

  it('shows No Category Found, and the spec text when loading fails', async () => {
    stubCategoryServer((query) =>
      query.get('search') ? errorResponse('APIException', 'serverError') : jsonResponse({ count: 0, results: [] }),
    );
    renderTab();
    expect(await screen.findByText('No Category Found')).toBeTruthy();
    fireEvent.change(screen.getByTestId('category-search'), { target: { value: 'boom' } });
    expect((await screen.findAllByText(/^Failed to load products/, {}, { timeout: 3000 })).length).toBeGreaterThan(0);
  });

  it('View Products opens the product list filtered to the subcategory', async () => {
    stubCategoryServer(() => jsonResponse({ count: 2, results: [furniture, tools] }));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Chairs' }));
    await userEvent.click(screen.getByTestId('category-menu-products'));
    expect((await screen.findByTestId('search')).textContent).toBe('?category=3');
  });

  it('Edit opens the edit page of the category', async () => {
    stubCategoryServer(() => jsonResponse({ count: 2, results: [furniture, tools] }));
    renderTab();
    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Tools' }));
    await userEvent.click(screen.getByTestId('category-menu-edit'));
    expect((await screen.findByTestId('path')).textContent).toBe(
      '/admin-setting/product-management/category/modify-category/2',
    );
  });
});
