import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeafRemaining, Location, Role } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { loc } from '../../../test/location-fixtures';
import { renderWithProviders } from '../../../test/render';
import { stubServer } from '../../../test/stub-server';
import { LocationTreePage } from './location-tree-page';
import { buildCurrentUser } from '../../../test/current-user';

const user = (roles: Role[]) => buildCurrentUser(roles);

const LONG_NAME = 'Northern distribution centre, building C, upper mezzanine level';

function sampleTree(): Location[] {
  return [
    loc('Main Warehouse', { items: 12, products: 3, has_floor_plan: true }, [
      loc('Hall 1', { items: 12, products: 3, image_count: 2 }, [
        loc('Shelf A1', { items: 12, products: 3 }),
        loc('Shelf B2'),
        loc('Old shelf', { active: false }),
      ]),
      loc('Closed wing', { active: false }, [loc('Room 9')]),
      loc(LONG_NAME),
    ]),
    loc('Removed', { special: 'removed' }),
    loc('Unassigned', { special: 'unassigned' }),
  ];
}

interface ServerOptions {
  leaf?: LeafRemaining;
  /** Whether the CSV export answers (else it is NotFound). */
  csv?: boolean;
}

/** The page's server: the user, the subscription, the tree, the leaf allowance, the export and deactivation. */
function stubTreeServer(roles: Role[], { leaf, csv = true }: ServerOptions = {}) {
  return stubServer({
    me: user(roles),
    instanceSubscription: { extension: [], on_premise: false, limits: { leaf_locations: 50 } },
    locationList: sampleTree(),
    locationLeafRemaining: leaf ?? { leaf_locations_remaining: 5, leaf_locations: 45, limit: 50 },
    locationExportCsv: () =>
      csv ? new Response('path,name\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }) : undefined,
    locationDisable: ({ params }) => ({ ...loc('Shelf B2', { uuid: params.id, active: false }), parent: null }),
  });
}

async function renderPage(roles: Role[], options?: ServerOptions) {
  const server = stubTreeServer(roles, options);
  renderWithProviders(<LocationTreePage />, { path: '/location' });
  await screen.findByRole('treeitem', { name: 'Main Warehouse' });
  // The role decides the menu: wait until the user is known.
  await waitFor(() => expect(server.callsTo('me')).not.toHaveLength(0));
  return server;
}

async function menuOf(name: string) {
  await userEvent.click(screen.getByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  const entries = within(menu)
    .getAllByRole('menuitem')
    .map((item) => ({
      action: item.getAttribute('data-testid')?.replace('location-menu-', ''),
      disabled: item.getAttribute('aria-disabled') === 'true',
    }));
  await userEvent.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return entries;
}

const actionsOf = async (name: string) => (await menuOf(name)).map((e) => e.action);
const disabledOf = async (name: string) => (await menuOf(name)).filter((e) => e.disabled).map((e) => e.action);

// Menus open and close many times per test: on a loaded machine that outlasts the 5 s default.
describe('/location as an administrator', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree with counts, marks, the leaf allowance and the add-root button', async () => {
    await renderPage(['administrator']);
    expect(await screen.findByTestId('add-root-location')).toBeTruthy();
    expect(screen.getByTestId('export-locations-csv')).toBeTruthy();
    expect((await screen.findByTestId('leaf-remaining')).textContent).toBe('5 leaf locations can be added');
    const warehouse = screen.getByRole('treeitem', { name: 'Main Warehouse' });
    expect(within(warehouse).getAllByTestId('location-node-counts')[0]?.textContent).toBe('(12 items / 3 products)');
    expect(within(warehouse).getAllByTestId('location-node-floor-plan')).toHaveLength(1);
    expect(
      within(screen.getByRole('treeitem', { name: 'Hall 1' })).getAllByTestId('location-node-images'),
    ).toHaveLength(1);
  });

  it('cuts long names at 45 characters with an ellipsis', async () => {
    await renderPage(['administrator']);
    const node = screen.getByRole('treeitem', { name: LONG_NAME });
    expect(within(node).getByTestId('location-node-name').textContent).toBe(`${LONG_NAME.slice(0, 45)}…`);
  });

  it('greys an inactive leaf but not an inactive location with children', async () => {
    await renderPage(['administrator']);
    expect(screen.getByRole('treeitem', { name: 'Old shelf' }).getAttribute('data-inactive')).toBe('true');
    expect(screen.getByRole('treeitem', { name: 'Closed wing' }).getAttribute('data-inactive')).toBeNull();
    expect(screen.getByRole('treeitem', { name: 'Shelf B2' }).getAttribute('data-inactive')).toBeNull();
  });

  it('disables Delete on a root and on a node with children, offers no toggle on them', async () => {
    await renderPage(['administrator']);
    const root = await actionsOf('Main Warehouse');
    expect(root).toEqual(expect.arrayContaining(['add', 'edit', 'delete', 'details']));
    expect(root).not.toContain('activate');
    expect(root).not.toContain('deactivate');
    expect(await disabledOf('Main Warehouse')).toEqual(['delete']);
    expect(await disabledOf('Hall 1')).toEqual(['delete']);
    expect(await actionsOf('Closed wing')).not.toContain('activate');
  });

  it('offers Deactivate on an active leaf, Activate on an inactive one, and Delete on an empty leaf', async () => {
    await renderPage(['administrator']);
    expect(await actionsOf('Shelf B2')).toContain('deactivate');
    expect(await disabledOf('Shelf B2')).toEqual([]);
    expect(await actionsOf('Old shelf')).toContain('activate');
    expect(await disabledOf('Shelf A1')).toEqual(['delete']);
  });

  it('locks the special roots', async () => {
    await renderPage(['administrator']);
    for (const name of ['Removed', 'Unassigned']) {
      const entries = await actionsOf(name);
      for (const write of ['add', 'edit', 'delete', 'activate', 'deactivate']) expect(entries).not.toContain(write);
      expect(entries).toContain('details');
    }
  });

  it('links a location to its items and its inventory', async () => {
    await renderPage(['viewer']);
    const entries = await actionsOf('Shelf B2');
    expect(entries).toContain('items');
    expect(entries).toContain('inventory');
  });

  it('deactivates a leaf through the API and says so', async () => {
    const server = await renderPage(['administrator']);
    await userEvent.click(screen.getByRole('button', { name: 'Actions for Shelf B2' }));
    await userEvent.click(await screen.findByTestId('location-menu-deactivate'));
    expect(await screen.findByText('Location deactivated')).toBeTruthy();
    expect(server.callsTo('locationDisable')).not.toHaveLength(0);
  });
});

describe('exporting locations.csv', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('downloads the answer as locations.csv and says so', async () => {
    const server = await renderPage(['viewer']);
    // jsdom has no object URLs: stand in for the two the download uses.
    const created: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        created.push(blob);
        return 'blob:csv';
      },
      revokeObjectURL: () => undefined,
    });
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    await userEvent.click(screen.getByTestId('export-locations-csv'));
    expect(await screen.findByText('CSV file exported')).toBeTruthy();
    expect(downloaded).toBe('locations.csv');
    expect(created).toHaveLength(1);
    expect(server.calls.some((c) => c.url === '/configuration/location/export/csv/')).toBe(true);
  });

  it('says "Failed to export CSV file." when the export fails', async () => {
    await renderPage(['viewer'], { csv: false });
    await userEvent.click(screen.getByTestId('export-locations-csv'));
    expect(await screen.findByText((text) => text.startsWith('Failed to export CSV file.'))).toBeTruthy();
  });
});

describe('/location as a viewer', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the tree and export but no add-root button and no write entries', async () => {
    await renderPage(['viewer']);
    expect(screen.getByTestId('export-locations-csv')).toBeTruthy();
    expect(screen.queryByTestId('add-root-location')).toBeNull();
    for (const name of ['Main Warehouse', 'Hall 1', 'Shelf B2', 'Old shelf']) {
      const entries = await actionsOf(name);
      for (const write of ['add', 'edit', 'delete', 'activate', 'deactivate']) expect(entries).not.toContain(write);
      expect(entries).toContain('details');
    }
  });

  it('hides the leaf allowance when the subscription has no limit', async () => {
    await renderPage(['viewer'], { leaf: { leaf_locations_remaining: null, leaf_locations: 3, limit: null } });
    await waitFor(() => expect(screen.queryByTestId('leaf-remaining')).toBeNull());
  });
});
