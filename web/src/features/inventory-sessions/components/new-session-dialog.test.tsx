import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../lib/client-store';
import { jsonResponse } from '../../../test/json-response';
import { loc } from '../../../test/location-fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubServer } from '../../../test/stub-server';
import { NewSessionDialog } from './new-session-dialog';

const aisleA = loc('Aisle A');
const aisleB = loc('Aisle B');
const hall = loc('Hall', {}, [aisleA, aisleB]);

/** The dialog's server: the tree, the locations in open sessions, and the session it creates. */
function stubSessionServer() {
  return stubServer({
    locationList: [hall],
    inventorySessionLocations: { locations: [aisleB.uuid] },
    inventorySessionCreate: () =>
      jsonResponse(
        {
          id: 7,
          hash: 'ABCD2345',
          status: 'pending',
          locations: [],
          read_count: 0,
          created_by__username: 'anna',
          created_at: '2026-01-01T08:00:00Z',
          updated_at: '2026-01-01T08:00:00Z',
          confirmed_at: null,
        },
        201,
      ),
  });
}

describe('new inventory session dialog', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('disables locations in open sessions and parents, and creates a session over the chosen leaves', async () => {
    const server = stubSessionServer();
    const onClose = vi.fn();
    renderWithProviders(<NewSessionDialog open onClose={onClose} />);
    const free = await screen.findByRole('treeitem', { name: 'Aisle A' });
    await waitFor(() =>
      expect(screen.getByRole('treeitem', { name: 'Aisle B' }).getAttribute('aria-disabled')).toBe('true'),
    );
    expect(screen.getByRole('treeitem', { name: 'Hall' }).getAttribute('aria-disabled')).toBe('true');
    expect(free.getAttribute('aria-disabled')).toBe('false');

    const create = screen.getByTestId('new-session-create');
    expect((create as HTMLButtonElement).disabled).toBe(true);
    // A click on a disabled location chooses nothing.
    await userEvent.click(screen.getByRole('treeitem', { name: 'Aisle B' }));
    expect(screen.getByTestId('session-selected-count').textContent).toBe('Locations selected: 0');
    await userEvent.click(free);
    expect(screen.getByTestId('session-selected-count').textContent).toBe('Locations selected: 1');
    await userEvent.click(create);
    await waitFor(() =>
      expect(server.callsTo('inventorySessionCreate').map((c) => c.body)).toEqual([{ locations: [aisleA.uuid] }]),
    );
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
