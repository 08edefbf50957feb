import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { Item } from '@tagtrack/contract';
import { useClientStore } from '../../../../lib/client-store';
import { renderWithProviders } from '../../../../test/render';
import { stubServer } from '../../../../test/stub-server';
import { AddItemPage } from './add-item-page';
import { EditItemPage } from './edit-item-page';

const ITEM: Item = {
  id: 42,
  code: '80000000000000000000000A',
  metadata: { name: 'Pallet 7' },
  product__sku: 'Unassigned',
  product__name: 'Unassigned',
  product__product_code: 'Unassigned',
  category: null,
  category__name: null,
  category_fields: [],
  attributes: [],
  status: 'in',
  location: '00000000-0000-4000-8000-000000000001',
  location_name: 'Unassigned',
  removed: false,
  latest_status_update: '2026-01-01T00:00:00Z',
  created_at: '2026-01-01T00:00:00Z',
};

/** The pages' server: item 42 if there is `item` (NotFound otherwise), and an empty catalogue and tree. */
function stubItemServer(item: Item | null) {
  return stubServer({
    itemGet: ({ params }) => (params.id === '42' && item ? item : undefined),
    encodingList: { encodings: [] },
    categoryList: { count: 0, results: [] },
    locationList: [],
  });
}

function Where() {
  return <div data-testid="where">{useLocation().pathname}</div>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path="/asset/modify-asset/:id/:sku" element={<EditItemPage />} />
        <Route path="/add-asset" element={<AddItemPage />} />
        <Route path="/admin-setting/product-management/product/add-item" element={<AddItemPage />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </>,
    { path },
  );
}

describe('item pages', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('loads the item of the path and returns to / on Cancel', async () => {
    stubItemServer(ITEM);
    renderAt('/asset/modify-asset/42/Unassigned');
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit Item' })).toBeTruthy();
    await waitFor(() => expect((screen.getByTestId('item-name') as HTMLInputElement).value).toBe('Pallet 7'));
    expect((screen.getByTestId('item-product') as HTMLInputElement).value).toBe('Unknown');
    await userEvent.click(screen.getByTestId('item-cancel'));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('says so when the item does not exist', async () => {
    stubItemServer(null);
    renderAt('/asset/modify-asset/42/4711');
    expect(await screen.findByText('Item not found')).toBeTruthy();
    expect(screen.queryByTestId('item-form')).toBeNull();
  });

  it('adds from Product Management: Cancel goes back to the product list', async () => {
    stubItemServer(null);
    renderAt('/admin-setting/product-management/product/add-item');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Item' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Product Management' })).toBeTruthy();
    await userEvent.click(screen.getByTestId('item-cancel'));
    expect(screen.getByTestId('where').textContent).toBe('/admin-setting/product-management/product');
  });

  it('adds from the Inventory menu (/add-asset): Cancel goes to /', async () => {
    stubItemServer(null);
    renderAt('/add-asset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Add Item' })).toBeTruthy();
    expect(screen.getByText('Inventory')).toBeTruthy();
    await userEvent.click(screen.getByTestId('item-cancel'));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });
});
