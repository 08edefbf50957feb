import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OutboxMessage } from '@tagtrack/contract';
import { useClientStore } from '../../../lib/client-store';
import { renderWithProviders } from '../../../test/render';
import { stubServer, type StubServer } from '../../../test/stub-server';
import { OutboxCard } from './outbox-card';

function message(id: number, overrides: Partial<OutboxMessage> = {}): OutboxMessage {
  return {
    id,
    channel: 'email',
    recipient: `user${id}@example.com`,
    subject: `Reset your Tagtrack password ${id}`,
    body: `Hello,\n\nopen this link: https://tagtrack.example/forgot-password/link-${id}\n`,
    language: 'en',
    status: 'sent',
    error: '',
    attempts: 1,
    created_at: '2026-11-22T10:00:00Z',
    ...overrides,
  };
}

/** The outbox list: answers `results`; the stub records each request. */
function stubOutboxServer(results: OutboxMessage[], count = results.length) {
  return stubServer({ outboxList: { count, results } });
}

/** The URLs the card asked for, in order. */
const urls = (server: StubServer) => server.calls.map((c) => c.url);

describe('outbox card', { timeout: 20_000 }, () => {
  beforeEach(() => useClientStore.setState({ access: 'a', refresh: 'r' }));
  afterEach(() => vi.unstubAllGlobals());

  it('lists the messages newest first with their status', async () => {
    const server = stubOutboxServer(
      [message(3, { status: 'failed', error: 'Connection refused' }), message(2, { status: 'logged' }), message(1)],
      25,
    );
    renderWithProviders(<OutboxCard />);

    const rows = await screen.findAllByTestId('outbox-row');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('user3@example.com')).toBeTruthy();
    expect(within(rows[0]!).getByText('Failed')).toBeTruthy();
    expect(within(rows[1]!).getByText('Logged')).toBeTruthy();
    expect(within(rows[2]!).getByText('Sent')).toBeTruthy();
    expect(screen.getByText('1–10 of 25')).toBeTruthy();
    expect(urls(server)[0]).toBe('/accounts/outbox/?page=1&page_size=10&ordering=-created_at');
  });

  it("shows a failure's reason in the status tooltip", async () => {
    stubOutboxServer([message(3, { status: 'failed', error: 'Connection refused' })]);
    renderWithProviders(<OutboxCard />);

    await userEvent.hover(await screen.findByText('Failed'));
    expect(await screen.findByRole('tooltip', { name: 'Connection refused' })).toBeTruthy();
  });

  it('opens the body of a message in a dialog from its row and from View', async () => {
    stubOutboxServer([message(2, { status: 'logged' }), message(1)]);
    renderWithProviders(<OutboxCard />);

    const rows = await screen.findAllByTestId('outbox-row');
    await userEvent.click(within(rows[0]!).getByText('Reset your Tagtrack password 2'));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your Tagtrack password 2' });
    expect(within(dialog).getByTestId('outbox-body').textContent).toBe(message(2).body);
    expect(within(dialog).getByText('user2@example.com')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await userEvent.click(screen.getByRole('button', { name: 'View the message to user1@example.com' }));
    const second = await screen.findByRole('dialog', { name: 'Reset your Tagtrack password 1' });
    expect(within(second).getByTestId('outbox-body').textContent).toContain('/forgot-password/link-1');
  });

  it('says when no mail has been sent yet', async () => {
    stubOutboxServer([]);
    renderWithProviders(<OutboxCard />);
    expect(await screen.findByText('No mail has been sent yet.')).toBeTruthy();
  });

  it('asks for the next page and another page size', async () => {
    const server = stubOutboxServer(
      Array.from({ length: 10 }, (_, i) => message(30 - i)),
      30,
    );
    renderWithProviders(<OutboxCard />);

    await screen.findAllByTestId('outbox-row');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(urls(server)).toContain('/accounts/outbox/?page=2&page_size=10&ordering=-created_at'));
    await userEvent.click(screen.getByRole('combobox'));
    await userEvent.click(await screen.findByRole('option', { name: '50' }));
    await waitFor(() => expect(urls(server)).toContain('/accounts/outbox/?page=1&page_size=50&ordering=-created_at'));
  });
});
