import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../../lib/client-store';
import { renderWithProviders } from '../../../../test/render';
import { stubServer, type StubCall, type StubHandlers } from '../../../../test/stub-server';
import { SetupModeBanner } from '../../components/setup-mode-banner';
import { SETUP_MODE_MS_OVERRIDE_KEY } from '../model/use-setup-mode-expiry';
import { configuration, reader } from '../test/reader-fixtures';
import { FixedReaderListTab } from './fixed-reader-list-tab';

/** The server of the reader list: a cloud subscription, and the routes the test gives. */
function stubReaderServer(handlers: StubHandlers) {
  return stubServer({ instanceSubscription: { on_premise: false, extensions: [] }, ...handlers });
}

/** What a test checks of a request: its method, path and parsed body. */
const sent = (call: StubCall | undefined) => call && { method: call.method, path: call.path, body: call.body };

const names = ['A configuration name that is long', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh'].map(
  (name, i) => ({ ...configuration({ id: i + 1, name }), location: null }),
);

describe('fixed reader list', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the state chip, configuration chips cut at 25 with Show more, and the health labels', async () => {
    const now = Date.now();
    const server = stubReaderServer({
      readerList: {
        count: 2,
        results: [
          reader({ state: 'assigned', configurations: names }),
          reader({
            uuid: '55555555-5555-4555-8555-555555555555',
            serial: 'FR-002',
            state: 'uploaded',
            heartbeats: [
              {
                application: 'BradyReaderApp',
                mode: 'normal',
                interval: 60,
                updated: new Date(now - 1000 * 600).toISOString(),
                version: '1.0',
                ipaddress: '10.0.0.5',
                antennas: {},
              },
            ],
          }),
        ],
      },
    });
    renderWithProviders(<FixedReaderListTab />);
    const rows = await screen.findAllByTestId('reader-row');
    expect(server.callsTo('readerList')).not.toHaveLength(0);
    expect(within(rows[0]!).getByTestId('reader-state').textContent).toBe('Assigned');
    expect(within(rows[1]!).getByTestId('reader-state').textContent).toBe('Uploaded');
    const chips = within(rows[0]!).getAllByTestId('reader-configuration-chip');
    expect(chips).toHaveLength(6);
    expect(chips[0]!.textContent).toBe('A configuration name tha…');
    await userEvent.click(within(rows[0]!).getByTestId('reader-configurations-more'));
    expect(within(rows[0]!).getAllByTestId('reader-configuration-chip')).toHaveLength(7);
    expect(within(rows[0]!).getByTestId('reader-health').textContent).toBe('No data available');
    expect(within(rows[1]!).getByTestId('reader-health').textContent).toBe('Stale data');
  });

  it('asks when setup mode has run out: Yes, Continue resets the timer; No, Disable Setup Mode returns to normal', async () => {
    localStorage.setItem(SETUP_MODE_MS_OVERRIDE_KEY, '1000');
    const expired = reader({
      state: 'assigned',
      status: 'setup',
      setup_mode_read: new Date(Date.now() - 5000).toISOString(),
    });
    const server = stubReaderServer({
      readerList: { count: 1, results: [expired] },
      readerResetSetupTime: () => ({ uuid: expired.uuid, setup_mode_read: new Date().toISOString() }),
      readerUpdate: { ...expired, status: 'normal' },
    });
    renderWithProviders(<FixedReaderListTab />);
    const dialog = await screen.findByTestId('setup-expiry-dialog');
    expect(within(dialog).getByTestId('setup-expired-reader').textContent).toContain('FR-001');
    expect(screen.getByTestId('setup-expired-alert')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('setup-expiry-continue'));
    await waitFor(() =>
      expect(server.callsTo('readerResetSetupTime').map((c) => c.params.uuid)).toContain(expired.uuid),
    );
    await waitFor(() => expect(screen.queryByTestId('setup-expiry-dialog')).toBeNull());
    // The icon opens the question again; this time the reader leaves setup mode.
    await userEvent.click(screen.getByTestId('setup-expired-alert'));
    await userEvent.click(within(await screen.findByTestId('setup-expiry-dialog')).getByTestId('setup-expiry-disable'));
    await waitFor(() =>
      expect(sent(server.calls.find((c) => c.method === 'PATCH'))).toEqual({
        method: 'PATCH',
        path: `/configuration/reader/${expired.uuid}/`,
        body: { status: 'normal' },
      }),
    );
  });

  it('disables the setup-mode item of an unassigned reader', async () => {
    stubReaderServer({ readerList: { count: 1, results: [reader()] } });
    renderWithProviders(<FixedReaderListTab />);
    await userEvent.click(await screen.findByTestId('reader-actions'));
    expect(screen.getByTestId('reader-menu-setupMode').getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByTestId('reader-menu-connection')).toBeTruthy();
  });
});

describe('setup-mode banner', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows while the server says setup mode is active, and not otherwise', async () => {
    stubReaderServer({ readerSetupMode: { active: true, readers: 1 } });
    const { unmount } = renderWithProviders(<SetupModeBanner />);
    expect((await screen.findByTestId('setup-mode-banner')).textContent).toBe(
      "Some devices are being configured at the moment. Their assigned locations won't be reporting data yet.",
    );
    unmount();
    vi.unstubAllGlobals();
    const server = stubReaderServer({ readerSetupMode: { active: false, readers: 0 } });
    renderWithProviders(<SetupModeBanner />);
    await waitFor(() => expect(server.callsTo('readerSetupMode')).not.toHaveLength(0));
    expect(screen.queryByTestId('setup-mode-banner')).toBeNull();
  });
});
