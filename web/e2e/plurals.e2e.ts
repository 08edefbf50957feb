import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { encodeEpc } from '@tagtrack/contract';
import { apiAs, apiFor, nid32Product, PASSWORD, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();

/**
 * Two new root locations, one holding one item and one holding two (of one product), and a user
 * whose profile language is Polish.
 */
async function fixtures() {
  const admin = apiFor('admin');
  const suffix = Math.random().toString(36).slice(2, 7);
  const { sku } = await nid32Product(admin, 'Plural');
  const place = async (label: string, items: number) => {
    const name = `E2E Plural ${label} ${suffix}`;
    const { uuid } = (await admin.post('/configuration/location/', { name, parent: null })) as { uuid: string };
    for (let i = 0; i < items; i++) {
      await admin.post('/tag-data/tag/', {
        code: encodeEpc('NID32', sku, `${label === 'One' ? 1 : 2}${i}`),
        location: uuid,
      });
    }
    return name;
  };
  const polish = `e2e_pl_${suffix}`;
  await apiAs('admin', 'POST', '/accounts/users/', {
    username: polish,
    email: `${polish}@example.com`,
    roles: ['administrator'],
    language: 'pl',
    password: PASSWORD,
  });
  return { suffix, one: await place('One', 1), two: await place('Two', 2), polish };
}

const node = (page: Page, name: string) =>
  page
    .getByTestId('location-node')
    .filter({ has: page.getByTestId('location-node-name').getByText(name, { exact: true }) });

/** The counts of a location in the tree, narrowed by a search for the fixtures' suffix. */
async function treeCounts(page: Page, suffix: string, names: string[]) {
  await page.goto('/location');
  await page.getByTestId('location-search').fill(suffix);
  const counts: string[] = [];
  for (const name of names) {
    const counted = node(page, name).getByTestId('location-node-counts').first();
    await counted.waitFor();
    counts.push((await counted.textContent()) ?? '');
  }
  return counts;
}

/** The names of the tree's system roots (Removed and Unassigned), sorted. */
async function systemRoots(page: Page) {
  await page.goto('/location');
  const roots = page.locator('[data-testid="location-node"][data-special]');
  await expect.poll(() => roots.count()).toBe(2);
  return (await roots.getByTestId('location-node-name').allTextContents()).sort();
}

/** The antenna help of a new fixed configuration (FR22, four antennas) and of a handheld one (one antenna). */
async function antennaHelp(page: Page) {
  const help = page.locator('.MuiCardHeader-subheader').filter({ hasText: /\d/ }).first();
  await page.goto('/readers/configuration/add-configuration');
  await page.getByTestId('antenna-1').waitFor();
  const fr22 = (await help.textContent()) ?? '';
  const port = (await page.getByTestId('antenna-grid').locator('label').first().textContent()) ?? '';
  await page.goto('/readers/configuration/handheld-reader');
  await page.getByTestId('antenna-1').waitFor();
  await expect.poll(() => page.getByTestId('antenna-grid').locator('label').count()).toBe(1);
  return { fr22, port, handheld: (await help.textContent()) ?? '' };
}

/** MUI's own texts on the Item Tracking list: the pager and the product filter's open button. */
async function muiTexts(page: Page) {
  await page.goto('/');
  const pager = page.getByTestId('items-pager');
  await pager.waitFor();
  const indicator = page.locator('.MuiAutocomplete-root', { has: page.getByTestId('product-filter') });
  return {
    rowsPerPage: (await pager.locator('.MuiTablePagination-selectLabel').textContent()) ?? '',
    next: (await pager.locator('button').last().getAttribute('aria-label')) ?? '',
    open: (await indicator.locator('.MuiAutocomplete-popupIndicator').getAttribute('aria-label')) ?? '',
  };
}

describe('every language, properly', () => {
  let data: Awaited<ReturnType<typeof fixtures>>;
  beforeAll(async () => {
    data = await fixtures();
  });

  it('English: counts in the singular and the plural, the system roots, the antenna help and MUI’s texts', async () => {
    const { context, page } = await open();
    await signIn(page, 'admin');
    expect(await treeCounts(page, data.suffix, [data.one, data.two])).toEqual([
      '(1 item / 1 product)',
      '(2 items / 1 product)',
    ]);
    await screenshot(page, 'plurals-tree-en');
    expect(await systemRoots(page)).toEqual(['Removed', 'Unassigned']);
    expect(await antennaHelp(page)).toEqual({
      fr22: 'This reader type has 4 antennas: choose the ones to read with.',
      port: '1 Internal',
      handheld: 'This reader type has 1 antenna: choose whether to read with it.',
    });
    expect(await muiTexts(page)).toEqual({ rowsPerPage: 'Rows per page', next: 'Next page', open: 'Open' });
    await context.close();
  });

  it('Polish: the same screens in Polish plural forms (one, few), with translated system names and MUI texts', async () => {
    const { context, page } = await open();
    await signIn(page, data.polish);
    await expect.poll(() => page.locator('html').getAttribute('lang')).toBe('pl');
    expect(await treeCounts(page, data.suffix, [data.one, data.two])).toEqual([
      '(1 artykuł / 1 produkt)',
      '(2 artykuły / 1 produkt)',
    ]);
    await screenshot(page, 'plurals-tree-pl');
    expect(await systemRoots(page)).toEqual(['Nieprzypisane', 'Usunięte']);
    expect(await antennaHelp(page)).toEqual({
      fr22: 'Ten typ czytnika ma 4 anteny: wybierz te, którymi ma czytać.',
      port: '1 Wewnętrzna',
      handheld: 'Ten typ czytnika ma 1 antenę: wybierz, czy ma nią czytać.',
    });
    await screenshot(page, 'plurals-configuration-pl');
    expect(await muiTexts(page)).toEqual({ rowsPerPage: 'Wierszy na stronę', next: 'Następna strona', open: 'Otwórz' });
    await screenshot(page, 'plurals-items-pl');
    await context.close();
  });
});
