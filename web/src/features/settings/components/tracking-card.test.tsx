import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useClientStore } from '../../../lib/client-store';
import { jsonResponse } from '../../../test/json-response';
import { renderWithProviders } from '../../../test/render';
import { TrackingCard } from './tracking-card';

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The server holds lost_after_minutes; PATCH answers with `write`. */
function stubServer(initial: number, write?: (body: { lost_after_minutes: number }) => Response) {
  const calls: Call[] = [];
  let current = initial;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.method === 'GET') return jsonResponse({ lost_after_minutes: current });
      const body = call.body as { lost_after_minutes: number };
      if (write) return write(body);
      current = body.lost_after_minutes;
      return jsonResponse({ lost_after_minutes: current });
    }),
  );
  return calls;
}

const input = () => screen.getByTestId('lost-after-minutes') as HTMLInputElement;

describe('item tracking card', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('shows the saved minutes and saves a change with PATCH', async () => {
    const calls = stubServer(1440);
    renderWithProviders(<TrackingCard />);
    expect(await screen.findByText('Item tracking')).toBeTruthy();
    await waitFor(() => expect(input().value).toBe('1440'));
    expect(screen.getByLabelText('Mark items lost after (minutes)')).toBe(input());
    expect((screen.getByTestId('tracking-save') as HTMLButtonElement).disabled).toBe(true);

    await userEvent.clear(input());
    await userEvent.type(input(), '90');
    await userEvent.click(screen.getByTestId('tracking-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(1));
    const patch = calls.find((c) => c.method === 'PATCH')!;
    expect(patch.url).toContain('/configuration/tracking-settings/');
    expect(patch.body).toEqual({ lost_after_minutes: 90 });
    expect(await screen.findByText('Item tracking settings saved')).toBeTruthy();
  });

  it('saves 0 to turn it off', async () => {
    const calls = stubServer(60);
    renderWithProviders(<TrackingCard />);
    await waitFor(() => expect(input().value).toBe('60'));
    await userEvent.clear(input());
    await userEvent.type(input(), '0');
    await userEvent.click(screen.getByTestId('tracking-save'));
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ lost_after_minutes: 0 }));
  });

  it('refuses minutes out of range or not whole without calling the server', async () => {
    const calls = stubServer(1440);
    renderWithProviders(<TrackingCard />);
    await waitFor(() => expect(input().value).toBe('1440'));
    for (const value of ['-5', '525601', '1.5']) {
      await userEvent.clear(input());
      await userEvent.type(input(), value);
      await userEvent.click(screen.getByTestId('tracking-save'));
      expect(await screen.findByText('Enter whole minutes from 0 to 525600.')).toBeTruthy();
    }
    expect(calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);
  });

  it('shows the server’s refusal', async () => {
    stubServer(1440, () =>
      jsonResponse(
        {
          type: 'ValidationError',
          detail: { lost_after_minutes: ['Enter whole minutes from 0 to 525600.'] },
          id: 'e',
          request: 'PATCH',
          time: 't',
          'user-agent': 'ua',
        },
        400,
      ),
    );
    renderWithProviders(<TrackingCard />);
    await waitFor(() => expect(input().value).toBe('1440'));
    await userEvent.clear(input());
    await userEvent.type(input(), '30');
    await userEvent.click(screen.getByTestId('tracking-save'));
    expect(await screen.findByText(/^Failed to save the item tracking settings/)).toBeTruthy();
    expect(screen.getAllByText('Enter whole minutes from 0 to 525600.').length).toBeGreaterThan(0);
  });
});
