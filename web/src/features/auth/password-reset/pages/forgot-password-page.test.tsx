import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { errorResponse, jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { stubServer, type StubHandler, type StubServer } from '../../../../test/stub-server';
import { ForgotPasswordPage } from './forgot-password-page';

const LINK = 'b3c1d7a0-8e7f-4f7e-9a55-2f1f0c1d2e3f';
const LINK_URL = `/accounts/forgot-password/${LINK}/`;
const NEW_PASSWORD = 'New-password-1';

const notFound = () => errorResponse('NotFound', 'passwordResetLinkInvalid');

/** The reset link's server: the check (GET) answers `check`, the confirmation (POST) answers `confirm`. */
function stubLinkServer(check: StubHandler, confirm: StubHandler = () => jsonResponse({ detail: 'done' })) {
  return stubServer({
    version: { version: '1.0.0', on_premise: false },
    forgotPasswordCheck: check,
    forgotPasswordConfirm: confirm,
  });
}

/** The POSTs the page sent. */
const posts = (server: StubServer) =>
  server.calls.filter((c) => c.method === 'POST').map(({ method, url, body }) => ({ method, url, body }));

const validLink = () =>
  jsonResponse({ id: LINK, username: 'ann', expires_at: new Date(Date.now() + 3_600_000).toISOString() });

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderPage() {
  return renderWithProviders(
    <Routes>
      <Route path="/forgot-password/:uuid" element={<ForgotPasswordPage />} />
      <Route path="/login" element={<Where />} />
    </Routes>,
    { path: `/forgot-password/${LINK}` },
  );
}

describe('forgot password page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says an unknown, used or expired link is invalid and offers a new one', async () => {
    stubLinkServer(notFound);
    renderPage();

    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/password-reset');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('names the account and shows the password rule', async () => {
    stubLinkServer(validLink);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password for ann' })).toBeTruthy();
    expect(screen.getByText(/^At least 10 characters/)).toBeTruthy();
  });

  it('shows a mismatch on the confirmation and sends nothing', async () => {
    const server = stubLinkServer(validLink);
    renderPage();

    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(posts(server)).toEqual([]);
  });

  it('shows and hides the typed password', async () => {
    stubLinkServer(validLink);
    renderPage();

    const field = await screen.findByLabelText('New password');
    expect(field.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(field.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field.getAttribute('type')).toBe('password');
  });

  it('sets the password through the link, then opens sign-in with a success message', async () => {
    const server = stubLinkServer(validLink);
    renderPage();

    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm password'), NEW_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(await screen.findByText('Your password has been reset. Sign in with your new password.')).toBeTruthy();
    expect(posts(server)).toEqual([{ method: 'POST', url: LINK_URL, body: { password: NEW_PASSWORD } }]);
    expect(server.callsTo('forgotPasswordConfirm').map((c) => c.params.id)).toEqual([LINK]);
  });

  it("puts the server's password message on the field", async () => {
    stubLinkServer(validLink, () => errorResponse('ValidationError', { password: ['passwordSameAsOld'] }));
    renderPage();

    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm password'), NEW_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('The new password must differ from the old one')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows the invalid-link message when the link was used meanwhile', async () => {
    let used = false;
    stubLinkServer(
      () => (used ? notFound() : validLink()),
      () => {
        used = true;
        return notFound();
      },
    );
    renderPage();

    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm password'), NEW_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
  });
});
