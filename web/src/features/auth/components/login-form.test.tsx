import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '../../../lib/api-client';
import { renderWithProviders } from '../../../test/render';
import { LoginForm } from './login-form';

const envelope = (type: string) => ({
  type,
  detail: 'x',
  id: 'e',
  request: '/api/token/',
  time: 't',
  'user-agent': 'u',
});

describe('login form', () => {
  it('shows the required-field messages and does not submit an empty form', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Username is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('links "Forgot password?" to the given reset page, and shows no link without one', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const view = renderWithProviders(<LoginForm onSubmit={onSubmit} forgotPasswordPath="/password-reset-onpremise" />);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/password-reset-onpremise',
    );
    view.unmount();

    renderWithProviders(<LoginForm onSubmit={onSubmit} />);
    expect(screen.queryByRole('link', { name: 'Forgot password?' })).toBeNull();
  });

  it('submits the username and password', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'secret');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ username: 'admin', password: 'secret' }));
    expect(screen.queryByText('Username is required')).toBeNull();
  });

  it('shows Incorrect credentials. for AuthenticationFailed', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 401,
        url: '/api/token/',
        method: 'POST',
        payload: envelope('AuthenticationFailed'),
      });
    });
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Incorrect credentials.')).toBeTruthy();
  });

  it('shows the retry time of a throttled sign-in and holds the button', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError({
        status: 429,
        url: '/api/token/',
        method: 'POST',
        payload: envelope('Throttled'),
        retryAfter: 30,
      });
    });
    renderWithProviders(<LoginForm onSubmit={onSubmit} />);

    await userEvent.type(screen.getByLabelText('Username'), 'admin');
    await userEvent.type(screen.getByLabelText('Password'), 'pw');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));

    const notice = await screen.findByTestId('login-error');
    expect(notice.textContent).toContain('Request was throttled.');
    expect(notice.textContent).toMatch(/Try again in (30|29) s\./);
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
