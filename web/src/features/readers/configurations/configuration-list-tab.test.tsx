import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useClientStore } from '../../../lib/client-store';
import { errorResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { noContent, stubServer, type StubHandler, type StubServer } from '../../../test/stub-server';
import { ConfigurationListTab } from './configuration-list-tab';
import { configuration } from './configuration-test-fixtures';

const template = configuration({
  id: 8,
  name: 'Gate template',
  description: '',
  is_template: true,
  location: null,
  location_name: null,
  application: 'GateReaderApp',
  reader_type: 'Sampo S3',
  reader_count: 0,
});
const inUse = configuration({ reader_count: 2 });

/** The tab's server: the list (with handhelds and templates when asked), and the delete. */
function stubListServer(onDelete: StubHandler = noContent) {
  return stubServer({
    configurationList: ({ query }) => {
      const all = query.get('show_handhelds_and_templates') === 'true';
      return { count: all ? 2 : 1, results: all ? [inUse, template] : [inUse] };
    },
    configurationDelete: onDelete,
  });
}

/** The paths of every DELETE sent. */
const deletes = (server: StubServer) => server.calls.filter((c) => c.method === 'DELETE').map((c) => c.path);

function Probe() {
  const location = useLocation();
  return <p data-testid="path">{`${location.pathname}${location.search}`}</p>;
}

function renderTab() {
  return renderWithProviders(
    <Routes>
      <Route path="/readers/configuration" element={<ConfigurationListTab />} />
      <Route path="*" element={<Probe />} />
    </Routes>,
    { path: '/readers/configuration' },
  );
}

describe('configuration list tab', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the columns, BradyReaderApp as Fixed Reader - Common, and asks for page 1 of 20 by name', async () => {
    const server = stubListServer();
    renderTab();
    const row = (await screen.findAllByTestId('configuration-row'))[0]!;
    expect(within(row).getByTestId('configuration-name').textContent).toBe('Dock gate');
    expect(within(row).getByTestId('configuration-type').textContent).toBe('FR22');
    expect(within(row).getByTestId('configuration-app').textContent).toBe('Fixed Reader - Common');
    expect(within(row).getByTestId('configuration-location').textContent).toBe('Dock 1');
    expect(within(row).getByTestId('configuration-readers').textContent).toBe('2');
    expect(within(row).getByTestId('configuration-template').textContent).toBe('');
    expect(Object.fromEntries(server.calls[0]!.query)).toEqual({ page: '1', page_size: '20', ordering: 'name' });
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'Reader Type',
      'Application',
      'Location',
      'Template',
      'Readers',
      'Actions',
    ]);
  });

  it('the switch lists handhelds and templates; a template offers Create configuration', async () => {
    const server = stubListServer();
    renderTab();
    await screen.findAllByTestId('configuration-row');
    await userEvent.click(screen.getByTestId('configuration-show-all'));
    await waitFor(() => expect(screen.getAllByTestId('configuration-row')).toHaveLength(2));
    expect(server.calls.at(-1)!.query.get('show_handhelds_and_templates')).toBe('true');
    const row = screen.getAllByTestId('configuration-row')[1]!;
    expect(within(row).getByTestId('configuration-template').textContent).toBe('Template');
    expect(within(row).getByTestId('configuration-app').textContent).toBe('GateReaderApp');
    await userEvent.click(within(row).getByTestId('configuration-actions'));
    await userEvent.click(await screen.findByTestId('configuration-menu-duplicate'));
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toBe('/readers/configuration/add-configuration?template=8'),
    );
  });

  it('a configuration offers no Create configuration; Edit opens its page', async () => {
    stubListServer();
    renderTab();
    const row = (await screen.findAllByTestId('configuration-row'))[0]!;
    await userEvent.click(within(row).getByTestId('configuration-actions'));
    expect(screen.queryByTestId('configuration-menu-duplicate')).toBeNull();
    await userEvent.click(screen.getByTestId('configuration-menu-edit'));
    await waitFor(() =>
      expect(screen.getByTestId('path').textContent).toBe('/readers/configuration/edit-configuration/7'),
    );
  });

  it('Delete of one readers run is disabled and says why', async () => {
    const server = stubListServer();
    renderTab();
    const row = (await screen.findAllByTestId('configuration-row'))[0]!;
    await userEvent.click(within(row).getByTestId('configuration-actions'));
    const item = await screen.findByTestId('configuration-menu-delete');
    expect(item.getAttribute('aria-disabled')).toBe('true');
    await userEvent.hover(item.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'A configuration assigned to readers cannot be deleted.',
    );
    expect(deletes(server)).toEqual([]);
  });

  it('deleting one no reader runs asks first; a refusal still shows the server detail', async () => {
    const server = stubListServer(() => errorResponse('ValidationError', { non_field_errors: ['configurationInUse'] }));
    renderTab();
    await screen.findAllByTestId('configuration-row');
    await userEvent.click(screen.getByTestId('configuration-show-all'));
    await waitFor(() => expect(screen.getAllByTestId('configuration-row')).toHaveLength(2));
    const row = screen.getAllByTestId('configuration-row')[1]!;
    await userEvent.click(within(row).getByTestId('configuration-actions'));
    const item = await screen.findByTestId('configuration-menu-delete');
    expect(item.getAttribute('aria-disabled')).toBeNull();
    await userEvent.click(item);
    expect(screen.getByTestId('configuration-delete-dialog').textContent).toContain('“Gate template” will be deleted');
    await userEvent.click(screen.getByTestId('configuration-delete-dialog-confirm'));
    expect(
      await screen.findByText(
        /Failed to delete configuration\. A configuration assigned to readers cannot be deleted\./,
      ),
    ).toBeTruthy();
    expect(deletes(server)).toEqual(['/configuration/reader-configuration/8/']);
  });
});
