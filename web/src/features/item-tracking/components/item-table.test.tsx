import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { Item, Role } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { buildCurrentUser } from '../../../test/current-user';
import { loc, testUuid } from '../../../test/location-fixtures';
import { renderInAppProviders } from '../../../test/render';
import { stubServer, type StubServer } from '../../../test/stub-server';
import { ItemTable } from './item-table';

const shelf = loc('Shelf', { uuid: testUuid(900) });
const site = loc('Site', { uuid: testUuid(901) }, [shelf]);
const item: Item = {
  id: 5,
  code: '3034257BF400B7800004CB2F',
  metadata: { name: 'Drill' },
  product__sku: 'Unassigned',
  product__name: 'Unassigned',
  product__product_code: null,
  category: null,
  category__name: null,
  category_fields: [],
  attributes: [],
  status: 'in',
  location: shelf.uuid,
  location_name: 'Shelf',
  removed: false,
  latest_status_update: '2026-01-01T08:00:00.000Z',
  created_at: '2026-01-01T08:00:00.000Z',
};

/** The table's server: the user of `role`, the tree, one item, empty product and category lists. */
function stubItemServer(role: Role): StubServer {
  return stubServer({
    me: buildCurrentUser([role]),
    locationList: [site],
    itemList: { count: 1, results: [item] },
    itemBulkUpdate: { count: 1 },
    productList: { count: 0, results: [] },
    categoryList: { count: 0, results: [] },
  });
}

function renderTable(search = '') {
  return renderInAppProviders(
    <MemoryRouter initialEntries={[{ pathname: '/', search }]}>
      <ItemTable />
    </MemoryRouter>,
  );
}

const itemCalls = (server: StubServer) => server.callsTo('itemList');

describe('item table', { timeout: 30_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('asks for 20 rows newest first, with the location tree’s location and status preselected', async () => {
    const server = stubItemServer('viewer');
    renderTable(`?location=${shelf.uuid}&status=in`);
    const row = await screen.findByTestId('item-row');
    const query = itemCalls(server)[0]!.query;
    expect(query.get('ordering')).toBe('-latest_status_update');
    expect(query.get('page_size')).toBe('20');
    expect(query.get('location')).toBe(shelf.uuid);
    expect(query.get('status')).toBe('in');
    expect(within(row).getByTestId('item-epc').getAttribute('href')).toBe(`/item-history/${item.code}`);
    // The Unassigned product reads as Unknown; the status is a chip.
    expect(row.textContent).toContain('Unknown');
    expect(within(row).getByTestId('item-status').textContent).toBe('In');
    await waitFor(() => expect(screen.getByTestId('location-filter').textContent).toBe('Shelf'));
  });

  it('resets the filters with the table settings', async () => {
    const server = stubItemServer('viewer');
    renderTable(`?location=${shelf.uuid}&status=in`);
    await screen.findByTestId('item-row');
    fireEvent.click(screen.getByTestId('items-reset'));
    await waitFor(() => {
      const query = itemCalls(server).at(-1)!.query;
      expect(query.get('location')).toBeNull();
      expect(query.get('status')).toBeNull();
    });
  });

  it('offers a viewer no selection and no Edit, only History', async () => {
    stubItemServer('viewer');
    renderTable();
    const row = await screen.findByTestId('item-row');
    expect(within(row).queryByTestId('item-select')).toBeNull();
    fireEvent.click(within(row).getByTestId('item-row-menu'));
    const menu = await screen.findByRole('menu');
    expect(within(menu).queryByText('Edit')).toBeNull();
    expect(within(menu).getByText('History')).toBeTruthy();
  });

  it('lets a writer change the status of the selected items in one bulk call', async () => {
    const server = stubItemServer('operator');
    renderTable();
    const row = await screen.findByTestId('item-row');
    fireEvent.click(await within(row).findByRole('checkbox'));
    fireEvent.click(await screen.findByTestId('bulk-status'));
    fireEvent.click(await screen.findByTestId('status-dialog-lost'));
    fireEvent.click(screen.getByTestId('status-dialog-apply'));
    await waitFor(() => expect(server.calls.some((c) => c.method === 'PATCH')).toBe(true));
    expect(server.calls.find((c) => c.method === 'PATCH')!.body).toEqual([{ id: 5, status: 'lost' }]);
    expect(await screen.findByText('Items updated')).toBeTruthy();
  });
});
