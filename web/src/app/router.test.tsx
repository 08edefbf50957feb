import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import type { CurrentUser, Role } from '@tagtrack/contract';
import { useClientStore } from '../lib/client-store';
import { renderWithProviders } from '../test/render';
import { jsonResponse } from '../test/json-response';
import { stubServer } from '../test/stub-server';
import { AppRoutes } from './router';
import { buildCurrentUser } from '../test/current-user';

const user = (roles: Role[]) => buildCurrentUser(roles);

/** A stand-in server for the calls the shell makes (signed out, only the public version answer counts). */
function stubShellServer(me: CurrentUser | null, { onPremise = false } = {}) {
  return stubServer({
    // Without a user, /me/ answers 404 NotFound.
    me: me ?? undefined,
    instanceSubscription: { extension: [], on_premise: onPremise, limits: { leaf_locations: null } },
    customer: { id: 1, name: 'Acme', logo: null },
    version: { version: '1.0.0', on_premise: onPremise },
  });
}

function Where() {
  const location = useLocation();
  return (
    <>
      <output data-testid="where">{location.pathname}</output>
      <output data-testid="search">{location.search}</output>
    </>
  );
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
    stubShellServer(null);
    renderAt('/no/such/page');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('sends a signed-out visitor from a private page to /login', async () => {
    stubShellServer(null);
    renderAt('/admin-setting/system-setting');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('offers a signed-out visitor the cloud password reset, from the login page too', async () => {
    stubShellServer(null);
    renderAt('/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/password-reset');
  });

  it('gives a signed-out visitor on-premise the on-premise password reset and not the cloud one', async () => {
    stubShellServer(null, { onPremise: true });
    const login = renderAt('/login');
    const link = await screen.findByRole('link', { name: 'Forgot password?' });
    expect(link.getAttribute('href')).toBe('/password-reset-onpremise');
    login.unmount();

    const onPremise = renderAt('/password-reset-onpremise');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText('Username')).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/password-reset-onpremise');
    onPremise.unmount();

    renderAt('/password-reset');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByTestId('where').textContent).toBe('/login');
  });

  it('decides the public routes only once the version has answered', async () => {
    let answer: (response: Response) => void = () => undefined;
    const server = stubServer({ version: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAt('/password-reset-onpremise');
    // Decided with the cloud routes, this path would not exist and the visitor would land on /login.
    expect(screen.getByRole('progressbar')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/password-reset-onpremise');

    expect(server.calls.map((c) => c.route)).toEqual(['version']);
    answer(jsonResponse({ version: '1.0.0', on_premise: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset password' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/password-reset-onpremise');
  });

  it('sends a signed-in user from a password reset page to /', async () => {
    stubShellServer(user(['administrator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/password-reset');
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Tracking' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('shows the not-authorised page in the layout to a viewer opening an administrator page', async () => {
    stubShellServer(user(['viewer']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/admin-setting/system-setting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeTruthy();
    expect(screen.getByTestId('side-menu')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('shows the not-authorised page for the sensor dashboard without the sensor extension, and no menu entry', async () => {
    stubShellServer(user(['administrator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/sensor-dashboard/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not authorised' })).toBeTruthy();
    expect(screen.queryByTestId('menu-sensorData')).toBeNull();
    expect(screen.getByTestId('menu-itemTracking')).toBeTruthy();
  });

  it('shows the page-not-found page, with a way home, for an unknown path when signed in', async () => {
    stubShellServer(user(['administrator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Not authorised' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('sends a signed-out visitor of a deep link to /login with the page to return to', async () => {
    stubShellServer(null);
    renderAt('/inventory?x=1#h');
    await screen.findByRole('button', { name: 'Sign in' });
    expect(screen.getByTestId('where').textContent).toBe('/login');
    expect(screen.getByTestId('search').textContent).toBe('?next=%2Finventory%3Fx%3D1%23h');
  });

  it('sends a signed-in user from /login to the page it was asked to return to, only a console path', async () => {
    stubShellServer(user(['administrator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    const deep = renderAt('/login?next=%2Fprofile%3Ftab%3D1');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/profile'));
    expect(screen.getByTestId('search').textContent).toBe('?tab=1');
    deep.unmount();

    renderAt('/login?next=%2F%2Fevil.com%2Fprofile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Tracking' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('sends a signed-in user from /login to the first entry of their menu', async () => {
    stubShellServer(user(['administrator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/login');
    // The first test to open the lazy item tracking page waits for its module too.
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Tracking' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(screen.getByTestId('menu-itemTracking')).toBeTruthy();
    expect(screen.getByTestId('menu-settings')).toBeTruthy();
  });

  it('opens the item tracking page at / for a signed-in user', async () => {
    stubShellServer(user(['operator']));
    useClientStore.setState({ access: 'a', refresh: 'r' });
    renderAt('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Item Tracking' }, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/'));
    expect(screen.getByTestId('user-menu-button').textContent).toContain('alice');
  });
});
