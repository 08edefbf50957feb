import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { ResetRequestForm } from './reset-request-form';

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The server's reset request: answers `reply` and records what was asked. */
function stubServer(reply: () => Response = () => jsonResponse({ detail: 'sent' })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      return reply();
    }),
  );
  return calls;
}

describe('reset request form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a username or e-mail and sends nothing while the field is empty', async () => {
    const calls = stubServer();
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Enter your username or e-mail address')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('sends the trimmed username and then confirms without saying whether the account exists', async () => {
    const calls = stubServer();
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), ' ann@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByTestId('password-reset-sent')).toHaveProperty(
      'textContent',
      'If an account matches, we have sent a link to reset the password. The link is valid for 60 minutes.',
    );
    expect(calls).toEqual([
      { method: 'POST', url: '/accounts/forgot-password/', body: { username: 'ann@example.com' } },
    ]);
    expect(screen.queryByLabelText('Username or e-mail')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('on-premise asks for the username and says the administrators got the link', async () => {
    stubServer();
    renderWithProviders(<ResetRequestForm variant="onPremise" />);

    expect(screen.getByText(/the reset link goes to the administrators/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Username'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByTestId('password-reset-sent')).textContent).toContain(
      'the administrators have received a link to reset its password',
    );
  });

  it('puts a server field message on the field', async () => {
    stubServer(() =>
      jsonResponse(
        {
          type: 'ValidationError',
          detail: { username: ['Enter your username or e-mail address'] },
          id: 'e',
          request: '/accounts/forgot-password/',
          time: 't',
          'user-agent': 'u',
        },
        400,
      ),
    );
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Enter your username or e-mail address')).toBeTruthy();
    expect(screen.queryByTestId('password-reset-sent')).toBeNull();
  });

  it('reports a server failure in the error snackbar and keeps the form', async () => {
    stubServer(() => new Response('down', { status: 502 }));
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(/The reset link could not be requested\./)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Username or e-mail')).toBeTruthy());
  });
});
