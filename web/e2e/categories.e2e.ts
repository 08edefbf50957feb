import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { apiAs, chooseLanguage, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();
const LIST = '/admin-setting/product-management/category';

async function snackbar(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor();
}

/** Picks an option of an MUI select found inside `scope` by its label. */
async function choose(page: Page, scope: Page | Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

async function openList(page: Page) {
  await page.goto(LIST);
  await page.getByTestId('category-table').waitFor();
  await page.getByTestId('category-row').first().waitFor();
}

/** Searches the list and waits until exactly the rows of that search are shown. */
async function search(page: Page, text: string) {
  await page.getByTestId('category-search').fill(text);
  await expect
    .poll(async () => {
      const names = await page.getByTestId('category-name').allTextContents();
      const empty = await page.getByTestId('category-empty').count();
      return empty > 0 || (names.length > 0 && names.some((n) => n.includes(text)));
    })
    .toBe(true);
}

async function rowMenu(page: Page, name: string, entry: 'edit' | 'products') {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByTestId(`category-menu-${entry}`).click();
}

async function addAttribute(page: Page, index: number, name: string, type: string) {
  await page.getByTestId('add-attribute').first().click();
  const card = page.getByTestId(`attribute-card-${index}`);
  await card.getByTestId(`attribute-${index}-name`).fill(name);
  if (type !== 'Text') await choose(page, card, 'Type', type);
  return card;
}

/** Settings switches and radios follow the server's answer: click, then wait for the new state. */
async function flip(control: Locator, on: boolean) {
  await control.click();
  await expect.poll(() => control.isChecked()).toBe(on);
}

describe('categories', () => {
  it('an administrator creates a category with every attribute type and a subcategory, edits and deletes it', async () => {
    const { context, page } = await open();
    const suffix = Math.random().toString(36).slice(2, 7);
    const name = `E2E Furniture ${suffix}`;
    const sub = `E2E Chairs ${suffix}`;
    await signIn(page, 'admin');
    await openList(page);
    await screenshot(page, 'categories-list');

    // Validation on submit only, with the spec's messages.
    await page.getByTestId('add-category').click();
    await page.getByRole('heading', { level: 1, name: 'Add Category' }).waitFor();
    await page.getByTestId('add-attribute').click();
    await page.getByTestId('attribute-0-fixed_data').check();
    expect(await page.getByText('Category name is required').count()).toBe(0);
    await page.getByTestId('category-submit').click();
    await page.getByText('Category name is required').waitFor();
    await page.getByText('Attribute name is required').waitFor();
    await page.getByText('Fixed value is required').waitFor();
    await page.getByTestId('attribute-0-remove').click();

    // A card per type: text with a default, list with values, date time fixed, number required and item-only.
    await page.getByTestId('category-name-input').fill(name);
    await page.getByTestId('category-description-input').fill('Desks, chairs and cabinets.');
    await choose(page, page, 'Encoding method', 'NID64');
    const text = await addAttribute(page, 0, 'Manufacturer', 'Text');
    await text.getByTestId('attribute-0-has_default').check();
    await text.getByTestId('attribute-0-default-value').fill('Acme');
    await text.getByTestId('attribute-0-show_in_table').check();
    const list = await addAttribute(page, 1, 'Colour', 'List');
    // The add button ignores an empty value.
    await list.getByTestId('attribute-1-options-add').click();
    expect(await list.getByText('No list values yet.').count()).toBe(1);
    for (const value of ['Oak', 'Walnut', 'White']) {
      await list.getByTestId('attribute-1-options-input').fill(value);
      await list.getByTestId('attribute-1-options-add').click();
    }
    await list.getByTestId('attribute-1-has_default').check();
    await choose(page, list, 'Default value', 'Walnut');
    const date = await addAttribute(page, 2, 'Inspected', 'Date time');
    await date.getByTestId('attribute-2-asset_data').check();
    await date.getByTestId('attribute-2-fixed_data').check();
    // Fixed clears and disables item-only, required and default.
    expect(await date.getByTestId('attribute-2-asset_data').isChecked()).toBe(false);
    expect(await date.getByTestId('attribute-2-asset_data').isDisabled()).toBe(true);
    expect(await date.getByTestId('attribute-2-required').isDisabled()).toBe(true);
    await date.getByTestId('attribute-2-fixed-value').fill('2026-03-01T09:30:00');
    const number = await addAttribute(page, 3, 'Weight (kg)', 'Number');
    await number.getByTestId('attribute-3-required').check();
    await number.getByTestId('attribute-3-asset_data').check();
    await screenshot(page, 'categories-add-form');
    await page.getByTestId('category-submit').click();
    await snackbar(page, 'Category created');
    await expect.poll(() => page.url()).toMatch(/\/category$/);

    // A subcategory under it.
    await page.getByTestId('add-category').click();
    await page.getByTestId('category-name-input').fill(sub);
    await choose(page, page, 'Parent', name);
    await addAttribute(page, 0, 'Seat height', 'Number');
    await page.getByTestId('category-submit').click();
    await snackbar(page, 'Category created');

    // Listed: the category, its attributes, and the subcategory indented below it.
    await page.getByTestId('category-table').waitFor();
    await search(page, suffix);
    const rows = page.locator('[data-testid="category-row"], [data-testid="subcategory-row"]');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('data-testid')).toBe('category-row');
    expect(await rows.nth(1).getAttribute('data-testid')).toBe('subcategory-row');
    expect(await rows.nth(0).textContent()).toContain('ManufacturerColourInspectedWeight (kg)');
    expect(await rows.nth(0).textContent()).toContain('NID64');
    expect(await rows.nth(1).textContent()).toContain('Seat height');
    await screenshot(page, 'categories-list-searched');

    const stored = (await apiAs('admin', 'GET', `/tag-data/category/?only_root=true&search=${suffix}`)).body as {
      results: { fields: Record<string, unknown>[] }[];
    };
    expect(stored.results[0]!.fields).toEqual([
      expect.objectContaining({ name: 'Manufacturer', type: 'Text', default_value: 'Acme', show_in_table: true }),
      expect.objectContaining({
        name: 'Colour',
        type: 'DropdownList',
        default_value: 'Walnut',
        options: ['Oak', 'Walnut', 'White'],
      }),
      expect.objectContaining({
        name: 'Inspected',
        type: 'DateTime',
        fixed_data: true,
        fixed_value: '2026-03-01T09:30:00',
        asset_data: false,
      }),
      expect.objectContaining({ name: 'Weight (kg)', type: 'Number', required: true, asset_data: true }),
    ]);

    // View Products carries the category into the product list.
    await rowMenu(page, sub, 'products');
    await expect.poll(() => page.url()).toMatch(/\/product-management\/product\?category=\d+$/);
    await expect.poll(() => page.getByRole('combobox', { name: 'Category' }).textContent()).toContain(sub);
    await page.goBack();
    await page.getByTestId('category-table').waitFor();

    // Edit: Save only once something changed; the edit warning, then the encoding warning.
    await search(page, suffix);
    await rowMenu(page, name, 'edit');
    await page.getByTestId('category-form').waitFor();
    await page.getByTestId('attribute-card-3').waitFor();
    expect(await page.getByRole('combobox', { name: 'Parent' }).getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByTestId('category-submit').isDisabled()).toBe(true);
    await page.getByTestId('category-description-input').fill('Desks and chairs.');
    expect(await page.getByTestId('category-submit').isDisabled()).toBe(false);
    await page.getByTestId('category-description-input').fill('Desks, chairs and cabinets.');
    expect(await page.getByTestId('category-submit').isDisabled()).toBe(true);
    await page.getByTestId('attribute-0-name').fill('Maker');
    await choose(page, page, 'Encoding method', 'None (inherit)');
    await screenshot(page, 'categories-edit-form');
    await page.getByTestId('category-submit').click();
    await page.getByTestId('category-edit-dialog').getByText('Save the changes?').waitFor();
    await screenshot(page, 'categories-edit-warning');
    await page.getByTestId('category-edit-dialog-confirm').click();
    await page.getByTestId('category-encoding-dialog').getByText('Change the encoding method?').waitFor();
    await page.getByTestId('category-encoding-dialog-confirm').click();
    await snackbar(page, `Category ${name} updated`);
    await expect.poll(() => page.url()).toMatch(/\/category$/);

    // Cancel with unsaved changes asks first; No stays, Yes leaves.
    await search(page, suffix);
    await rowMenu(page, name, 'edit');
    await page.getByTestId('attribute-card-0').waitFor();
    expect(await page.getByTestId('attribute-0-name').inputValue()).toBe('Maker');
    await page.getByTestId('category-name-input').fill(`${name} changed`);
    await page.getByTestId('category-cancel').click();
    await page
      .getByText("You haven't completed to edit the category yet. Do you want to leave without finishing?")
      .waitFor();
    await page.getByTestId('category-leave-dialog-cancel').click();
    await page.getByTestId('category-leave-dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('category-name-input').inputValue()).toBe(`${name} changed`);
    await page.getByTestId('category-cancel').click();
    await page.getByTestId('category-leave-dialog-confirm').click();
    await expect.poll(() => page.url()).toMatch(/\/category$/);

    // Delete: the category and its subcategory go.
    await search(page, suffix);
    await rowMenu(page, name, 'edit');
    await page.getByTestId('category-delete').click();
    await page
      .getByTestId('category-delete-dialog')
      .getByText(`Delete ${name} and its subcategories (1)?`, { exact: false })
      .waitFor();
    await screenshot(page, 'categories-delete-warning');
    await page.getByTestId('category-delete-dialog-confirm').click();
    await expect.poll(() => page.url()).toMatch(/\/category$/);
    await search(page, suffix);
    await page.getByText('No Category Found').waitFor();
    await screenshot(page, 'categories-empty');
    await context.close();
  });

  it('the list pages, sorts and resets', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await openList(page);
    const first = async () =>
      (await page.getByTestId('category-row').first().getByTestId('category-name').textContent()) ?? '';
    const ascending = await first();
    await page.getByTestId('category-sort-name').click();
    await expect.poll(first).not.toBe(ascending);
    const names = await page.getByTestId('category-row').getByTestId('category-name').allTextContents();
    expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base' })));
    await page.getByTestId('category-search').fill('zzz-no-such-category');
    await page.getByText('No Category Found').waitFor();
    await page.getByTestId('category-reset').click();
    await expect.poll(first).toBe(ascending);
    expect(await page.getByTestId('category-search').inputValue()).toBe('');
    await context.close();
  });

  it('an administrator sets the SGTIN-96 company prefix and enables the method in system settings', async () => {
    const { context, page } = await open();
    const before = (await apiAs('admin', 'GET', '/master-data/encoding/')).body as {
      encodings: { id: number; method: string; disabled: boolean; metadata: { companyPrefix?: string } }[];
    };
    const sgtin = before.encodings.find((e) => e.method === 'SGTIN96')!;
    await signIn(page, 'admin');
    await page.goto('/admin-setting/system-setting');
    const card = page.getByTestId('encodings-card');
    await card.getByTestId('encoding-SGTIN96').waitFor();

    // Off first (the demo data has it on), so the test enables it itself.
    if (!(await card.getByTestId('encoding-SGTIN96-enabled').isChecked())) {
      await flip(card.getByTestId('encoding-SGTIN96-enabled'), true);
      await snackbar(page, `SGTIN-96 (${sgtin.metadata.companyPrefix}) enabled`);
    }
    if (await card.getByTestId('encoding-SGTIN96-default').isChecked()) {
      await flip(card.getByTestId('encoding-NID32-default'), true);
      await snackbar(page, 'NID32 is now the default encoding method');
    }
    await flip(card.getByTestId('encoding-SGTIN96-enabled'), false);

    await card.getByTestId('company-prefix-input').fill('12ab');
    await card.getByTestId('company-prefix-save').click();
    await card.getByText('The company prefix has 6 to 12 digits.').waitFor();
    await card.getByTestId('company-prefix-input').fill('4012345');
    await card.getByTestId('company-prefix-save').click();
    await snackbar(page, 'Company prefix saved');
    await flip(card.getByTestId('encoding-SGTIN96-enabled'), true);
    await snackbar(page, 'SGTIN-96 (4012345) enabled');
    await flip(card.getByTestId('encoding-SGTIN96-default'), true);
    await snackbar(page, 'SGTIN-96 (4012345) is now the default encoding method');
    // The default cannot be disabled: its switch is off limits, with the server's reason on hover.
    const defaultSwitch = card.getByTestId('encoding-SGTIN96-enabled');
    expect(await defaultSwitch.isDisabled()).toBe(true);
    await card
      .getByTestId('disabled-reason')
      .filter({ has: page.getByTestId('encoding-SGTIN96-enabled') })
      .hover();
    await page.getByRole('tooltip').getByText('The default encoding method cannot be disabled.').waitFor();
    await screenshot(page, 'settings-encodings');

    const after = (await apiAs('admin', 'GET', '/master-data/encoding/')).body as typeof before;
    const updated = after.encodings.find((e) => e.method === 'SGTIN96')!;
    expect(updated).toMatchObject({ disabled: false, default: true, metadata: { companyPrefix: '4012345' } });

    // Back as it was for the other browser tests.
    const original = before.encodings.find((e) => (e as { default?: boolean }).default)!;
    await apiAs('admin', 'PATCH', `/master-data/encoding/${original.id}/`, { default: true });
    await apiAs('admin', 'PATCH', `/master-data/encoding/${sgtin.id}/`, {
      metadata: { companyPrefix: sgtin.metadata.companyPrefix },
      disabled: sgtin.disabled,
    });
    await context.close();
  });

  it('reads in German', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    await chooseLanguage(page, 'Deutsch', 'de');
    try {
      await openList(page);
      expect(await page.getByTestId('add-category').textContent()).toBe('Kategorie hinzufügen');
      await screenshot(page, 'categories-list-de');
      await page.getByRole('button', { name: 'Aktionen für IT Equipment', exact: true }).click();
      await page.getByTestId('category-menu-edit').click();
      await page.getByTestId('attribute-card-0').waitFor();
      await screenshot(page, 'categories-edit-de');
      await page.getByTestId('category-cancel').click();
      await page.getByTestId('category-table').waitFor();
      await page.getByTestId('add-category').click();
      await page.getByTestId('add-attribute').click();
      await page.getByTestId('category-submit').click();
      await page.getByText('Der Name der Kategorie ist erforderlich').waitFor();
      await page.getByText('Der Name des Attributs ist erforderlich').waitFor();
      await screenshot(page, 'categories-add-errors-de');
      await page.goto('/admin-setting/system-setting');
      await page.getByTestId('encoding-SGTIN96').waitFor();
      expect(await page.getByTestId('encodings-card').getByRole('heading', { level: 2 }).textContent()).toBe(
        'Kodierungsmethoden',
      );
      await screenshot(page, 'settings-encodings-de');
    } finally {
      await chooseLanguage(page, 'English', 'en');
      await context.close();
    }
  });
});
