import { describe, expect, it } from 'vitest';
import { E2E_ACCESS_TTL_SECONDS } from './global-setup.js';
import { PASSWORD, apiAs, signIn, useBrowser, withoutSetupModeBanner } from './support.js';

const open = useBrowser();

describe('tokens in the browser', () => {
  it('refreshes an expired access token exactly once while other requests wait', async () => {
    const { context, page } = await open();
    // The banner polls in the background: it would renew the token before the reload does.
    await withoutSetupModeBanner(page);
    await signIn(page, 'viewer');
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout((E2E_ACCESS_TTL_SECONDS + 1) * 1000);
    const refreshes: number[] = [];
    const unauthorised: string[] = [];
    page.on('response', (res) => {
      if (res.url().endsWith('/api/token/refresh/')) refreshes.push(res.status());
      if (res.status() === 401) unauthorised.push(res.url());
    });
    // A reload fires several API calls at once with the expired token.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain('viewer');
    expect(unauthorised.length).toBeGreaterThan(0);
    expect(refreshes).toEqual([200]);
    await context.close();
  }, 40_000);

  it('signs the user out when the refresh fails', async () => {
    const { context, page } = await open();
    await signIn(page, 'viewer');
    await page.evaluate(() => {
      const key = 'tagtrack';
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}') as { state?: Record<string, unknown> };
      if (stored.state) {
        stored.state.access = 'expired.access.token';
        stored.state.refresh = 'revoked.refresh.token';
      }
      window.localStorage.setItem(key, JSON.stringify(stored));
    });
    await page.goto('/profile');
    // Back to sign-in, which returns to the page asked for afterwards.
    await expect.poll(() => page.url()).toMatch(/\/login\?next=%2Fprofile$/);
    await context.close();
  });

  it('sends a user whose sessions an administrator ended to sign-in at once, and keeps the session that changed its own password', async () => {
    const username = `session.ended${Date.now()}`;
    const created = await apiAs('admin', 'POST', '/accounts/users/', {
      username,
      email: `${username}@example.com`,
      first_name: 'Sam',
      last_name: 'Session',
      roles: ['viewer'],
      password: PASSWORD,
      language: 'en',
    });
    const { id } = created.body as { id: number };
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, username);
    // Their own new password: the session that changed it goes on.
    await page.goto('/password-change');
    await page.getByLabel('Old password').fill(PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('Session-e2e-pass-2');
    await page.getByLabel('Confirm new password').fill('Session-e2e-pass-2');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed.').waitFor();
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => page.locator('main').textContent()).toContain(username);
    expect(new URL(page.url()).pathname).toBe('/profile');

    // An administrator sets it: this session ends, well before its access token would expire.
    const signedInAt = Date.now();
    await apiAs('admin', 'POST', `/accounts/users/${id}/set_password/`, { password: 'Session-e2e-pass-3' });
    await page.reload();
    await expect.poll(() => page.url(), { timeout: 3000 }).toMatch(/\/login\?next=%2Fprofile$/);
    expect(Date.now() - signedInAt).toBeLessThan(E2E_ACCESS_TTL_SECONDS * 1000);
    await context.close();
  }, 40_000);
});
