import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

const node = (page: Page, name: string) => page.getByRole('treeitem', { name, exact: true });

/** Waits until the open menu has finished fading in (for screenshots). */
async function menuShown(page: Page) {
  await page.getByRole('menu').waitFor();
  await expect
    .poll(() => page.getByRole('menu').evaluate((el) => getComputedStyle(el.closest('.MuiPaper-root') ?? el).opacity))
    .toBe('1');
}

async function openMenu(page: Page, name: string) {
  await page.getByRole('button', { name: `Actions for ${name}`, exact: true }).click();
  await page.getByRole('menu').waitFor();
}

async function closeMenu(page: Page) {
  await page.keyboard.press('Escape');
  // The menu's role goes at once; its popover stays while it fades out.
  await page.locator('.MuiMenu-root').waitFor({ state: 'detached' });
}

async function snackbar(page: Page, text: string) {
  await page.getByText(text, { exact: false }).first().waitFor();
}

/** Adds a location through the dialog: a root when `parent` is omitted, else a child from the parent's menu. */
async function addLocation(page: Page, name: string, parent?: string) {
  if (parent) {
    await openMenu(page, parent);
    await page.getByTestId('location-menu-add').click();
    await expect.poll(() => page.getByTestId('location-parent-path').textContent()).toContain(parent);
  } else {
    await page.getByTestId('add-root-location').click();
  }
  const dialog = page.getByRole('dialog');
  await dialog.getByTestId('location-name-input').fill(name);
  await dialog.getByTestId('location-save').click();
  await dialog.waitFor({ state: 'detached' });
  await snackbar(page, 'Location created.');
  await node(page, name).waitFor();
}

async function openLocations(page: Page) {
  await page.getByTestId('menu-locations').click();
  await expect.poll(() => page.url()).toMatch(/\/location$/);
  await page.getByRole('heading', { level: 1, name: 'Locations' }).waitFor();
  await page.getByTestId('location-tree').waitFor();
}

describe('locations', () => {
  it('an administrator builds a tree, deactivates and deletes leaves, and exports the CSV', async () => {
    const { context, page } = await open();
    const suffix = Math.random().toString(36).slice(2, 7);
    const root = `E2E Root ${suffix}`;
    const child = `E2E Hall ${suffix}`;
    const leaf = `E2E Shelf ${suffix}`;
    const spare = `E2E Spare ${suffix}`;
    await signIn(page, 'admin');
    await openLocations(page);
    await page.getByTestId('leaf-remaining').waitFor();
    expect(await page.getByTestId('leaf-remaining').textContent()).toMatch(/^\d+ leaf locations can be added$/);

    await addLocation(page, root);
    await addLocation(page, child, root);
    await addLocation(page, leaf, child);
    await addLocation(page, spare, child);
    expect(await node(page, leaf).getAttribute('aria-level')).toBe('3');

    // Validation on submit: a name is required, metadata must be a JSON object.
    await page.getByTestId('add-root-location').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('location-metadata-input').fill('[1, 2]');
    await dialog.getByTestId('location-save').click();
    await dialog.getByText('Location name is required').waitFor();
    await dialog.getByText('Metadata must be a valid JSON object, e.g. {"key": "value"}').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Deactivate a leaf: it is greyed.
    await openMenu(page, leaf);
    await page.getByTestId('location-menu-deactivate').click();
    await snackbar(page, 'Location deactivated');
    await expect.poll(() => node(page, leaf).getAttribute('data-inactive')).toBe('true');
    await openMenu(page, leaf);
    expect(await page.getByTestId('location-menu-activate').isVisible()).toBe(true);
    await closeMenu(page);

    // A node with children: no activation toggle, Delete disabled; the root likewise.
    for (const name of [child, root]) {
      await openMenu(page, name);
      expect(await page.getByTestId('location-menu-delete').getAttribute('aria-disabled')).toBe('true');
      expect(await page.getByTestId('location-menu-deactivate').count()).toBe(0);
      await closeMenu(page);
    }

    // Moving the hall under its own shelf is refused in the edit dialog.
    await openMenu(page, child);
    await page.getByTestId('location-menu-edit').click();
    const edit = page.getByRole('dialog');
    await edit.getByRole('treeitem', { name: child, exact: true }).getByRole('button', { name: 'Expand' }).click();
    await edit.getByRole('treeitem', { name: leaf, exact: true }).click();
    await edit.getByText('Choose different parent location, location may not be made a child of itself!').waitFor();
    expect(await edit.getByTestId('location-save').isDisabled()).toBe(true);
    await screenshot(page, 'locations-edit-cycle');
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await edit.waitFor({ state: 'detached' });

    // Delete a leaf, after the item count check.
    await openMenu(page, spare);
    await page.getByTestId('location-menu-delete').click();
    const confirm = page.getByRole('dialog');
    await confirm.getByText(`Are you sure you want to delete the location “${spare}”?`, { exact: false }).waitFor();
    await confirm.getByTestId('delete-location-confirm').click();
    await snackbar(page, 'Location deleted.');
    await node(page, spare).waitFor({ state: 'detached' });
    expect(await page.getByText('Failed to check item counts').count()).toBe(0);

    // Details of the shelf: its path and state.
    await openMenu(page, leaf);
    await page.getByTestId('location-menu-details').click();
    const details = page.getByRole('dialog');
    await expect.poll(() => details.getByTestId('location-details-parent').textContent()).toBe(`${root} > ${child}`);
    await screenshot(page, 'locations-details');
    await details.getByRole('button', { name: 'Close' }).click();

    // The search narrows the tree to the matches and their ancestors.
    await page.getByTestId('location-search').fill(`SHELF ${suffix}`);
    await expect.poll(() => page.getByTestId('location-node').count()).toBe(3);
    await screenshot(page, 'locations-search');
    await page.getByTestId('location-search').fill('');
    await expect.poll(() => page.getByTestId('location-node').count()).toBeGreaterThan(3);

    // Export: a download named locations.csv with the new tree in it.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-locations-csv').click(),
    ]);
    expect(download.suggestedFilename()).toBe('locations.csv');
    const csv = await readFile((await download.path()) ?? '', 'utf8');
    expect(csv).toContain(`${root} > ${child} > ${leaf}`);
    await snackbar(page, 'CSV file exported');
    await screenshot(page, 'locations-admin');
    await context.close();
  });

  it('a viewer sees the tree without the add-root button and without write entries', async () => {
    const { context, page } = await open();
    await signIn(page, 'viewer');
    await openLocations(page);
    const first = page.getByTestId('location-node').first();
    const name = (await first.getAttribute('aria-label')) ?? '';
    expect(await page.getByTestId('add-root-location').count()).toBe(0);
    expect(await page.getByTestId('export-locations-csv').isVisible()).toBe(true);
    await openMenu(page, name);
    for (const write of ['add', 'edit', 'delete', 'activate', 'deactivate']) {
      expect(await page.getByTestId(`location-menu-${write}`).count()).toBe(0);
    }
    expect(await page.getByTestId('location-menu-details').isVisible()).toBe(true);
    await menuShown(page);
    await screenshot(page, 'locations-viewer-menu');
    await closeMenu(page);
    await screenshot(page, 'locations-viewer');
    await context.close();
  });

  it('reads in the user’s language', async () => {
    const { context, page } = await open();
    await signIn(page, 'operator');
    await page.goto('/profile');
    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'Deutsch' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('de');
    await page.getByTestId('menu-locations').click();
    await page.getByRole('heading', { level: 1, name: 'Standorte' }).waitFor();
    await page.getByTestId('location-tree').waitFor();
    expect(await page.getByTestId('add-root-location').textContent()).toBe('Stammstandort hinzufügen');
    await screenshot(page, 'locations-de');
    const first = page.getByTestId('location-node').first();
    await page.getByRole('button', { name: `Aktionen für ${await first.getAttribute('aria-label')}` }).click();
    await menuShown(page);
    await screenshot(page, 'locations-de-menu');
    await closeMenu(page);
    // Back to English for the other tests.
    await page.goto('/profile');
    await page.getByTestId('language-select').click();
    await page.getByRole('option', { name: 'English' }).click();
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('en');
    await context.close();
  });
});
