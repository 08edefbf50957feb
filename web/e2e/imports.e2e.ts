import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

/** Chooses a CSV in the page's file input (the drop zone's picker), without a file on disk. */
async function chooseCsv(page: Page, name: string, lines: string[]) {
  await page.getByTestId('csv-file-input').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(lines.join('\n') + '\n'),
  });
}

async function errorTexts(page: Page): Promise<string[]> {
  const list = page.getByRole('list', { name: 'Errors in the file' });
  await list.waitFor();
  return list.getByRole('listitem').allTextContents();
}

describe('CSV imports', () => {
  it('an administrator imports products: template, a file with one bad row, the numbered error, the fixed file', async () => {
    const { context, page } = await open();
    const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
    await signIn(page, 'admin');
    await page.goto('/admin-setting/product-management/product');
    await page.getByTestId('import-products').click();
    await page.getByRole('heading', { level: 1, name: 'Import Products' }).waitFor();
    expect(page.url()).toMatch(/\/admin-setting\/product-management\/product\/product-import$/);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download template' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('products-template.csv');
    const template = await readFile((await download.path()) ?? '', 'utf8');
    expect(template.split('\n')[0]).toMatch(/^sku,name,product_code,category,encoding,description,sensor_product/);

    const header = 'sku,name,product_code,encoding,description';
    const rows = [
      `E2E-${suffix}-1,Imported crate 1,IMP-${suffix}-1,LOOKUP,From the browser test`,
      `E2E-${suffix}-2,Imported crate 2,IMP-${suffix}-2,NID32,`,
      `E2E-${suffix}-3,Imported crate 3,,LOOKUP,`,
    ];
    await chooseCsv(page, 'products.csv', [header, ...rows]);
    expect(await errorTexts(page)).toEqual(['01Row 3: sku: The SKU is not valid for this type of encoding method.']);
    await expect.poll(() => page.getByTestId('import-row-count').textContent()).toBe('Rows checked: 3');
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);
    await screenshot(page, 'imports-products-errors');

    rows[1] = rows[1]!.replace(',NID32,', ',LOOKUP,');
    await chooseCsv(page, 'products-fixed.csv', [header, ...rows]);
    await page.getByText('No errors found: the file is ready to import.').waitFor();
    await screenshot(page, 'imports-products-ready');
    await page.getByTestId('import-commit').click();
    await page.getByText('Products imported: 3').waitFor();
    await expect.poll(() => page.url()).toMatch(/\/admin-setting\/product-management\/product$/);

    const stored = (await apiAs('admin', 'GET', `/master-data/product/?search=E2E-${suffix}`)).body as {
      count: number;
      results: { sku: string; product_code: string | null }[];
    };
    expect(stored.count).toBe(3);
    expect(stored.results.map((p) => p.product_code ?? '').sort()).toEqual(['', `IMP-${suffix}-1`, `IMP-${suffix}-2`]);
    await context.close();
  });

  it('an operator imports items on /mass-import and stays with a summary', async () => {
    const suffix = Math.random().toString(36).slice(2, 7).toUpperCase();
    const { encodings } = (await apiAs('admin', 'GET', '/master-data/encoding/')).body as {
      encodings: { id: number; method: string }[];
    };
    const lookup = encodings.find((e) => e.method === 'LOOKUP')!;
    await apiAs('admin', 'POST', '/master-data/product/', {
      sku: `BOX-${suffix}`,
      name: `Lookup box ${suffix}`,
      encoding: lookup.id,
    });
    // E2… is no key prefix of an encoding: these EPCs map to no product, so the sku column names it (lookup).
    const tag = Math.floor(Math.random() * 0xffffff)
      .toString(16)
      .toUpperCase()
      .padStart(6, '0');
    const epc = (n: number) => `E200${tag}${String(n).padStart(14, '0')}`;

    const { context, page } = await open();
    await signIn(page, 'operator');
    // The Inventory menu (whose Import entry leads here) comes with the inventory screens.
    await page.goto('/mass-import');
    await page.getByRole('heading', { level: 1, name: 'Import Items' }).waitFor();
    expect(page.url()).toMatch(/\/mass-import$/);

    const header = 'epc,sku,name,location,status';
    const rows = [`${epc(1)},BOX-${suffix},Box one,,in`, `${epc(2)},BOX-${suffix},Box two,Nowhere > At all,out`];
    await chooseCsv(page, 'items.csv', [header, ...rows]);
    expect(await errorTexts(page)).toEqual(['01Row 3: location: Choose an existing location']);
    expect(await page.getByTestId('import-commit').isDisabled()).toBe(true);

    rows[1] = rows[1]!.replace('Nowhere > At all', '');
    await chooseCsv(page, 'items-fixed.csv', [header, ...rows]);
    await page.getByText('No errors found: the file is ready to import.').waitFor();
    await page.getByTestId('import-commit').click();
    await page.getByTestId('import-summary').getByText('Items imported: 2').waitFor();
    expect(page.url()).toMatch(/\/mass-import$/);
    await screenshot(page, 'imports-items-done');

    const items = (await apiAs('operator', 'GET', `/tag-data/tag/?product=BOX-${suffix}`)).body as {
      count: number;
      results: { code: string; status: string; location_name: string }[];
    };
    expect(items.count).toBe(2);
    expect(items.results.map((i) => i.code).sort()).toEqual([epc(1), epc(2)]);
    await context.close();
  });
});
