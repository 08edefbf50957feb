import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { stubServer, type StubHandler, type StubServer } from '../../../../test/stub-server';
import { ResetRequestForm } from './reset-request-form';

/** The server's reset request: answers `reply`; the calls are recorded by the stub. */
function stubResetServer(reply: StubHandler = () => jsonResponse({ detail: 'sent' })) {
  return stubServer({ forgotPassword: reply });
}

/** Each call as the form sent it. */
const sent = (server: StubServer) => server.calls.map(({ method, url, body }) => ({ method, url, body }));

describe('reset request form', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for a username or e-mail and sends nothing while the field is empty', async () => {
    const server = stubResetServer();
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Enter your username or e-mail address')).toBeTruthy();
    expect(server.calls).toEqual([]);
  });

  it('sends the trimmed username and then confirms without saying whether the account exists', async () => {
    const server = stubResetServer();
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), ' ann@example.com ');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByTestId('password-reset-sent')).toHaveProperty(
      'textContent',
      'If an account matches, we have sent a link to reset the password. The link is valid for 60 minutes.',
    );
    expect(sent(server)).toEqual([
      { method: 'POST', url: '/accounts/forgot-password/', body: { username: 'ann@example.com' } },
    ]);
    expect(server.calls[0]!.route).toBe('forgotPassword');
    expect(screen.queryByLabelText('Username or e-mail')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('on-premise asks for the username and says the administrators got the link', async () => {
    stubResetServer();
    renderWithProviders(<ResetRequestForm variant="onPremise" />);

    expect(screen.getByText(/the reset link goes to the administrators/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Username'), 'bob');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect((await screen.findByTestId('password-reset-sent')).textContent).toContain(
      'the administrators have received a link to reset its password',
    );
  });

  it('puts a server field message on the field', async () => {
    stubResetServer(() => errorResponse('ValidationError', { username: ['requiredUsernameOrEmailField'] }));
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText('Enter your username or e-mail address')).toBeTruthy();
    expect(screen.queryByTestId('password-reset-sent')).toBeNull();
  });

  it('reports a server failure in the error snackbar and keeps the form', async () => {
    // A proxy's answer, not the server's envelope.
    stubResetServer(() => new Response('down', { status: 502 }));
    renderWithProviders(<ResetRequestForm variant="cloud" />);

    await userEvent.type(screen.getByLabelText('Username or e-mail'), 'ann');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByText(/The reset link could not be requested\./)).toBeTruthy();
    await waitFor(() => expect(screen.getByLabelText('Username or e-mail')).toBeTruthy());
  });
});
