import { describe, expect, it } from 'vitest';
import type { Page, Request } from 'playwright-core';
import { PASSWORD, baseUrl, menuKeys, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}${parsed.hash}`;
};

async function submitSignIn(page: Page, username: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu-button').waitFor();
}

describe('keeping the user’s place across sign-in', () => {
  it('lands on the deep link asked for after signing in', async () => {
    const { context, page } = await open();
    await page.goto('/inventory?x=1#top');
    await expect.poll(() => pathOf(page.url())).toBe('/login?next=%2Finventory%3Fx%3D1%23top');
    await submitSignIn(page, 'admin');
    await expect.poll(() => pathOf(page.url())).toBe('/inventory?x=1#top');
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await context.close();
  });

  it('ignores an outside address in next', async () => {
    const { context, page } = await open();
    await page.goto('/login?next=%2F%2Fevil.example%2Finventory');
    await submitSignIn(page, 'admin');
    await expect.poll(() => pathOf(page.url())).toBe('/');
    expect(new URL(page.url()).origin).toBe(new URL(baseUrl()).origin);
    await page.getByRole('heading', { level: 1, name: 'Item Tracking' }).waitFor();
    await context.close();
  });
});

describe('signing out in one tab', () => {
  it('signs out the other tab at once, which stops loading data', async () => {
    const { context, page: first } = await open();
    await signIn(first, 'admin');
    const second = await context.newPage();
    await second.goto('/inventory');
    await second.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    let loads = 0;
    second.on('load', () => (loads += 1));

    await first.getByTestId('user-menu-button').click();
    await first.getByRole('menuitem', { name: 'Logout' }).click();
    await first.getByRole('button', { name: 'Sign in' }).waitFor();

    await second.getByRole('button', { name: 'Sign in' }).waitFor();
    expect(pathOf(second.url())).toMatch(/^\/login/);
    expect(loads).toBe(0);
    // From now on the second tab asks nothing with a token.
    const authorised: string[] = [];
    second.on('request', (request: Request) => {
      if (request.headers().authorization) authorised.push(request.url());
    });
    await second.waitForTimeout(3000);
    expect(authorised).toEqual([]);
    await context.close();
  });
});

describe('the unsaved-changes guard', () => {
  it('asks on a side-menu click: No keeps the form, Yes leaves', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.goto('/admin-setting/product-management/category/add-category');
    const name = page.getByTestId('category-name-input');
    await name.fill('Guarded draft');
    await page.getByTestId('menu-inventory').click();
    const dialog = page.getByTestId('category-leave-dialog');
    await dialog.waitFor();
    await screenshot(page, 'unsaved-changes-dialog');
    await page.getByTestId('category-leave-dialog-cancel').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(new URL(page.url()).pathname).toBe('/admin-setting/product-management/category/add-category');
    expect(await name.inputValue()).toBe('Guarded draft');

    await page.getByTestId('menu-inventory').click();
    await page.getByTestId('category-leave-dialog-confirm').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory');
    await context.close();
  });

  it('asks on Back too, and not after a successful save', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.goto('/admin-setting/product-management/category');
    await page.getByTestId('add-category').click();
    await page.getByTestId('category-name-input').fill(`Saved ${Date.now()}`);
    await page.goBack();
    await page.getByTestId('category-leave-dialog').waitFor();
    await page.getByTestId('category-leave-dialog-cancel').click();
    expect(new URL(page.url()).pathname).toBe('/admin-setting/product-management/category/add-category');

    await page.getByTestId('category-submit').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin-setting/product-management/category');
    await page.waitForTimeout(500);
    expect(await page.getByTestId('category-leave-dialog').count()).toBe(0);
    await context.close();
  });
});

describe('reaching every screen', () => {
  it('shows a page-not-found page with a way home for a path that is no route', async () => {
    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Not authorised' }).count()).toBe(0);
    await screenshot(page, 'page-not-found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('heading', { level: 1, name: 'Item Tracking' }).waitFor();
    // A route the role may not open is still "Not authorised".
    await page.goto('/admin-setting/system-setting');
    await page.getByRole('heading', { level: 1, name: 'Not authorised' }).waitFor();
    await context.close();
  });

  it('gives operators no menu entries their routes refuse', async () => {
    const { context, page } = await open();
    await signIn(page, 'operator');
    const keys = await menuKeys(page);
    expect(keys).not.toContain('devices');
    expect(keys).not.toContain('productManagement');
    await context.close();
  });

  it('links the delete question to Asset Management', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await page.getByTestId('item-select').first().click();
    await page.getByTestId('bulk-delete').click();
    await page.getByTestId('delete-items-dialog').waitFor();
    await screenshot(page, 'delete-items-asset-management');
    await page.getByTestId('delete-items-asset-management').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/asset-management');
    await page.getByRole('heading', { level: 1, name: 'Asset Management' }).waitFor();
    await page.getByTestId('menu-itemTracking').click();
    await page.getByTestId('open-asset-management').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/asset-management');
    await context.close();
  });

  it('opens the sessions from Inventory, and says when a session code is unknown', async () => {
    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.getByTestId('menu-inventory').click();
    await page.getByTestId('inventory-sessions').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/inventory-session');
    await page.goto('/inventory/inventory-session/ZZZZZZZZ');
    await page.getByTestId('session-not-found').waitFor();
    expect(await page.getByText('Failed to load the inventory session.').count()).toBe(0);
    await screenshot(page, 'session-not-found');
    await page.getByRole('link', { name: 'Back to the sessions' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory/inventory-session');
    await context.close();
  });

  it('offers viewers no sessions button', async () => {
    const { context, page } = await open();
    await signIn(page, 'viewer');
    await page.getByTestId('menu-inventory').click();
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    expect(await page.getByTestId('inventory-sessions').count()).toBe(0);
    await context.close();
  });
});
