import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../../lib/client-store';
import { testProduct } from '../test/product-fixtures';
import type { StubServer } from '../../../../test/stub-server';
import { renderProductScreen, stubProductServer } from '../test/product-test-server';
import { ProductListTab } from './product-list-tab';

const PATH = '/admin-setting/product-management/product';

const listCalls = (server: StubServer) => server.callsTo('productList');
const lastList = (server: StubServer) => Object.fromEntries(listCalls(server).at(-1)?.query ?? []);

async function renderList(search = '') {
  const server = stubProductServer();
  renderProductScreen(<ProductListTab />, { path: PATH, search });
  await screen.findByText('Cordless drill');
  return server;
}

describe('product list (01 §2.8)', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for page 1 of 20, sorted by SKU, all categories; shows the columns and buttons', async () => {
    const server = await renderList();
    expect(lastList(server)).toEqual({ page: '1', page_size: '20', ordering: 'sku', category: '-1' });
    const headers = screen.getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual(['Product Code', 'Sku', 'Product Name', 'Category', 'Actions']);
    expect(screen.getByTestId('add-product').textContent).toBe('Add product');
    expect(screen.getByTestId('import-products').textContent).toBe('Import Products');
    expect(screen.getByTestId('import-items').textContent).toBe('Import Items');
    expect(screen.getByPlaceholderText('Search for SKU or product name')).toBeTruthy();
  });

  it('shows Unassigned as Unknown with its menu disabled, saying why', async () => {
    await renderList();
    const rows = screen.getAllByTestId('product-row');
    const unassigned = rows.find((r) => r.getAttribute('data-sku') === 'Unassigned')!;
    expect(within(unassigned).getAllByText('Unknown')).toHaveLength(3);
    expect(within(unassigned).getByTestId('product-row-menu').hasAttribute('disabled')).toBe(true);
    const drill = rows.find((r) => r.getAttribute('data-sku') === '42')!;
    expect(within(drill).getByTestId('product-row-menu').hasAttribute('disabled')).toBe(false);
    expect(within(unassigned).getByTestId('disabled-reason').getAttribute('aria-label')).toBe(
      'The Unassigned product cannot be edited or deleted.',
    );
    expect(within(drill).queryByTestId('disabled-reason')).toBeNull();
  });

  it('a click on a column toggles ascending and descending', async () => {
    const server = await renderList();
    await userEvent.click(screen.getByTestId('product-sort-sku'));
    await waitFor(() => expect(lastList(server).ordering).toBe('-sku'));
    await userEvent.click(screen.getByTestId('product-sort-sku'));
    await waitFor(() => expect(lastList(server).ordering).toBe('sku'));
    await userEvent.click(screen.getByTestId('product-sort-category__name'));
    await waitFor(() => expect(lastList(server).ordering).toBe('category__name'));
    await userEvent.click(screen.getByTestId('product-sort-category__name'));
    await waitFor(() => expect(lastList(server).ordering).toBe('-category__name'));
  });

  it('searches 700 ms after typing stops, from page 1', async () => {
    const server = await renderList();
    await userEvent.type(screen.getByTestId('product-search'), 'dri');
    expect(listCalls(server).some((c) => c.query.get('search'))).toBe(false);
    await waitFor(() => expect(lastList(server).search).toBe('dri'), { timeout: 2000 });
    expect(
      listCalls(server)
        .filter((c) => c.query.get('search'))
        .map((c) => c.query.get('search')),
    ).toEqual(['dri']);
    expect(lastList(server).page).toBe('1');
  });

  it('filters by category: All categories, None, categories with their subcategories nested', async () => {
    const server = await renderList();
    await userEvent.click(screen.getByRole('combobox', { name: 'Category' }));
    const options = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual(['All categories', 'None', 'Tools', 'Drills', 'Tags', 'Plain']);
    await userEvent.click(screen.getByRole('option', { name: 'None' }));
    await waitFor(() => expect(lastList(server).category).toBe('0'));
  });

  it('preselects the category the category list links to', async () => {
    const server = await renderList('?category=12');
    expect(listCalls(server).map((c) => c.query.get('category'))).toEqual(['12']);
  });

  it('Reset: page 1, empty search, 20 rows, sort by SKU, all categories', async () => {
    const server = await renderList('?category=10');
    await userEvent.click(screen.getByTestId('product-sort-name'));
    await userEvent.type(screen.getByTestId('product-search'), 'x');
    await waitFor(() => expect(lastList(server).search).toBe('x'), { timeout: 2000 });
    await userEvent.click(screen.getByTestId('product-reset'));
    await waitFor(() =>
      expect(lastList(server)).toEqual({ page: '1', page_size: '20', ordering: 'sku', category: '-1' }),
    );
    expect((screen.getByTestId('product-search') as HTMLInputElement).value).toBe('');
  });

  it('says No Product Found when nothing matches', async () => {
    stubProductServer({ productList: { count: 0, results: [] } });
    renderProductScreen(<ProductListTab />, { path: PATH });
    expect((await screen.findByTestId('product-empty')).textContent).toContain('No Product Found');
  });

  it('row menu: Edit opens the edit page of the SKU, View Details the dialog', async () => {
    stubProductServer({}, [testProduct({ sku: 'A/1' })]);
    renderProductScreen(<ProductListTab />, { path: PATH });
    await screen.findByText('Cordless drill');
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Cordless drill' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Edit', 'View Details']);
    await userEvent.click(within(menu).getByText('View Details'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Product Details')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('product-details-edit'));
    expect((await screen.findByTestId('where')).textContent).toBe(
      '/admin-setting/product-management/product/modify-product/A%2F1',
    );
  });

  it('rows follow the table density of the profile', async () => {
    useClientStore.setState({ density: 'large' });
    await renderList();
    expect(screen.getByTestId('product-table').getAttribute('data-density')).toBe('large');
  });
});
