import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { InventorySessionFull, InventorySessionStatus } from '@tagtrack/contract';
import { allowedSessionActions } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { renderWithProviders } from '../../../test/render';
import { stubServer } from '../../../test/stub-server';
import { InventorySessionPage, sessionTotals } from './inventory-session-page';

function session(status: InventorySessionStatus): InventorySessionFull {
  return {
    id: 7,
    hash: 'ABCD2345',
    status,
    locations: [{ uuid: 'a', name: 'Aisle A' }],
    read_count: 3,
    created_by__username: 'anna',
    created_at: '2026-01-01T08:00:00Z',
    updated_at: '2026-01-01T08:00:00Z',
    confirmed_at: null,
    allowed_actions: allowedSessionActions(status),
    results: [
      {
        uuid: 'a',
        name: 'Aisle A',
        expected: 3,
        found: 1,
        missing: 2,
        unexpected: 2,
        items_total: 5,
        products: [
          { product_sku: '100', product_name: 'Hammer', expected: 3, found: 1, missing: 2, unexpected: 1 },
          { product_sku: null, product_name: null, expected: 0, found: 0, missing: 0, unexpected: 1 },
        ],
        items: [
          { epc: 'E1', item_id: 1, product_sku: '100', product_name: 'Hammer', outcome: 'missing' },
          { epc: 'E2', item_id: 2, product_sku: '100', product_name: 'Hammer', outcome: 'missing' },
          { epc: 'E3', item_id: 3, product_sku: '100', product_name: 'Hammer', outcome: 'unexpected' },
          { epc: 'E4', item_id: null, product_sku: null, product_name: null, outcome: 'unexpected' },
          { epc: 'E5', item_id: 5, product_sku: '100', product_name: 'Hammer', outcome: 'found' },
        ],
      },
    ],
  };
}

/** The page's server: session ABCD2345 in `status`; each action answers the session, confirmed. */
function stubSessionServer(status: InventorySessionStatus) {
  const acted = () => {
    const { results: _r, allowed_actions: _a, ...rest } = session('confirmed');
    return rest;
  };
  const server = stubServer({
    inventorySessionFull: ({ params }) => (params.id === 'ABCD2345' ? session(status) : undefined),
    inventorySessionTriage: acted,
    inventorySessionConfirm: acted,
    inventorySessionReopen: acted,
    inventorySessionAbandon: acted,
  });
  return { posts: () => server.calls.filter((c) => c.method === 'POST').map((c) => c.path) };
}

const renderPage = () =>
  renderWithProviders(
    <Routes>
      <Route path="/inventory/inventory-session/:hash" element={<InventorySessionPage />} />
    </Routes>,
    { path: '/inventory/inventory-session/ABCD2345' },
  );

describe('inventory session page', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the hash, the status and per location the counts by product, Unknown for unknown tags', async () => {
    stubSessionServer('pending');
    renderPage();
    expect((await screen.findByTestId('session-hash')).textContent).toBe('ABCD2345');
    expect(screen.getByTestId('session-status').textContent).toBe('Pending');
    const place = screen.getByTestId('session-location');
    expect(within(place).getByTestId('location-counts-missing').getAttribute('data-count')).toBe('2');
    const rows = within(place).getAllByTestId('session-product-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Hammer3121', 'Unknown0001']);
    // Pending offers Suspend and Abandon, not Confirm.
    expect(screen.getByTestId('session-action-triage')).toBeTruthy();
    expect(screen.getByTestId('session-action-abandon')).toBeTruthy();
    expect(screen.queryByTestId('session-action-confirm')).toBeNull();
  });

  it('asks before confirming, saying how many items become lost and move, then confirms', async () => {
    const server = stubSessionServer('triage');
    renderPage();
    await userEvent.click(await screen.findByTestId('session-action-confirm'));
    const dialog = await screen.findByTestId('session-confirm-dialog');
    expect(dialog.textContent).toContain('2 missing items will be marked lost');
    expect(dialog.textContent).toContain('2 unexpected items will be moved');
    expect(server.posts()).toEqual([]);
    await userEvent.click(within(dialog).getByTestId('session-confirm-dialog-confirm'));
    await waitFor(() => expect(server.posts()).toEqual(['/process-data/inventory/sessions/7/confirm/']));
  });

  it('adds the totals over the locations', () => {
    expect(sessionTotals(session('triage'))).toEqual({ expected: 3, found: 1, missing: 2, unexpected: 2 });
  });
});
