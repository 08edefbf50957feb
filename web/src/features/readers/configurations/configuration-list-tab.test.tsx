import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { useClientStore } from '../../../lib/client-store';
import { jsonResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
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

function stubServer(onDelete: () => Response = () => new Response(null, { status: 204 })) {
  const urls: URL[] = [];
  const deletes: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (init?.method === 'DELETE') {
        deletes.push(url.pathname);
        return onDelete();
      }
      urls.push(url);
      const all = url.searchParams.get('show_handhelds_and_templates') === 'true';
      return jsonResponse({ count: all ? 2 : 1, results: all ? [inUse, template] : [inUse] });
    }),
  );
  return { urls, deletes };
}

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
    const { urls } = stubServer();
    renderTab();
    const row = (await screen.findAllByTestId('configuration-row'))[0]!;
    expect(within(row).getByTestId('configuration-name').textContent).toBe('Dock gate');
    expect(within(row).getByTestId('configuration-type').textContent).toBe('FR22');
    expect(within(row).getByTestId('configuration-app').textContent).toBe('Fixed Reader - Common');
    expect(within(row).getByTestId('configuration-location').textContent).toBe('Dock 1');
    expect(within(row).getByTestId('configuration-readers').textContent).toBe('2');
    expect(within(row).getByTestId('configuration-template').textContent).toBe('');
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({ page: '1', page_size: '20', ordering: 'name' });
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
    const { urls } = stubServer();
    renderTab();
    await screen.findAllByTestId('configuration-row');
    await userEvent.click(screen.getByTestId('configuration-show-all'));
    await waitFor(() => expect(screen.getAllByTestId('configuration-row')).toHaveLength(2));
    expect(urls.at(-1)!.searchParams.get('show_handhelds_and_templates')).toBe('true');
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
    stubServer();
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
    const { deletes } = stubServer();
    renderTab();
    const row = (await screen.findAllByTestId('configuration-row'))[0]!;
    await userEvent.click(within(row).getByTestId('configuration-actions'));
    const item = await screen.findByTestId('configuration-menu-delete');
    expect(item.getAttribute('aria-disabled')).toBe('true');
    await userEvent.hover(item.parentElement!);
    expect((await screen.findByRole('tooltip')).textContent).toBe(
      'A configuration assigned to readers cannot be deleted.',
    );
    expect(deletes).toEqual([]);
  });

  it('deleting one no reader runs asks first; a refusal still shows the server detail', async () => {
    const { deletes } = stubServer(() =>
      jsonResponse(
        {
          type: 'ValidationError',
          detail: { non_field_errors: ['A configuration assigned to readers cannot be deleted.'] },
          id: 'e',
          request: 'r',
          time: 't',
        },
        400,
      ),
    );
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
    expect(deletes).toEqual(['/configuration/reader-configuration/8/']);
  });
});
