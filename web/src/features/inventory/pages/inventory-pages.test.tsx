import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import type { InventoryCountRow, Product, ProductFullCount, Role } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { buildCurrentUser } from '../../../test/current-user';
import { loc } from '../../../test/location-fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubHandlers } from '../../../test/stub-server';
import { CheckTagsPage } from './check-tags-page';
import { InventoryPage } from './inventory-page';
import { LocationInventoryPage } from './location-inventory-page';
import { LocationItemsPage } from './location-items-page';

const SITE = '6f1c1d3e-8a57-4c0b-9a43-3b1b8f0a2c11';

const productRow = (sku: string, name: string, count: number, code: string | null = null): ProductFullCount => ({
  id: sku.length,
  sku,
  name,
  product_code: code,
  category: null,
  category__name: null,
  count,
  in: count,
  out: 0,
  lost: 0,
});
const countRow = (sku: string, name: string, location: string, locationName: string, count: number) =>
  ({ sku, name, product_code: null, location, location_name: locationName, count }) satisfies InventoryCountRow;

/** The product the details dialog shows. */
const axe: Product = {
  id: 3,
  sku: 'AXE',
  name: 'Axe',
  product_code: 'P-AXE',
  category: null,
  category__name: null,
  category__parent: null,
  encoding: null,
  metadata: { description: 'Sharp.' },
  attributes: [],
  category_fields: [],
  item_count: 3,
  created_at: '2026-01-01T00:00:00Z',
};

/** An empty page of a list. */
const NONE = { count: 0, results: [] };

/**
 * A stubbed server: the signed-in user of `role`, and `handlers` for the rest. `requests()` lists
 * every call but the user's.
 */
function stubInventoryServer(role: Role, handlers: StubHandlers) {
  const server = stubServer({ me: buildCurrentUser([role]), ...handlers });
  return { ...server, requests: () => server.calls.filter((c) => c.route !== 'me') };
}

const pages = (
  <Routes>
    <Route path="/inventory" element={<InventoryPage />} />
    <Route path="/location-items/:sku" element={<LocationItemsPage />} />
    <Route path="/location/inventory/:uuid" element={<LocationInventoryPage />} />
    <Route path="/check-tags/:sku" element={<CheckTagsPage />} />
  </Routes>
);

describe('inventory pages', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists products holding items by name, 20 a page; Unassigned reads Unknown; writers may add a product', async () => {
    const server = stubInventoryServer('operator', {
      productFullCount: {
        count: 2,
        results: [productRow('AXE', 'Axe', 3, 'P-AXE'), productRow('Unassigned', 'Unassigned', 1)],
      },
      categoryList: NONE,
      productList: NONE,
    });
    renderWithProviders(pages, { path: '/inventory' });
    const rows = await screen.findAllByTestId('inventory-row');
    expect(rows.map((r) => within(r).getByTestId('inventory-row-name').textContent)).toEqual(['Axe', 'Unknown']);
    expect(rows.map((r) => within(r).getByTestId('inventory-row-count').textContent)).toEqual(['3', '1']);
    const query = server.callsTo('productFullCount')[0]!.query;
    expect(query.get('inventory')).toBe('true');
    expect(query.get('ordering')).toBe('product__name');
    expect(query.get('page_size')).toBe('20');
    expect(await screen.findByTestId('inventory-add-product')).toBeTruthy();
    fireEvent.click(screen.getByTestId('inventory-sort-code'));
    await waitFor(() => expect(server.requests().at(-1)!.query.get('ordering')).toBe('product_code'));
  });

  it('shows No Inventory Found and no Add product for a viewer; the category filter goes to the query', async () => {
    const server = stubInventoryServer('viewer', { productFullCount: NONE, categoryList: NONE, productList: NONE });
    renderWithProviders(pages, { path: '/inventory' });
    expect((await screen.findByTestId('inventory-empty')).textContent).toContain('No Inventory Found');
    await waitFor(() => expect(screen.queryByTestId('inventory-add-product')).toBeNull());
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Category' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Uncategorized' }));
    await waitFor(() => expect(server.callsTo('productFullCount').at(-1)!.query.get('noncategorized')).toBe('true'));
  });

  it('opens the details dialog, then Check Locations with the product in the navigation state', async () => {
    const server = stubInventoryServer('viewer', {
      productFullCount: { count: 1, results: [productRow('AXE', 'Axe', 3, 'P-AXE')] },
      productGet: ({ params }) => (params.sku === 'AXE' ? axe : undefined),
      locationItemCount: { count: 1, results: [countRow('AXE', 'Axe', SITE, 'Site', 3)] },
    });
    renderWithProviders(pages, { path: '/inventory' });
    const row = (await screen.findAllByTestId('inventory-row'))[0]!;
    fireEvent.click(within(row).getByTestId('inventory-row-menu'));
    fireEvent.click(await screen.findByTestId('inventory-menu-details'));
    expect((await screen.findByTestId('inventory-details-category')).textContent).toContain('Unassigned');
    expect(screen.getByTestId('inventory-details-description').textContent).toContain('Sharp.');
    fireEvent.click(screen.getByTestId('inventory-details-close'));

    fireEvent.click(within(row).getByTestId('inventory-row-menu'));
    fireEvent.click(await screen.findByTestId('inventory-menu-check-locations'));
    const link = await screen.findByTestId('location-items-link');
    expect(link.textContent).toBe('Site');
    expect(link.getAttribute('href')).toBe(`/location/inventory/${SITE}`);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Axe');
    const query = server.callsTo('locationItemCount')[0]!.query;
    expect(Object.fromEntries(query)).toMatchObject({ type: 'current', count_min: '1', product: 'AXE' });
  });

  it('location inventory: fetches the name when not given, leaves Unassigned out, and says No Inventory Found', async () => {
    const server = stubInventoryServer('viewer', {
      locationGet: ({ params }) => (params.id === SITE ? loc('Site', { uuid: SITE }) : undefined),
      locationList: [],
      locationProductCount: NONE,
    });
    renderWithProviders(pages, { path: `/location/inventory/${SITE}` });
    expect((await screen.findByTestId('location-inventory-empty')).textContent).toContain('No Inventory Found');
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Site'));
    const query = server.requests().find((c) => c.path.includes('/productcount/'))!;
    expect(query.path).toBe(`/tag-data/v2/location/productcount/${SITE}/`);
    expect(query.query.get('exclude_product')).toBe('Unassigned');
    expect(screen.getByTestId('location-inventory-product-count').textContent).toBe('Products: 0');
  });

  it('Check Tags lists the product’s items, each EPC linking to its history', async () => {
    const server = stubInventoryServer('viewer', {
      itemList: {
        count: 1,
        results: [
          {
            id: 5,
            code: 'E2801160600002084D3A7B1C',
            metadata: { name: 'Ladder 1' },
            product__sku: 'AXE',
            product__name: 'Axe',
            product__product_code: null,
            category: null,
            category__name: null,
            category_fields: [],
            attributes: [],
            status: 'lost',
            location: SITE,
            location_name: 'Site',
            removed: false,
            latest_status_update: '2026-01-02T10:00:00Z',
            created_at: '2026-01-01T00:00:00Z',
          },
        ],
      },
      productFullCount: { count: 1, results: [productRow('AXE', 'Axe', 3, 'P-AXE')] },
      categoryList: NONE,
      productList: NONE,
      locationList: [],
    });
    renderWithProviders(pages, { path: '/inventory' });
    const row = (await screen.findAllByTestId('inventory-row'))[0]!;
    fireEvent.click(within(row).getByTestId('inventory-row-menu'));
    fireEvent.click(await screen.findByTestId('inventory-menu-check-tags'));
    const epc = await screen.findByTestId('check-tags-epc');
    expect(epc.getAttribute('href')).toBe('/item-history/E2801160600002084D3A7B1C');
    expect(screen.getByTestId('check-tags-row').textContent).toContain('Lost');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Axe');
    const query = server.callsTo('itemList')[0]!.query;
    expect(query.get('product')).toBe('AXE');
    expect(query.get('location')).toBeNull();
  });
});
