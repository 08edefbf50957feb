import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiFor, screenshot, signIn, useBrowser, withoutSetupModeBanner } from './support.js';

const open = useBrowser();

const params = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const firstEpc = (page: Page) => page.getByTestId('item-row').first().getAttribute('data-epc');

/** Waits until the item table shows the rows of the page its URL asks for. */
async function settled(page: Page, epc: string) {
  await expect.poll(() => firstEpc(page), { timeout: 15_000 }).toBe(epc);
}

// Two browser contexts, an edit and several reloads: slow on a busy machine.
describe('list state in the URL', { timeout: 180_000 }, () => {
  it('keeps Item Tracking’s filter, sort and page through an edit, a reload, the side menu and a copied link', async () => {
    const admin = apiFor('admin');
    // The demo data has more than one page of items in; the test needs two pages of 20 to step.
    const present = (await admin.get('/tag-data/tag/?status=in&page_size=1')) as { count: number };
    expect(present.count).toBeGreaterThan(20);
    const { results } = (await admin.get('/tag-data/tag/?status=in&ordering=code&page=2&page_size=20')) as {
      results: { code: string }[];
    };
    const secondPageFirst = results[0]!.code;

    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/');
    await page.getByTestId('item-row').first().waitFor();

    // Status "In", sorted by EPC, page 2: each is a URL parameter, defaults left out.
    await page.getByTestId('status-filter').locator('xpath=..').getByRole('combobox').click();
    await page.getByTestId('status-filter-in').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('items-sort-code').click();
    await page.getByRole('button', { name: 'Next page' }).click();
    await settled(page, secondPageFirst);
    const view = params(page);
    expect(view).toEqual({ status: 'in', ordering: 'code', page: '2' });
    await screenshot(page, 'list-state-items-page-2');

    // Edit the first row and save: back on the same filtered, sorted page.
    await page.getByTestId('item-row').first().getByTestId('item-row-menu').click();
    await page.getByTestId('item-edit').click();
    await page.waitForURL(/\/asset\/modify-asset\//);
    await expect.poll(() => page.getByTestId('item-epc').inputValue()).toBe(secondPageFirst);
    await page.getByTestId('item-name').fill(`E2E list state ${Date.now()}`);
    await page.getByTestId('item-save').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(params(page)).toEqual(view);
    await settled(page, secondPageFirst);
    expect(await page.getByTestId('status-filter').inputValue()).toBe('in');

    // A reload keeps the view.
    await page.reload();
    await settled(page, secondPageFirst);
    expect(params(page)).toEqual(view);

    // Away through the side menu and back through it: the list opens as it was left.
    await page.getByTestId('menu-locations').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/location');
    await page.getByTestId('menu-itemTracking').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect(params(page)).toEqual(view);
    await settled(page, secondPageFirst);

    // Back from another screen restores it too.
    await page.getByTestId('menu-inventory').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory');
    await page.goBack();
    await settled(page, secondPageFirst);
    expect(params(page)).toEqual(view);

    // The copied link, opened in a fresh browser (its own storage), shows the same view.
    const link = page.url();
    await context.close();
    const fresh = await open();
    await withoutSetupModeBanner(fresh.page);
    await signIn(fresh.page, 'admin');
    await fresh.page.goto(link);
    await settled(fresh.page, secondPageFirst);
    expect(params(fresh.page)).toEqual(view);
    await fresh.context.close();
  });

  it('reads nonsense in the URL as the defaults, without breaking the page', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/?page=abc&page_size=100000&ordering=nonsense&status=gone');
    await page.getByTestId('item-row').first().waitFor();
    expect(await page.getByTestId('items-pager').textContent()).toContain('100');
    expect(await page.getByText(/Failed to load/).count()).toBe(0);
    // A page past the end opens the last page there is, not an empty table.
    await page.goto('/?page=100000');
    await page.getByTestId('item-row').first().waitFor();
    expect(Number(params(page).page)).toBeLessThan(100000);
    await context.close();
  });

  it('keeps an admin list’s search and sort through a reload and the side menu', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/user-tabs/user-management');
    await page.getByTestId('user-search').fill('admin');
    await page.getByTestId('user-sort-username').click();
    await expect.poll(() => params(page)).toEqual({ search: 'admin', ordering: '-username' });
    await page.reload();
    expect(await page.getByTestId('user-search').inputValue()).toBe('admin');
    await expect
      .poll(() => page.getByTestId('user-sort-username').locator('xpath=..').getAttribute('aria-sort'))
      .toBe('descending');
    await page.getByTestId('menu-itemTracking').click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByTestId('menu-users').click();
    await page.waitForURL((url) => url.pathname === '/user-tabs/user-management');
    await expect.poll(() => params(page)).toEqual({ search: 'admin', ordering: '-username' });
    expect(await page.getByTestId('user-search').inputValue()).toBe('admin');
    await context.close();
  });
});
