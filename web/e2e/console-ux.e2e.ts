import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiFor, nid32Product, screenshot, signIn, useBrowser, withoutSetupModeBanner } from './support.js';

const open = useBrowser();

/** Hovers the wrapper of a disabled control and answers the tooltip's text. */
async function reasonOf(page: Page, wrapper: Locator): Promise<string> {
  await wrapper.hover();
  const tooltip = page.getByRole('tooltip');
  await tooltip.waitFor();
  return (await tooltip.textContent()) ?? '';
}

type Box = { x: number; y: number; width: number; height: number };
const overlapsVertically = (a: Box, b: Box) => a.y < b.y + b.height && b.y < a.y + a.height;

describe('actions the server would refuse', () => {
  it('the default encoding cannot be switched off, and says why', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/admin-setting/system-setting');
    const card = page.getByTestId('encodings-card');
    const badge = page.locator('.MuiChip-root', { hasText: /^Default$/ });
    const defaultRow = card.locator('tr[data-testid^="encoding-"]').filter({ has: badge });
    const method = (await defaultRow.getAttribute('data-testid'))!.replace(/^encoding-/, '');
    const toggle = card.getByTestId(`encoding-${method}-enabled`);
    expect(await toggle.isChecked()).toBe(true);
    expect(await toggle.isDisabled()).toBe(true);
    const wrapper = card.getByTestId('disabled-reason').filter({ has: page.getByTestId(`encoding-${method}-enabled`) });
    expect(await reasonOf(page, wrapper)).toBe('The default encoding method cannot be disabled.');
    // Another enabled method that is not the default can still be switched.
    const other = card.locator('tr[data-testid^="encoding-"]').filter({ hasNot: badge });
    expect(await other.locator('input[data-testid$="-enabled"]:not([disabled])').count()).toBeGreaterThan(0);
    await screenshot(page, 'ux-encoding-reason');
    await context.close();
  });

  it('a configuration readers run cannot be deleted, and says why', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/readers/configuration');
    await page.getByTestId('configuration-row').first().waitFor();
    const rows = page.getByTestId('configuration-row');
    const counts = await rows.getByTestId('configuration-readers').allTextContents();
    const used = counts.findIndex((n) => Number(n) > 0);
    expect(used, 'the demo data has a configuration that readers run').toBeGreaterThanOrEqual(0);
    await rows.nth(used).getByTestId('configuration-actions').click();
    const item = page.getByTestId('configuration-menu-delete');
    expect(await item.getAttribute('aria-disabled')).toBe('true');
    const wrapper = page.getByTestId('disabled-reason').filter({ has: item });
    expect(await reasonOf(page, wrapper)).toBe('A configuration assigned to readers cannot be deleted.');
    await context.close();
  });
});

describe('forms and notices', () => {
  it('a List attribute without values cannot be saved', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/admin-setting/product-management/category/add-category');
    await page.getByRole('heading', { level: 1, name: 'Add Category' }).waitFor();
    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/tag-data/category/')) posts.push(r.url());
    });
    await page.getByTestId('category-name-input').fill(`E2E List ${Math.random().toString(36).slice(2, 7)}`);
    await page.getByTestId('add-attribute').first().click();
    const card = page.getByTestId('attribute-card-0');
    await card.getByTestId('attribute-0-name').fill('Colour');
    await card.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'List', exact: true }).click();
    await page.getByRole('listbox').waitFor({ state: 'detached' });
    await page.getByTestId('category-submit').click();
    await card.getByText('A list attribute needs at least one option.').waitFor();
    expect(page.url()).toMatch(/\/add-category$/);
    expect(posts).toEqual([]);
    await screenshot(page, 'ux-list-attribute');
    await context.close();
  });

  it('deleting a product says so', async () => {
    const product = await nid32Product(apiFor('admin'), 'Delete notice');
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto(`/admin-setting/product-management/product/modify-product/${encodeURIComponent(product.sku)}`);
    await page.getByTestId('product-delete').click();
    await page.getByTestId('product-delete-dialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText(`Product ${product.name} deleted`, { exact: true }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin-setting/product-management/product');
    await context.close();
  });
});

describe('counts say what they count', () => {
  it('the location tree counts every status, Inventory counts the items in', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/location');
    const treeCount = page.getByTestId('location-node-counts').first().getByTestId('count-hint');
    expect(await treeCount.getAttribute('data-count-rule')).toBe('all');
    expect(await reasonOf(page, treeCount)).toMatch(/whatever its status \(in, out or lost\)/);
    await page.goto('/inventory');
    const header = page.locator('thead').getByTestId('count-hint');
    expect(await header.textContent()).toBe('Total count');
    expect(await reasonOf(page, header)).toMatch(/status In only/);
    await context.close();
  });
});

describe('small screens (390 px)', () => {
  it('the Item Tracking toolbar leaves no control alone on a row, and the Devices tabs scroll with arrows', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'admin');
    await page.goto('/');
    const toolbar = page.getByTestId('items-toolbar');
    await toolbar.waitFor();
    const reset = await page.getByTestId('items-reset').boundingBox();
    const search = await page.getByTestId('items-search').boundingBox();
    expect(reset && search && overlapsVertically(reset, search)).toBe(true);
    // Every icon-only control shares its row with another control.
    const controls = toolbar.locator('button, .MuiFormControl-root');
    const boxes = (await Promise.all((await controls.all()).map((c) => c.boundingBox()))).filter(
      (b): b is Box => b !== null && b.width > 0,
    );
    const iconButtons = (
      await Promise.all((await toolbar.locator('.MuiIconButton-root').all()).map((c) => c.boundingBox()))
    ).filter((b): b is Box => b !== null);
    expect(iconButtons.length).toBeGreaterThan(0);
    for (const icon of iconButtons) {
      expect(boxes.some((b) => b !== icon && b.x !== icon.x && overlapsVertically(b, icon))).toBe(true);
    }
    for (const box of boxes) expect(box.x + box.width).toBeLessThanOrEqual(390);
    await screenshot(page, 'ux-item-tracking-390');

    await page.goto('/readers/configuration');
    const tabs = page.locator('.MuiTabs-root').first();
    await tabs.getByRole('tab', { name: 'Configurations' }).waitFor();
    const arrows = tabs.locator('.MuiTabs-scrollButtons');
    expect(await arrows.count()).toBe(2);
    const scroller = tabs.locator('.MuiTabs-scroller');
    const before = await scroller.evaluate((el) => el.scrollLeft);
    expect(before).toBeGreaterThan(0);
    await arrows.first().click();
    await expect.poll(() => scroller.evaluate((el) => el.scrollLeft)).toBeLessThan(before);
    await screenshot(page, 'ux-devices-tabs-390');
    await context.close();
  });
});
