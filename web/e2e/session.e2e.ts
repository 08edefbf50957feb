import { describe, expect, it } from 'vitest';
import { E2E_ACCESS_TTL_SECONDS } from './global-setup.js';
import { signIn, useBrowser, withoutSetupModeBanner } from './support.js';

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
});
