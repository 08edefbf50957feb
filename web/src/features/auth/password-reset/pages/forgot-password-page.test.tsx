import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { jsonResponse } from '../../../../test/json-response';
import { renderWithProviders } from '../../../../test/render';
import { ForgotPasswordPage } from './forgot-password-page';

const LINK = 'b3c1d7a0-8e7f-4f7e-9a55-2f1f0c1d2e3f';
const LINK_URL = `/accounts/forgot-password/${LINK}/`;
const NEW_PASSWORD = 'New-password-1';

const notFound = () =>
  jsonResponse(
    {
      type: 'NotFound',
      detail: 'This password reset link is invalid or has expired.',
      id: 'e',
      request: LINK_URL,
      time: 't',
      'user-agent': 'u',
    },
    404,
  );

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The reset link's server: GET answers `check`, POST answers `confirm`. */
function stubServer(check: () => Response, confirm: () => Response = () => jsonResponse({ detail: 'done' })) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = {
        method: init?.method ?? 'GET',
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      };
      calls.push(call);
      if (call.url === '/configuration/version/') return jsonResponse({ version: '1.0.0', on_premise: false });
      return call.method === 'GET' ? check() : confirm();
    }),
  );
  return calls;
}

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
    stubServer(notFound);
    renderPage();

    expect(await screen.findByText('This password reset link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/password-reset');
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('names the account and shows the password rule', async () => {
    stubServer(validLink);
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password for ann' })).toBeTruthy();
    expect(screen.getByText(/^At least 10 characters/)).toBeTruthy();
  });

  it('shows a mismatch on the confirmation and sends nothing', async () => {
    const calls = stubServer(validLink);
    renderPage();

    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm password'), 'New-password-2');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('The passwords do not match')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('shows and hides the typed password', async () => {
    stubServer(validLink);
    renderPage();

    const field = await screen.findByLabelText('New password');
    expect(field.getAttribute('type')).toBe('password');
    await userEvent.click(screen.getAllByRole('button', { name: 'Show password' })[0]!);
    expect(field.getAttribute('type')).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(field.getAttribute('type')).toBe('password');
  });

  it('sets the password through the link, then opens sign-in with a success message', async () => {
    const calls = stubServer(validLink);
    renderPage();

    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm password'), NEW_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/login'));
    expect(await screen.findByText('Your password has been reset. Sign in with your new password.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: LINK_URL, body: { password: NEW_PASSWORD } },
    ]);
  });

  it("puts the server's password message on the field", async () => {
    stubServer(validLink, () =>
      jsonResponse(
        {
          type: 'ValidationError',
          detail: { password: ['This password is too common.'] },
          id: 'e',
          request: LINK_URL,
          time: 't',
          'user-agent': 'u',
        },
        400,
      ),
    );
    renderPage();

    await userEvent.type(await screen.findByLabelText('New password'), NEW_PASSWORD);
    await userEvent.type(screen.getByLabelText('Confirm password'), NEW_PASSWORD);
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));

    expect(await screen.findByText('This password is too common.')).toBeTruthy();
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('shows the invalid-link message when the link was used meanwhile', async () => {
    let used = false;
    stubServer(
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
