import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support.js';

const open = useBrowser();

describe('route guards (spec 01 §2.1)', () => {
  it('sends a signed-out visitor to /login, from known and unknown paths, to come back after sign-in', async () => {
    const { context, page } = await open();
    for (const path of ['/profile', '/admin-setting/system-setting', '/no/such/page']) {
      await page.goto(path);
      await expect.poll(() => page.url()).toMatch(new RegExp(`/login\\?next=${encodeURIComponent(path)}$`));
    }
    await context.close();
  });

  it('shows the not-authorised page to a role the route does not admit', async () => {
    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.goto('/admin-setting/system-setting');
    await page.getByTestId('not-authorised').waitFor();
    expect(page.url()).toMatch(/\/admin-setting\/system-setting$/);
    await context.close();
  });

  it('shows the page-not-found page, not the not-authorised one, for an unknown path when signed in', async () => {
    const { context, page } = await open();
    await signIn(page, 'viewer');
    await page.goto('/no/such/page');
    await page.getByTestId('not-found').waitFor();
    expect(await page.getByTestId('not-authorised').count()).toBe(0);
    await context.close();
  });

  it('sends a signed-in user away from the login page to /', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.goto('/login');
    await expect.poll(() => new URL(page.url()).pathname).not.toBe('/login');
    await page.getByTestId('user-menu-button').waitFor();
    await context.close();
  });
});
