import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { CurrentUser, Role } from '@tagtrack/contract';
import { useClientStore } from '../lib/client-store';
import { renderWithProviders } from '../test/render';
import { AppRoutes } from './router';
import { buildCurrentUser } from '../test/current-user';

const user = (roles: Role[]) => buildCurrentUser(roles);

/** A stand-in server for the calls the shell makes. */
function stubServer(me: CurrentUser) {
  const answers: Record<string, unknown> = {
    '/accounts/users/me/': me,
    '/configuration/instance-subscription/': { extension: [], on_premise: false, limits: { leaf_locations: null } },
    '/configuration/customer/': { id: 1, name: 'Acme', logo: null },
    '/configuration/version/': { version: '1.0.0', on_premise: false },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const body = answers[String(input)];
      return body
        ? new Response(JSON.stringify(body), { status: 200 })
        : new Response(JSON.stringify({ type: 'NotFound', detail: 'Not found.' }), { status: 404 });
    }),
  );
}

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <>
      <AppRoutes />
      <Where />
    </>,
    { path },
  );
}

describe('router and guards', () => {
  beforeEach(() => useClientStore.setState({ access: null, refresh: null }));
  afterEach(() => vi.unstubAllGlobals());

  it('sends a signed-out visitor from an unknown path to /login', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('sends a signed-out visitor from a private page to /login', async () => {
    renderAt('/admin-setting/system-setting');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('shows the not-authorised page in the layout to a viewer opening an administrator page', async () => {
    stubServer(user(['viewer']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/admin-setting/system-setting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeTruthy();
    expect(screen.getByTestId('side-menu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-authorised page for an unknown path when signed in', async () => {
    stubServer(user(['administrator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeTruthy();
  });

  it('sends a signed-in user from /login to the first entry of their menu', async () => {
    stubServer(user(['administrator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/login');
    // The first test to open the lazy locations page waits for its module too.
    expect(await screen.findByRole('heading', { level: 1, name: 'Locations' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/location');
    expect(screen.getByTestId('menu-locations')).toBeTruthy();
    expect(screen.getByTestId('menu-settings')).toBeTruthy();
    expect(screen.queryByTestId('menu-itemTracking')).toBeNull();
  });

  it('sends a signed-in user from / to the first entry of their menu while the item list is not built', async () => {
    stubServer(user(['operator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Locations' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/location'));
    expect(screen.getByTestId('user-menu-button').textContent).toContain('alice');
  });
});
