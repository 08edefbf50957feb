import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiFor, screenshot, signIn, useBrowser, withoutSetupModeBanner } from './support.js';

const open = useBrowser();

async function download(page: Page, testId: string) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByTestId(testId).click()]);
  return { name: file.suggestedFilename(), text: await readFile((await file.path()) ?? '', 'utf8') };
}

const counts = (page: Page, row: string, cell: string) =>
  page
    .getByTestId(row)
    .evaluateAll(
      (rows, testId) =>
        rows.map((r) => [
          r.querySelector('td')?.textContent ?? '',
          r.querySelector(`[data-testid="${testId}"]`)?.textContent ?? '',
        ]),
      cell,
    );

describe('inventory', () => {
  it('the inventory list, its details, Check Locations and the location inventory count the items made through the API', async () => {
    const api = apiFor('admin');
    const suffix = Math.random().toString(36).slice(2, 7);
    const { encodings } = (await api.get('/master-data/encoding/')) as {
      encodings: { id: number; method: string; disabled: boolean }[];
    };
    const lookup = encodings.find((e) => e.method === 'LOOKUP' && !e.disabled);
    if (!lookup) throw new Error('the demo data should have LOOKUP enabled');
    const sku = `E2E-INV-${suffix.toUpperCase()}`;
    const name = `E2E Ladder ${suffix}`;
    await api.post('/master-data/product/', {
      sku,
      name,
      product_code: `LAD-${suffix}`,
      encoding: lookup.id,
      metadata: { description: 'An aluminium ladder for the warehouse.' },
    });
    const location = async (locationName: string, parent: string | null) =>
      ((await api.post('/configuration/location/', { name: locationName, parent })) as { uuid: string }).uuid;
    const site = await location(`E2E Site ${suffix}`, null);
    const hall = await location(`E2E Hall ${suffix}`, site);
    const bay = await location(`E2E Bay ${suffix}`, hall);
    const epc = () =>
      `E280${Array.from({ length: 20 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`.toUpperCase();
    for (const [where, status] of [
      [bay, 'in'],
      [bay, 'in'],
      [bay, 'in'],
      [hall, 'in'],
      [hall, 'in'],
      [bay, 'out'],
    ] as const) {
      await api.post('/tag-data/tag/', { code: epc(), product__sku: sku, location: where, status });
    }

    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.goto('/inventory');
    await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
    await page.getByTestId('inventory-search').fill(suffix);
    await expect.poll(() => counts(page, 'inventory-row', 'inventory-row-count')).toEqual([[name, '5']]);
    await screenshot(page, 'inventory-list');

    // View Details: the product's facts; no category reads Unassigned.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByTestId('inventory-menu-details').click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => dialog.getByTestId('inventory-details-sku').textContent()).toContain(sku);
    expect(await dialog.getByTestId('inventory-details-category').textContent()).toContain('Unassigned');
    expect(await dialog.getByTestId('inventory-details-code').textContent()).toContain(`LAD-${suffix}`);
    expect(await dialog.getByTestId('inventory-details-description').textContent()).toContain('aluminium ladder');
    await screenshot(page, 'inventory-details');
    await dialog.getByTestId('inventory-details-close').click();
    await dialog.waitFor({ state: 'detached' });

    // Export: inventory.csv with the filters of the list.
    const inventory = await download(page, 'inventory-export');
    expect(inventory.name).toBe('inventory.csv');
    expect(inventory.text.trim().split('\n')).toEqual([
      'Product,SKU,Product Code,Category,Total Count,In,Out,Lost',
      `${name},${sku},LAD-${suffix},,5,5,1,0`,
    ]);

    // Check Locations: items present by location, each linking to its inventory.
    await page.getByRole('button', { name: `Actions for ${name}` }).click();
    await page.getByTestId('inventory-menu-check-locations').click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await expect
      .poll(() => counts(page, 'location-items-row', 'location-items-row-count'))
      .toEqual([
        [`E2E Bay ${suffix}`, '3'],
        [`E2E Hall ${suffix}`, '2'],
      ]);
    const byLocation = await download(page, 'location-items-export');
    expect(byLocation.name).toBe('location-item.csv');
    expect(byLocation.text).toContain(`${name},${sku},LAD-${suffix},E2E Hall ${suffix},2`);
    await screenshot(page, 'inventory-check-locations');

    // The location inventory of the hall counts its subtree (the bay's items too).
    await page.getByRole('link', { name: `E2E Hall ${suffix}` }).click();
    await page.getByRole('heading', { level: 1, name: `E2E Hall ${suffix}` }).waitFor();
    await expect
      .poll(() => counts(page, 'location-inventory-row', 'location-inventory-row-count'))
      .toEqual([[name, '5']]);
    expect(await page.getByTestId('location-inventory-product-count').textContent()).toBe('Products: 1');
    const located = await download(page, 'location-inventory-export');
    expect(located.name).toBe(`inventory-E2E Hall ${suffix}.csv`);
    expect(located.text).toContain(`${name},${sku},LAD-${suffix},E2E Hall ${suffix},5`);
    await page.getByText('CSV file exported').first().waitFor();
    await screenshot(page, 'inventory-location');
    await context.close();
  });
});
