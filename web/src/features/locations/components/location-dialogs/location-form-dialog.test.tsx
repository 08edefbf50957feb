import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Location } from '@tagtrack/contract';
import { useClientStore } from '../../../../lib/client-store';
import { loc } from '../../../../test/location-fixtures';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { stubServer, type StubServer } from '../../../../test/stub-server';
import { LocationFormDialog } from './location-form-dialog';

/** What a test checks of a request: its method, URL as sent and parsed body. */
const sent = (server: StubServer) => server.calls.map(({ method, url, body }) => ({ method, url, body }));

function sampleTree(): Location[] {
  return [
    loc('Main Warehouse', {}, [loc('Hall 1', {}, [loc('Shelf A1')]), loc('Dock')]),
    loc('Removed', { special: 'removed' }),
  ];
}

describe('location form dialog', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('validates on submit with the contract messages', async () => {
    const server = stubServer();
    const tree = sampleTree();
    renderWithProviders(<LocationFormDialog mode={{ kind: 'add', parent: tree[0]! }} tree={tree} onClose={vi.fn()} />);
    fireEvent.change(screen.getByTestId('location-metadata-input'), { target: { value: '[1, 2]' } });
    await userEvent.click(screen.getByTestId('location-save'));
    expect(await screen.findByText('Location name is required')).toBeTruthy();
    expect(screen.getByText('Metadata must be a valid JSON object, e.g. {"key": "value"}')).toBeTruthy();
    fireEvent.change(screen.getByTestId('location-name-input'), { target: { value: 'x'.repeat(151) } });
    await userEvent.click(screen.getByTestId('location-save'));
    expect(await screen.findByText('The name may have at most 150 characters')).toBeTruthy();
    expect(sent(server)).toEqual([]);
  });

  it('creates a child under the chosen node with parsed metadata', async () => {
    const tree = sampleTree();
    const warehouse = tree[0]!;
    const server = stubServer({
      locationCreate: ({ body }) => {
        const input = body as { name: string; parent: string };
        return jsonResponse(loc(input.name, { parent: input.parent }), 201);
      },
    });
    const onClose = vi.fn();
    renderWithProviders(<LocationFormDialog mode={{ kind: 'add', parent: warehouse }} tree={tree} onClose={onClose} />);
    expect(screen.getByTestId('location-parent-path').textContent).toBe('Main Warehouse');
    fireEvent.change(screen.getByTestId('location-name-input'), { target: { value: '  Hall 2 ' } });
    fireEvent.change(screen.getByTestId('location-metadata-input'), { target: { value: '{"zone": "cold"}' } });
    await userEvent.click(screen.getByTestId('location-save'));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(sent(server)[0]).toEqual({
      method: 'POST',
      url: '/configuration/location/',
      body: { parent: warehouse.uuid, name: 'Hall 2', metadata: { zone: 'cold' } },
    });
    expect(await screen.findByText('Location created.')).toBeTruthy();
  });

  it('refuses the location itself or a descendant as parent and disables Save', async () => {
    const server = stubServer();
    const tree = sampleTree();
    const hall = tree[0]!.children[0]!;
    renderWithProviders(<LocationFormDialog mode={{ kind: 'edit', location: hall }} tree={tree} onClose={vi.fn()} />);
    expect(screen.queryByTestId('location-parent-error')).toBeNull();
    await userEvent.click(
      within(screen.getByRole('treeitem', { name: 'Hall 1' })).getByRole('button', { name: 'Expand' }),
    );
    await userEvent.click(screen.getByRole('treeitem', { name: 'Shelf A1' }));
    expect(screen.getByTestId('location-parent-error').textContent).toBe(
      'Choose different parent location, location may not be made a child of itself!',
    );
    expect(screen.getByTestId('location-save').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('treeitem', { name: 'Hall 1' }));
    expect(screen.getByTestId('location-save').hasAttribute('disabled')).toBe(true);
    await userEvent.click(screen.getByRole('treeitem', { name: 'Dock' }));
    expect(screen.queryByTestId('location-parent-error')).toBeNull();
    expect(screen.getByTestId('location-save').hasAttribute('disabled')).toBe(false);
    expect(screen.getByRole('treeitem', { name: 'Removed' }).getAttribute('aria-disabled')).toBe('true');
    expect(sent(server)).toEqual([]);
  });

  it("shows the server's parent refusal on the field and in the error snackbar", async () => {
    stubServer({ locationCreate: () => errorResponse('ValidationError', { parent: ['invalidLocation'] }) });
    const tree = sampleTree();
    renderWithProviders(<LocationFormDialog mode={{ kind: 'add', parent: tree[0]! }} tree={tree} onClose={vi.fn()} />);
    fireEvent.change(screen.getByTestId('location-name-input'), { target: { value: 'Hall 2' } });
    await userEvent.click(screen.getByTestId('location-save'));
    expect((await screen.findByTestId('location-parent-error')).textContent).toBe('Choose an existing location');
    expect(
      await screen.findByText((text) => text.startsWith('Failed to add a location. Choose an existing location')),
    ).toBeTruthy();
    expect(screen.getByTestId('error-report-button')).toBeTruthy();
  });
});
