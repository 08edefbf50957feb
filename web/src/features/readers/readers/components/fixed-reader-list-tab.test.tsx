import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../../lib/client-store';
import { jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { SetupModeBanner } from '../../components/setup-mode-banner';
import { SETUP_MODE_MS_OVERRIDE_KEY } from '../model/use-setup-mode-expiry';
import { configuration, reader } from '../test/reader-fixtures';
import { FixedReaderListTab } from './fixed-reader-list-tab';

interface Call {
  method: string;
  path: string;
  body: unknown;
}

function stubServer(routes: (call: Call) => Response | undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call = {
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (url.pathname.endsWith('/instance-subscription/')) return jsonResponse({ on_premise: false, extensions: [] });
      return routes(call) ?? jsonResponse({}, 404);
    }),
  );
  return calls;
}

const names = ['A configuration name that is long', 'Second', 'Third', 'Fourth', 'Fifth', 'Sixth', 'Seventh'].map(
  (name, i) => ({ ...configuration({ id: i + 1, name }), location: null }),
);

describe('fixed reader list', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the state chip, configuration chips cut at 25 with Show more, and the health labels', async () => {
    const now = Date.now();
    const calls = stubServer((call) =>
      call.path === '/configuration/reader/'
        ? jsonResponse({
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
          })
        : undefined,
    );
    renderWithProviders(<FixedReaderListTab />);
    const rows = await screen.findAllByTestId('reader-row');
    const list = calls.find((c) => c.path === '/configuration/reader/');
    expect(list).toBeTruthy();
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
    const calls = stubServer((call) => {
      if (call.path === '/configuration/reader/') return jsonResponse({ count: 1, results: [expired] });
      if (call.path.endsWith('/reset_setup_time/'))
        return jsonResponse({ uuid: expired.uuid, setup_mode_read: new Date().toISOString() });
      if (call.method === 'PATCH') return jsonResponse({ ...expired, status: 'normal' });
      return undefined;
    });
    renderWithProviders(<FixedReaderListTab />);
    const dialog = await screen.findByTestId('setup-expiry-dialog');
    expect(within(dialog).getByTestId('setup-expired-reader').textContent).toContain('FR-001');
    expect(screen.getByTestId('setup-expired-alert')).toBeTruthy();
    await userEvent.click(within(dialog).getByTestId('setup-expiry-continue'));
    await waitFor(() =>
      expect(calls.some((c) => c.path === `/configuration/reader/${expired.uuid}/reset_setup_time/`)).toBe(true),
    );
    await waitFor(() => expect(screen.queryByTestId('setup-expiry-dialog')).toBeNull());
    // The icon opens the question again; this time the reader leaves setup mode.
    await userEvent.click(screen.getByTestId('setup-expired-alert'));
    await userEvent.click(within(await screen.findByTestId('setup-expiry-dialog')).getByTestId('setup-expiry-disable'));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toEqual({
        method: 'PATCH',
        path: `/configuration/reader/${expired.uuid}/`,
        body: { status: 'normal' },
      }),
    );
  });

  it('disables the setup-mode item of an unassigned reader', async () => {
    stubServer((call) =>
      call.path === '/configuration/reader/' ? jsonResponse({ count: 1, results: [reader()] }) : undefined,
    );
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
    stubServer(() => jsonResponse({ active: true, readers: 1 }));
    const { unmount } = renderWithProviders(<SetupModeBanner />);
    expect((await screen.findByTestId('setup-mode-banner')).textContent).toBe(
      "Some devices are being configured at the moment. Their assigned locations won't be reporting data yet.",
    );
    unmount();
    vi.unstubAllGlobals();
    const calls = stubServer(() => jsonResponse({ active: false, readers: 0 }));
    renderWithProviders(<SetupModeBanner />);
    await waitFor(() => expect(calls.some((c) => c.path === '/configuration/reader/setup-mode/')).toBe(true));
    expect(screen.queryByTestId('setup-mode-banner')).toBeNull();
  });
});
