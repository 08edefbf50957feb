import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../lib/client-store';
import { errorResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubServer } from '../../../test/stub-server';
import { TrackingCard } from './tracking-card';

/** The server holds lost_after_minutes; the PATCH answers with `write` when given, else saves the value. */
function stubTrackingServer(initial: number, write?: (body: { lost_after_minutes: number }) => Response) {
  let current = initial;
  return stubServer({
    trackingSettingsGet: () => ({ lost_after_minutes: current }),
    trackingSettingsUpdate: (call) => {
      const body = call.body as { lost_after_minutes: number };
      if (write) return write(body);
      current = body.lost_after_minutes;
      return { lost_after_minutes: current };
    },
  });
}

/** The PATCHes the card sent. */
const patches = (server: StubServer) => server.calls.filter((c) => c.method === 'PATCH');

const input = () => screen.getByTestId('lost-after-minutes') as HTMLInputElement;

describe('item tracking card', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved minutes and saves a change with PATCH', async () => {
    const server = stubTrackingServer(1440);
    renderWithProviders(<TrackingCard />);
    expect(await screen.findByText('Item tracking')).toBeTruthy();
    await waitFor(() => expect(input().value).toBe('1440'));
    expect(screen.getByLabelText('Mark items lost after (minutes)')).toBe(input());
    expect((screen.getByTestId('tracking-save') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(input());
    await userEvent.type(input(), '90');
    await userEvent.click(screen.getByTestId('tracking-save'));
    await waitFor(() => expect(patches(server)).toHaveLength(1));
    const patch = patches(server)[0]!;
    expect(patch.url).toContain('/configuration/tracking-settings/');
    expect(patch.body).toEqual({ lost_after_minutes: 90 });
    expect(await screen.findByText('Item tracking settings saved')).toBeTruthy();
  });

  it('saves 0 to turn it off', async () => {
    const server = stubTrackingServer(60);
    renderWithProviders(<TrackingCard />);
    await waitFor(() => expect(input().value).toBe('60'));
    await userEvent.clear(input());
    await userEvent.type(input(), '0');
    await userEvent.click(screen.getByTestId('tracking-save'));
    await waitFor(() => expect(patches(server)[0]?.body).toEqual({ lost_after_minutes: 0 }));
  });

  it('refuses minutes out of range or not whole without calling the server', async () => {
    const server = stubTrackingServer(1440);
    renderWithProviders(<TrackingCard />);
    await waitFor(() => expect(input().value).toBe('1440'));
    for (const value of ['-5', '525601', '1.5']) {
      await userEvent.clear(input());
      await userEvent.type(input(), value);
      await userEvent.click(screen.getByTestId('tracking-save'));
      expect(await screen.findByText('Enter whole minutes from 0 to 525600.')).toBeTruthy();
    }
    expect(patches(server)).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    stubTrackingServer(1440, () => errorResponse('ValidationError', { lost_after_minutes: ['lostAfterMinutesRange'] }));
    renderWithProviders(<TrackingCard />);
    await waitFor(() => expect(input().value).toBe('1440'));
    await userEvent.clear(input());
    await userEvent.type(input(), '30');
    await userEvent.click(screen.getByTestId('tracking-save'));
    expect(await screen.findByText(/^Failed to save the item tracking settings/)).toBeTruthy();
    expect(screen.getAllByText('Enter whole minutes from 0 to 525600.').length).toBeGreaterThan(0);
  });
});
