import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodeEpc } from '@tagtrack/contract';
import { apiAs, chooseLanguage, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

interface CategoryReply {
  id: number;
  fields: { id: number; name: string }[];
}

/** A category with one attribute of each type, a fixed one and an item-only one (set up through the API). */
async function createCategory(name: string): Promise<CategoryReply> {
  const { body } = await apiAs('admin', 'POST', '/tag-data/category/', {
    name,
    description: 'Browser test category',
    parent: null,
    encoding: null,
    fields: [
      { name: 'Colour', type: 'DropdownList', options: ['Red', 'Blue'], required: true },
      { name: 'Weight', type: 'Number' },
      { name: 'Inspected', type: 'DateTime' },
      { name: 'Material', type: 'Text' },
      { name: 'Owner', type: 'Text', fixed_data: true, fixed_value: 'Facilities' },
      { name: 'Serial note', type: 'Text', asset_data: true },
    ],
  });
  return body as CategoryReply;
}

async function snackbar(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

async function openProductList(page: Page) {
  await page.goto('/admin-setting/product-management/product');
  await page.getByTestId('product-table').waitFor();
  await page.getByTestId('product-row').first().waitFor();
}

async function search(page: Page, text: string) {
  await page.getByTestId('product-search').fill(text);
  // The search waits 700 ms for typing to stop, then asks the server.
  await expect.poll(() => page.getByTestId('product-row').count(), { timeout: 10_000 }).toBe(1);
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).locator('..').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The list's role goes at once; its popover stays while it fades out.
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

describe('products', () => {
  it('an administrator creates a product with a generated SKU, views, edits and deletes it', async () => {
    const { context, page } = await open();
    const suffix = Math.random().toString(36).slice(2, 7);
    const categoryName = `E2E Tools ${suffix}`;
    const productName = `E2E Drill ${suffix}`;
    const category = await createCategory(categoryName);
    const field = (name: string) => category.fields.find((f) => f.name === name)?.id ?? 0;

    await signIn(page, 'admin');
    await openProductList(page);
    await screenshot(page, 'products-list');

    // Add: the rules run on submit and speak the spec's messages.
    await page.getByTestId('add-product').click();
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor();
    await page.getByTestId('product-save').click();
    await page.getByText('Category name is required').waitFor();
    await page.getByText('Product name is required').waitFor();
    await page.getByText('Sku is required').waitFor();
    await page.getByTestId('product-sku').fill('12ab');
    await page.getByTestId('product-save').click();
    await page.getByText('The SKU is not valid for this type of encoding method.').waitFor();

    // The category brings its product-level attributes (not the item-only one).
    await pick(page, 'product-category', categoryName);
    await page
      .getByTestId(`product-attribute-${field('Colour')}`)
      .locator('..')
      .waitFor();
    expect(await page.getByTestId(`product-attribute-${field('Serial note')}`).count()).toBe(0);
    expect(await page.getByTestId(`product-attribute-${field('Owner')}`).inputValue()).toBe('Facilities');
    expect(await page.getByTestId(`product-attribute-${field('Owner')}`).isDisabled()).toBe(true);
    await page.getByTestId('product-name').fill(productName);
    await page.getByTestId('product-code').fill(`E2E-${suffix}`);
    await page.getByTestId('product-description').fill('A cordless drill. '.repeat(25));
    await page.getByTestId('product-save').click();
    await page.getByText('Product field name is required').waitFor();
    await screenshot(page, 'products-add-errors');

    await page.getByTestId('product-generate-sku').click();
    await snackbar(page, 'Sku generated');
    const sku = await page.getByTestId('product-sku').inputValue();
    expect(sku).toMatch(/^[1-9]\d*$/);
    await pick(page, `product-attribute-${field('Colour')}`, 'Blue');
    await page.getByTestId(`product-attribute-${field('Weight')}`).fill('2.5');
    await page.getByTestId(`product-attribute-${field('Inspected')}`).fill('2026-03-14T09:30');
    await page.getByTestId(`product-attribute-${field('Material')}`).fill('Steel');
    await screenshot(page, 'products-add');
    await page.getByTestId('product-save').click();
    await snackbar(page, 'Product created');
    await page.getByTestId('product-table').waitFor();

    // In the list, found by its name; the details show every display rule.
    await search(page, productName);
    const row = page.getByTestId('product-row');
    expect(await row.getAttribute('data-sku')).toBe(sku);
    expect(await row.textContent()).toContain(categoryName);
    await row.getByTestId('product-row-menu').click();
    await page.getByTestId('product-menu-details').click();
    const details = page.getByRole('dialog');
    await details.getByText('Product Details').waitFor();
    expect(await details.getByTestId('product-details-sku').textContent()).toBe(sku);
    expect(await details.getByTestId('product-details-category').textContent()).toBe(categoryName);
    expect(await details.getByTestId(`product-details-attribute-${field('Inspected')}`).textContent()).toBe(
      '14/03/2026',
    );
    expect(await details.getByTestId(`product-details-attribute-${field('Owner')}`).textContent()).toBe('Facilities');
    expect(await details.getByTestId(`product-details-attribute-${field('Colour')}`).textContent()).toBe('Blue');
    expect(await details.getByTestId(`product-details-attribute-${field('Serial note')}`).count()).toBe(0);
    expect((await details.getByTestId('product-details-description-text').textContent())?.length).toBe(301);
    await screenshot(page, 'products-details');
    await details.getByTestId('product-details-description-toggle').click();
    expect(await details.getByTestId('product-details-description-toggle').textContent()).toBe('Show Less');

    // An item of the product, to see it go with the product.
    const epc = encodeEpc('NID32', sku, '1');
    await apiAs('admin', 'POST', '/tag-data/tag/', { code: epc, metadata: { name: `E2E item ${suffix}` } });
    const items = async () =>
      ((await apiAs('admin', 'GET', `/tag-data/tag/?search=${epc}`)).body as { count: number }).count;
    expect(await items()).toBe(1);

    // Edit from the dialog: Save waits for a change, asks, and saves.
    await details.getByTestId('product-details-edit').click();
    await page.getByRole('heading', { level: 1, name: 'Edit Product' }).waitFor();
    expect(await page.getByTestId('product-sku').isDisabled()).toBe(true);
    expect(await page.getByTestId('product-save').isDisabled()).toBe(true);
    await page.getByTestId('product-name').fill(`${productName} v2`);
    expect(await page.getByTestId('product-save').isDisabled()).toBe(false);
    await screenshot(page, 'products-edit');
    await page.getByTestId('product-save').click();
    await page.getByTestId('product-save-dialog-confirm').click();
    await snackbar(page, 'Product updated');
    await search(page, `${productName} v2`);

    // Delete, after the confirmation that says its items go too.
    await page.getByTestId('product-row').getByTestId('product-row-menu').click();
    await page.getByTestId('product-menu-edit').click();
    await page.getByTestId('product-delete').click();
    const confirm = page.getByTestId('product-delete-dialog');
    await confirm.getByText('also deletes all of its items', { exact: false }).waitFor();
    expect(await confirm.getByTestId('product-delete-items').textContent()).toBe('Items of this product: 1');
    await screenshot(page, 'products-delete-confirm');
    await confirm.getByTestId('product-delete-dialog-confirm').click();
    await page.getByTestId('product-table').waitFor();
    await page.getByTestId('product-search').fill(productName);
    await page.getByTestId('product-empty').waitFor();
    expect(await page.getByTestId('product-empty').textContent()).toContain('No Product Found');
    const gone = await apiAs('admin', 'GET', `/master-data/product/?search=${encodeURIComponent(productName)}`);
    expect((gone.body as { count: number }).count).toBe(0);
    expect(await items()).toBe(0);
    await context.close();
  });

  it('an operator adds a product from the inventory: category, name, SKU and attributes', async () => {
    const { context, page } = await open();
    const suffix = Math.random().toString(36).slice(2, 7);
    const categoryName = `E2E Stock ${suffix}`;
    const category = await createCategory(categoryName);
    const colour = category.fields.find((f) => f.name === 'Colour')?.id ?? 0;
    await signIn(page, 'operator');
    await page.goto('/inventory/add-product');
    await page.getByRole('heading', { level: 1, name: 'Add Product' }).waitFor();
    expect(await page.getByTestId('product-encoding').count()).toBe(0);
    expect(await page.getByTestId('product-code').count()).toBe(0);
    await pick(page, 'product-category', categoryName);
    await page.getByTestId('product-name').fill(`E2E Crate ${suffix}`);
    await page.getByTestId('product-generate-sku').click();
    await snackbar(page, 'Sku generated');
    await pick(page, `product-attribute-${colour}`, 'Red');
    await screenshot(page, 'products-inventory-add');
    await page.getByTestId('product-save').click();
    await snackbar(page, 'Product created');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/inventory');
    const found = await apiAs(
      'admin',
      'GET',
      `/master-data/product/?search=${encodeURIComponent(`E2E Crate ${suffix}`)}`,
    );
    expect((found.body as { count: number; results: { category: number }[] }).results[0]?.category).toBe(category.id);
    await context.close();
  });

  it('cancelling a started product asks first; the Unassigned row has no menu', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await openProductList(page);
    await search(page, 'Unassigned');
    const unassigned = page.getByTestId('product-row');
    expect(await unassigned.textContent()).toContain('Unknown');
    expect(await unassigned.getByTestId('product-row-menu').isDisabled()).toBe(true);

    await page.getByTestId('add-product').click();
    await page.getByTestId('product-name').fill('Half-made product');
    await page.getByTestId('product-cancel').click();
    const leave = page.getByTestId('product-leave-dialog');
    await leave.getByText('Are you sure to cancel').waitFor();
    await leave
      .getByText("You haven't completed to create a product yet. Do you want to leave without finishing?")
      .waitFor();
    await screenshot(page, 'products-leave');
    await leave.getByTestId('product-leave-dialog-confirm').click();
    await page.getByTestId('product-table').waitFor();
    await context.close();
  });

  it('reads in German', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await chooseLanguage(page, 'Deutsch', 'de');
    await openProductList(page);
    expect(await page.getByTestId('add-product').textContent()).toBe('Produkt hinzufügen');
    await screenshot(page, 'products-list-de');
    await page.getByTestId('product-row').first().waitFor();
    await page.locator('[data-testid="product-row-menu"]:not([disabled])').first().click();
    await page.getByTestId('product-menu-details').click();
    await page.getByRole('dialog').waitFor();
    await screenshot(page, 'products-details-de');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.goto('/admin-setting/product-management/product/add-product');
    await page.getByTestId('product-save').click();
    await page.getByTestId('product-name').waitFor();
    await screenshot(page, 'products-add-de');
    await chooseLanguage(page, 'English', 'en');
    await context.close();
  });
});
