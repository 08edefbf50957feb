import { describe, expect, it } from 'vitest';
import { menuKeys, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

/**
 * The menu each demo role sees, of the areas built so far: spec 01 §2.3 filtered to built features,
 * where an entry shows only to the roles its route admits (§2.2). Item Tracking, Sensor Data,
 * Inventory, Reports, Event Center (the demo customer has the sensor extension) and Locations for
 * everyone; Add Items and Import under Inventory for operators and applications; Devices and
 * Product Management for administrators and applications, not operators (their routes refuse
 * operators); Users and Settings for the administrator.
 */
const WRITER_MENU = [
  'itemTracking',
  'sensorData',
  'inventory',
  'addItems',
  'import',
  'reports',
  'eventCenter',
  'locations',
];
const EXPECTED_MENU: Record<string, string[]> = {
  admin: [
    'itemTracking',
    'sensorData',
    'inventory',
    'reports',
    'eventCenter',
    'locations',
    'devices',
    'productManagement',
    'users',
    'settings',
  ],
  operator: WRITER_MENU,
  viewer: ['itemTracking', 'sensorData', 'inventory', 'reports', 'eventCenter', 'locations'],
  application: [...WRITER_MENU, 'devices', 'productManagement'],
};

describe('signing in as each demo role', () => {
  for (const [username, expected] of Object.entries(EXPECTED_MENU)) {
    it(`${username} signs in, sees that role's menu and reaches their profile`, async () => {
      const { context, page } = await open();
      await signIn(page, username);
      expect(await menuKeys(page)).toEqual(expected);
      await page.getByTestId('user-menu-button').click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expect.poll(() => page.url()).toMatch(/\/profile$/);
      // The home page (Item Tracking) is still showing while the profile's chunk loads.
      await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
      expect(await page.getByText(username, { exact: true }).first().isVisible()).toBe(true);
      await screenshot(page, `profile-${username}`);
      await context.close();
    });
  }

  it('shows the footer versions and opens the system settings for the administrator', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    const footer = page.getByTestId('side-menu');
    await expect.poll(() => footer.textContent()).toContain('v2.4.1');
    await page.getByTestId('menu-settings').click();
    await expect.poll(() => page.url()).toMatch(/\/admin-setting\/system-setting$/);
    await expect.poll(() => page.locator('main').textContent()).toContain('Demo Warehouse');
    await screenshot(page, 'system-settings');
    await context.close();
  });

  it('refuses a wrong password with the spec message, and throttles repeated failures', async () => {
    const { context, page } = await open();
    await page.goto('/login');
    // An account of its own: a throttled demo user would hold up the other tests.
    await page.getByLabel('Username').fill('intruder');
    await page.getByLabel('Password', { exact: true }).fill('Wrong-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Incorrect credentials.').first().waitFor();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.url().endsWith('/api/token/')),
        page.getByRole('button', { name: 'Sign in' }).click(),
      ]);
      statuses.push(response.status());
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429]);
    await page
      .getByText(/throttled/i)
      .first()
      .waitFor();
    // The button is held, with its label, until the wait is over (the submission's spinner gone).
    await expect.poll(() => page.getByRole('progressbar').count()).toBe(0);
    await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isDisabled()).toBe(true);
    await screenshot(page, 'login-throttled');
    await context.close();
  });

  it('shows required-field messages on an empty sign-in', async () => {
    const { context, page } = await open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    await context.close();
  });

  it('signs out, clearing local storage', async () => {
    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect.poll(() => page.url()).toMatch(/\/login$/);
    expect(await page.evaluate(() => window.localStorage.length)).toBe(0);
    // Signed out, a page of the console leads to sign-in, which would return there afterwards.
    await page.goto('/profile');
    await expect.poll(() => page.url()).toMatch(/\/login\?next=%2Fprofile$/);
    await context.close();
  });
});
