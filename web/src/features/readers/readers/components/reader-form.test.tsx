import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { useClientStore } from '../../../../lib/client-store';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { stubServer, type RouteName, type StubHandlers, type StubServer } from '../../../../test/stub-server';
import { configuration, HALL, kinds, reader } from '../test/reader-fixtures';
import { ReaderForm } from './reader-form';

const NEW_UUID = '66666666-6666-4666-8666-666666666666';
const plain = configuration({ id: 1, name: 'Dock in' });
const second = configuration({ id: 4, name: 'Dock out' });
const handheldConfig = configuration({ id: 5, name: 'Handheld scan', reader_type: 'Handheld' });

/** The server's refusal of an assignment. */
const notAllowed = () =>
  errorResponse('ValidationError', { reader_configuration_ids: ['configurationReaderTypeMismatch'] });

/**
 * The form's server: reader types, configurations, the readers (searched by serial), the create,
 * assignment and update; the routes in `fail` refuse.
 */
function stubFormServer(
  existing: ReturnType<typeof reader>[] = [],
  fail: RouteName[] = [],
  kindList: typeof kinds = kinds,
) {
  const handlers: StubHandlers = {
    readerKindList: { count: kindList.length, results: kindList },
    readerKindFetch: { detail: 'New reader type fetching successful.' },
    configurationList: { count: 3, results: [plain, second, handheldConfig] },
    readerList: ({ query }) => {
      const search = query.get('search') ?? '';
      const found = existing.filter((r) => r.serial.toLowerCase().includes(search.toLowerCase()));
      return { count: found.length, results: found };
    },
    readerCreate: () => jsonResponse({ uuid: NEW_UUID, serial: 'FR-NEW', secret: 's3cr3t-once' }, 201),
    readerAssignment: { detail: 'ok' },
    readerUpdate: () => existing[0],
  };
  for (const route of fail) handlers[route] = notAllowed;
  return stubServer(handlers);
}

/** What a test checks of a request: its method, path and parsed body. */
const sent = (server: StubServer) => server.calls.map(({ method, path, body }) => ({ method, path, body }));

function renderForm(props: Parameters<typeof ReaderForm>[0]) {
  return renderWithProviders(
    <Routes>
      <Route path="/readers/add-reader-template" element={<ReaderForm {...props} />} />
      <Route path="/readers/reader" element={<p data-testid="list-page">list</p>} />
    </Routes>,
    { path: '/readers/add-reader-template' },
  );
}

async function chooseConfiguration(index: number, name: string) {
  await userEvent.click(screen.getByTestId('reader-config-add'));
  const select = screen.getAllByRole('combobox', { name: /Configuration/ })[index]!;
  await userEvent.click(select);
  await userEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

describe('reader form', { timeout: 30_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('asks the gateway once for the reader types when the list has no Handheld (02 §4)', async () => {
    const server = stubFormServer(
      [],
      [],
      kinds.filter((k) => k.name !== 'Handheld'),
    );
    renderForm({ onPremise: false });
    await screen.findByTestId('reader-serial-number-input');
    await waitFor(() =>
      expect(server.calls.filter((c) => c.path === '/configuration/reader-kind/fetch_updates/')).toHaveLength(1),
    );
  });

  it('leaves the gateway alone when the reader types are complete', async () => {
    const server = stubFormServer();
    renderForm({ onPremise: false });
    await screen.findByTestId('reader-serial-number-input');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(server.calls.some((c) => c.path === '/configuration/reader-kind/fetch_updates/')).toBe(false);
  });

  it('creates the reader, then assigns its configurations, then shows the credentials once', async () => {
    const server = stubFormServer();
    renderForm({ onPremise: false });
    const serial = await screen.findByTestId('reader-serial-number-input');
    expect(screen.getByTestId('reader-save')).toHaveProperty('disabled', true);
    // The fixed form offers no Handheld type and no Handheld configuration.
    await userEvent.click(screen.getByRole('combobox', { name: /Reader Type/ }));
    expect(screen.queryByRole('option', { name: 'Handheld' })).toBeNull();
    await userEvent.click(screen.getByRole('option', { name: 'FR22' }));
    await userEvent.type(serial, 'FR-NEW');
    await chooseConfiguration(0, 'Dock in');
    expect(screen.queryByRole('option', { name: /Handheld scan/ })).toBeNull();
    expect((screen.getByTestId('reader-config-location-0') as HTMLInputElement).value).toBe('Hall 1');
    await chooseConfiguration(1, 'Dock out');
    await userEvent.click(screen.getByTestId('reader-save'));
    const dialog = await screen.findByTestId('reader-credentials-dialog');
    expect(within(dialog).getByTestId('reader-credentials-secret').textContent).toBe('s3cr3t-once');
    const writes = sent(server).filter((c) => c.method !== 'GET');
    expect(writes).toEqual([
      {
        method: 'POST',
        path: '/configuration/reader/',
        body: { serial_number: 'FR-NEW', name: '', description: '', reader_type: 'FR22' },
      },
      {
        method: 'POST',
        path: '/configuration/reader-assignment/',
        body: { reader_uuid: NEW_UUID, reader_configuration_ids: [1, 4] },
      },
    ]);
    expect(await screen.findByText('Reader created')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('reader-credentials-close'));
    expect(await screen.findByTestId('list-page')).toBeTruthy();
  });

  it('checks the rows on submit: a duplicate configuration and location is refused', async () => {
    const server = stubFormServer();
    renderForm({ onPremise: false });
    await userEvent.type(await screen.findByTestId('reader-serial-number-input'), 'FR-NEW');
    await chooseConfiguration(0, 'Dock in');
    await chooseConfiguration(1, 'Dock in');
    await userEvent.click(screen.getByTestId('reader-save'));
    expect(await screen.findByText('Duplicated configuration with same location is not allowed.')).toBeTruthy();
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('refuses a serial another device has and keeps Save disabled', async () => {
    stubFormServer([reader({ serial: 'FR-001' })]);
    renderForm({ onPremise: false });
    await userEvent.type(await screen.findByTestId('reader-serial-number-input'), 'fr-001');
    expect(
      await screen.findByText('The device with the same serial number already exists.', {}, { timeout: 3000 }),
    ).toBeTruthy();
    expect(screen.getByTestId('reader-save')).toHaveProperty('disabled', true);
  });

  it('locks the type of a reader with configurations', async () => {
    const assigned = reader({
      state: 'assigned',
      configurations: [
        { id: 1, name: 'Dock in', description: '', reader_type: 'FR22', location: HALL, location_name: 'Hall 1' },
      ],
      config_data: [{ configuration: 1, location: HALL }],
    });
    stubFormServer([assigned]);
    renderForm({ onPremise: false, reader: assigned });
    await screen.findByTestId('reader-form');
    expect(screen.getByRole('combobox', { name: /Reader Type/ }).getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('The reader type cannot be changed while configurations are assigned.')).toBeTruthy();
  });

  it('reports a failed assignment with the server detail after the reader was created', async () => {
    stubFormServer([], ['readerAssignment']);
    renderForm({ onPremise: false });
    await userEvent.type(await screen.findByTestId('reader-serial-number-input'), 'FR-NEW');
    await chooseConfiguration(0, 'Dock in');
    await userEvent.click(screen.getByTestId('reader-save'));
    await waitFor(() =>
      expect(
        screen.getByText(/Adding configurations failed\. The configuration is made for another reader type\./),
      ).toBeTruthy(),
    );
    expect(await screen.findByTestId('reader-credentials-dialog')).toBeTruthy();
  });
});
