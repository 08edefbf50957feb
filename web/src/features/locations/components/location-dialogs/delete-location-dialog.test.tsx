import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../../lib/client-store';
import { loc } from '../../../../test/location-fixtures';
import { errorResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import {
  noContent,
  stubServer,
  type StubAnswer,
  type StubHandlers,
  type StubServer,
} from '../../../../test/stub-server';
import { DeleteLocationDialog } from './delete-location-dialog';

const shelf = loc('Shelf B2', { parent: '00000000-0000-4000-8000-0000000000ff' });
const countsUrl = `/configuration/location/${shelf.uuid}/counts/`;

/** The dialog's server: the shelf's counts, and a delete that succeeds unless told otherwise. */
function stubDeleteServer(counts: () => StubAnswer, more: StubHandlers = {}) {
  return stubServer({
    locationCounts: (call) => (call.params.id === shelf.uuid ? counts() : undefined),
    locationDelete: noContent,
    ...more,
  });
}

const sent = (server: StubServer) => server.calls.map((c) => `${c.method} ${c.url}`);

describe('delete location dialog', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('checks the counts first, then deletes and says so', async () => {
    const server = stubDeleteServer(() => ({ location: shelf.uuid, items: 0, products: 0 }));
    const onClose = vi.fn();
    renderWithProviders(<DeleteLocationDialog location={shelf} onClose={onClose} />);
    expect(screen.getByTestId('delete-location-confirm').hasAttribute('disabled')).toBe(true);
    expect(
      await screen.findByText('Are you sure you want to delete the location “Shelf B2”? This action cannot be undone.'),
    ).toBeTruthy();
    await userEvent.click(screen.getByTestId('delete-location-confirm'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(server)).toEqual([`GET ${countsUrl}`, `DELETE /configuration/location/${shelf.uuid}/`]);
    expect(await screen.findByText('Location deleted.')).toBeTruthy();
  });

  it('refuses a location that holds items', async () => {
    const server = stubDeleteServer(() => ({ location: shelf.uuid, items: 4, products: 1 }));
    renderWithProviders(<DeleteLocationDialog location={shelf} onClose={vi.fn()} />);
    expect((await screen.findByTestId('delete-location-holds-items')).textContent).toContain(
      'A location that holds items cannot be deleted.',
    );
    expect(screen.getByTestId('delete-location-confirm').hasAttribute('disabled')).toBe(true);
    expect(sent(server)).toEqual([`GET ${countsUrl}`]);
  });

  it('closes with "Failed to check item counts" when the count check fails', async () => {
    stubDeleteServer(() => errorResponse('APIException', 'boom'));
    const onClose = vi.fn();
    renderWithProviders(<DeleteLocationDialog location={shelf} onClose={onClose} />);
    expect(await screen.findByText((text) => text.startsWith('Failed to check item counts'))).toBeTruthy();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the server refusal of a delete with its detail', async () => {
    stubDeleteServer(() => ({ location: shelf.uuid, items: 0, products: 0 }), {
      locationDelete: () => errorResponse('ValidationError', 'locationHasChildren'),
    });
    renderWithProviders(<DeleteLocationDialog location={shelf} onClose={vi.fn()} />);
    await screen.findByText((text) => text.startsWith('Are you sure'));
    await userEvent.click(screen.getByTestId('delete-location-confirm'));
    expect(
      await screen.findByText((text) =>
        text.startsWith('Failed to delete a location. A location with children cannot be deleted.'),
      ),
    ).toBeTruthy();
  });
});
