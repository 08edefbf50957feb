import { describe, expect, it } from 'vitest';
import { signIn, useBrowser } from './support.js';

const open = useBrowser();

describe('route guards (spec 01 §2.1)', () => {
  it('sends a signed-out visitor to /login, from known and unknown paths', async () => {
    const { context, page } = await open();
    for (const path of ['/profile', '/admin-setting/system-setting', '/no/such/page']) {
      await page.goto(path);
      await expect.poll(() => page.url()).toMatch(/\/login$/);
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

  it('shows the not-authorised page for an unknown path when signed in', async () => {
    const { context, page } = await open();
    await signIn(page, 'viewer');
    await page.goto('/no/such/page');
    await page.getByTestId('not-authorised').waitFor();
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
