import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodeEpc } from '@tagtrack/contract';
import { apiFor, screenshot, signIn, useBrowser, type ApiClient } from './support.js';

const open = useBrowser();

interface Field {
  id: number;
  name: string;
}

/**
 * A category with an item-level list attribute and a product-level number, and a product in it:
 * NID32 with a generated SKU, or LOOKUP with an alphanumeric one.
 */
async function createProduct(api: ApiClient, method: 'NID32' | 'LOOKUP' = 'NID32') {
  const suffix = Math.random().toString(36).slice(2, 7);
  const { encodings } = (await api.get('/master-data/encoding/')) as {
    encodings: { id: number; method: string; disabled: boolean }[];
  };
  const encoding = encodings.find((e) => e.method === method);
  if (!encoding || encoding.disabled) throw new Error(`the demo data should have ${method} enabled`);
  const category = (await api.post('/tag-data/category/', {
    name: `E2E Tools ${suffix}`,
    description: '',
    parent: null,
    encoding: encoding.id,
    fields: [
      { name: 'Condition', type: 'DropdownList', asset_data: true, required: true, options: ['new', 'used'] },
      { name: 'Voltage', type: 'Number', asset_data: false },
    ],
  })) as { id: number; name: string; fields: Field[] };
  const voltage = category.fields.find((f) => f.name === 'Voltage')!;
  const condition = category.fields.find((f) => f.name === 'Condition')!;
  const sku =
    method === 'LOOKUP'
      ? `E2E-${suffix.toUpperCase()}`
      : (
          (await api.post('/master-data/generate-sku/', { encoding: encoding.id, category: category.id })) as {
            sku: string;
          }
        ).sku;
  await api.post('/master-data/product/', {
    sku,
    name: `E2E Drill ${suffix}`,
    category: category.id,
    attributes: [{ datafield: voltage.id, name: 'Voltage', value: '18' }],
  });
  return { sku, name: `E2E Drill ${suffix}`, category: category.name, conditionId: condition.id };
}

async function snackbar(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** The value shown by a read-only or text input, by test id. */
const valueOf = (page: Page, testId: string) => page.getByTestId(testId).inputValue();

/** A screenshot of the whole page from its top (a form scrolls the window while it is filled in). */
async function shot(page: Page, name: string) {
  await page.getByTestId('item-location').locator('[role="tree"]').waitFor({ state: 'attached' });
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

async function chooseOption(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).locator('xpath=..').getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  // The list's role goes at once; its popover stays while it fades out.
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

describe('items', () => {
  it('an operator adds an item by its EPC, edits its name and deletes it', async () => {
    const admin = apiFor('admin');
    const product = await createProduct(admin);
    const serial = String(Math.floor(Math.random() * 1_000_000) + 1);
    const epc = encodeEpc('NID32', product.sku, serial);
    const shelf = (await admin.post('/configuration/location/', {
      name: `E2E Shelf ${serial}`,
      parent: null,
    })) as { uuid: string; name: string };

    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.goto('/add-asset');
    await page.getByRole('heading', { level: 1, name: 'Add Item' }).waitFor();

    // Validation on submit only.
    await page.getByTestId('item-save').click();
    await expect.poll(() => page.getByTestId('item-epc-helper').textContent()).toBe('EPC is required');

    // The EPC is decoded as it is typed: the product and its category follow, read-only.
    await page.getByTestId('item-epc').fill(epc.toLowerCase());
    await expect.poll(() => valueOf(page, 'item-product')).toBe(`${product.name} (${product.sku})`);
    expect(await valueOf(page, 'item-category')).toMatch(/^E2E Tools /);
    expect(await page.getByTestId('item-product').isDisabled()).toBe(true);
    expect(await page.getByTestId('item-epc-helper').textContent()).toBe(
      `SKU ${product.sku} (NID32): the item belongs to this product.`,
    );
    await expect.poll(() => page.getByTestId('item-product-attributes').textContent()).toContain('18');

    // The required item attribute is checked on submit.
    await page.getByTestId('item-name').fill('E2E drill #1');
    await page.getByTestId('item-save').click();
    await page.getByText('A value is required for Condition.').waitFor();
    await chooseOption(page, `item-attribute-f${product.conditionId}`, 'used');
    // Only active leaves can hold items: the new root without children is one.
    await page.getByTestId('item-location').getByRole('treeitem', { name: shelf.name, exact: true }).click();
    await expect.poll(() => page.getByTestId('item-location-path').textContent()).toBe(`Selected: ${shelf.name}`);
    await shot(page, 'item-add');
    await page.getByTestId('item-save').click();
    await snackbar(page, 'Item created');
    // The form stays, emptied for the next item.
    await expect.poll(() => valueOf(page, 'item-epc')).toBe('');
    expect(await valueOf(page, 'item-name')).toBe('');

    const list = (await admin.get(`/tag-data/tag/?search=${epc}`)) as {
      results: { id: number; code: string; metadata: { name?: string }; product__sku: string; location: string }[];
    };
    const created = list.results.find((i) => i.code === epc);
    expect(created).toMatchObject({
      product__sku: product.sku,
      metadata: { name: 'E2E drill #1' },
      location: shelf.uuid,
    });
    const id = created!.id;

    // Edit: the EPC and the selectors are read-only, the banner says why; the name changes.
    await page.goto(`/asset/modify-asset/${id}/${encodeURIComponent(product.sku)}`);
    await page.getByRole('heading', { level: 1, name: 'Edit Item' }).waitFor();
    await expect.poll(() => valueOf(page, 'item-epc')).toBe(epc);
    expect(await page.getByTestId('item-epc').isDisabled()).toBe(true);
    expect(await page.getByTestId('item-category').isDisabled()).toBe(true);
    expect(await page.getByTestId('item-banner').textContent()).toBe(
      'Changing the category or product of an existing item is not allowed here. It requires external encoding tools.',
    );
    await expect.poll(() => valueOf(page, 'item-name')).toBe('E2E drill #1');
    await shot(page, 'item-edit');
    await page.getByTestId('item-name').fill('E2E drill renamed');
    await page.getByTestId('item-save').click();
    await snackbar(page, 'Item updated.');
    await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/modify-asset/);
    const saved = (await admin.get(`/tag-data/tag/${id}/`)) as { metadata: { name?: string }; removed: boolean };
    expect(saved.metadata.name).toBe('E2E drill renamed');

    // Delete after confirmation.
    await page.goto(`/asset/modify-asset/${id}/${encodeURIComponent(product.sku)}`);
    await expect.poll(() => valueOf(page, 'item-name')).toBe('E2E drill renamed');
    await page.getByTestId('item-delete').click();
    await page.getByRole('dialog').waitFor();
    await shot(page, 'item-delete-confirm');
    await page.getByTestId('confirm-dialog-confirm').click();
    await snackbar(page, 'An item succesfully deleted.');
    await expect.poll(() => new URL(page.url()).pathname).not.toMatch(/modify-asset/);
    const removed = (await admin.get(`/tag-data/tag/${id}/`)) as { removed: boolean };
    expect(removed.removed).toBe(true);
    await context.close();
  });

  it('an EPC that maps to no product: the item gets a lookup product chosen in the selectors', async () => {
    const admin = apiFor('admin');
    const product = await createProduct(admin, 'LOOKUP');
    // E2 is the header of no scheme the encodings read: the EPC names no SKU.
    const epc =
      `E280${Array.from({ length: 20 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`.toUpperCase();

    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.goto('/add-asset');
    await page.getByTestId('item-epc').fill(epc);
    await expect
      .poll(() => page.getByTestId('item-epc-helper').textContent())
      .toBe(
        'The EPC maps to no product. The item will be Unassigned unless you choose a product whose encoding method is lookup.',
      );
    // Starting to choose makes both choices required.
    await chooseOption(page, 'item-category', product.category);
    await page.getByTestId('item-save').click();
    await page.getByText('Product is required').waitFor();
    await chooseOption(page, 'item-product', `${product.name} (${product.sku})`);
    await chooseOption(page, `item-attribute-f${product.conditionId}`, 'new');
    await shot(page, 'item-add-lookup');
    await page.getByTestId('item-save').click();
    await snackbar(page, 'Item created');

    const list = (await admin.get(`/tag-data/tag/?search=${epc}`)) as {
      results: { id: number; code: string; product__sku: string }[];
    };
    const created = list.results.find((i) => i.code === epc);
    expect(created?.product__sku).toBe(product.sku);

    // A lookup item keeps its selectors on the edit screen.
    await page.goto(`/asset/modify-asset/${created!.id}/${encodeURIComponent(product.sku)}`);
    // Once the item and the lookup products have loaded, the product is a select showing the product.
    const productSelect = page.getByTestId('item-product').locator('xpath=..').getByRole('combobox');
    await expect.poll(() => productSelect.textContent()).toBe(`${product.name} (${product.sku})`);
    expect(await page.getByTestId('item-product').inputValue()).toBe(product.sku);
    const categorySelect = page.getByTestId('item-category').locator('xpath=..').getByRole('combobox');
    expect(await categorySelect.getAttribute('aria-disabled')).toBeNull();
    expect(await page.getByTestId('item-banner').textContent()).toBe(
      "This item's product uses the lookup encoding method: its category and product can be chosen here, among lookup products.",
    );
    await shot(page, 'item-edit-lookup');
    await context.close();
  });

  it('shows the add and edit screens in German', async () => {
    const admin = apiFor('admin');
    const product = await createProduct(admin);
    const epc = encodeEpc('NID32', product.sku, '7');
    const item = (await admin.post('/tag-data/tag/', {
      code: epc,
      metadata: { name: 'E2E Bohrmaschine' },
      attributes: [{ datafield: product.conditionId, name: 'Condition', value: 'new' }],
    })) as { id: number };

    const { context, page } = await open();
    // Only this browser sees the operator's language as German: the stored profile stays as it is.
    await page.route('**/accounts/users/me/', async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...body, language: 'de' } });
    });
    await signIn(page, 'operator');
    await page.goto('/add-asset');
    await page.getByRole('heading', { level: 1, name: 'Objekt hinzufügen' }).waitFor();
    await page.getByTestId('item-epc').fill(encodeEpc('NID32', product.sku, '8'));
    await expect.poll(() => valueOf(page, 'item-product')).toBe(`${product.name} (${product.sku})`);
    await shot(page, 'item-add-de');
    await page.goto(`/asset/modify-asset/${item.id}/${encodeURIComponent(product.sku)}`);
    await page.getByRole('heading', { level: 1, name: 'Objekt bearbeiten' }).waitFor();
    await expect.poll(() => valueOf(page, 'item-name')).toBe('E2E Bohrmaschine');
    await shot(page, 'item-edit-de');
    await context.close();
  });
});
