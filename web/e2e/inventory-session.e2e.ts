import { describe, expect, it } from 'vitest';
import { encodeEpc } from '@tagtrack/contract';
import {
  apiFor,
  baseUrl,
  nid32Product,
  readerToken,
  screenshot,
  signIn,
  useBrowser,
  withoutSetupModeBanner,
} from './support.js';

const open = useBrowser();

/** A product of an NID32 category, a new leaf location with two of its items, and a handheld's token. */
async function countableShelf() {
  const admin = apiFor('admin');
  const suffix = Math.random().toString(36).slice(2, 7);
  const { sku } = await nid32Product(admin, 'Crate');
  const shelf = (await admin.post('/configuration/location/', { name: `E2E Shelf ${suffix}`, parent: null })) as {
    uuid: string;
    name: string;
  };
  const [seen, lost] = [encodeEpc('NID32', sku, '1'), encodeEpc('NID32', sku, '2')];
  for (const code of [seen, lost])
    await admin.post('/tag-data/tag/', { code, product__sku: sku, location: shelf.uuid });

  const handheld = (await admin.post('/configuration/reader/', {
    serial_number: `E2E-HH-${suffix}`,
    name: `E2E Handheld ${suffix}`,
    description: '',
    reader_type: 'Handheld',
  })) as { serial: string; secret: string };
  return { admin, shelf, seen, lost, readerToken: await readerToken(handheld.serial, handheld.secret) };
}

describe('inventory sessions', () => {
  it('an operator runs a session over a shelf to confirmation and the unread item is lost', async () => {
    const { admin, shelf, seen, lost, readerToken } = await countableShelf();
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'operator');
    await page.goto('/inventory/inventory-session');
    await page.getByRole('heading', { level: 1, name: 'Inventory sessions' }).waitFor();

    // New session over the shelf, chosen in the tree.
    await page.getByTestId('session-new').click();
    const dialog = page.getByRole('dialog', { name: 'New inventory session' });
    await dialog.getByTestId('session-locations-filter').fill(shelf.name);
    await dialog.getByRole('treeitem', { name: shelf.name, exact: true }).click();
    await expect.poll(() => dialog.getByTestId('session-selected-count').textContent()).toBe('Locations selected: 1');
    await dialog.getByTestId('new-session-create').click();

    // The session page: the hash for the handheld, pending, two expected and none found yet.
    await page.waitForURL(/\/inventory\/inventory-session\/[A-Z2-9]{8}$/);
    const hash = (await page.getByTestId('session-hash').textContent()) ?? '';
    expect(page.url().endsWith(hash)).toBe(true);
    expect(await page.getByTestId('session-status').textContent()).toBe('Pending');
    const count = (key: string) => page.getByTestId(`session-counts-${key}`).getAttribute('data-count');
    expect(await count('expected')).toBe('2');

    // The handheld counts one of the two; the page refreshes while counting.
    const upload = await fetch(new URL(`/reader-api/inventory/sessions/${hash}/reads/`, baseUrl()), {
      method: 'POST',
      headers: { authorization: `Bearer ${readerToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        batch_id: `e2e-${hash}`,
        location: shelf.uuid,
        reads: [{ epc: seen, antenna: 1, time: new Date().toISOString() }],
      }),
    });
    expect(upload.status).toBe(200);
    await expect.poll(() => count('found'), { timeout: 15_000 }).toBe('1');
    expect(await count('missing')).toBe('1');

    // Suspend, then confirm: the question says what will change.
    await page.getByTestId('session-action-triage').click();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('Triage');
    await page.getByTestId('session-action-confirm').click();
    const question = page.getByTestId('session-confirm-dialog');
    await expect
      .poll(() => question.textContent())
      .toContain('1 missing item will be marked lost, and 0 unexpected items will be moved');
    await question.getByTestId('session-confirm-dialog-confirm').click();
    await expect.poll(() => page.getByTestId('session-status').textContent()).toBe('Confirmed');
    expect(await page.getByTestId('session-action-confirm').count()).toBe(0);

    await page.getByTestId('session-items-toggle').click();
    await page.locator(`[data-testid="session-item"][data-epc="${lost}"][data-outcome="missing"]`).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'inventory-session-confirmed');

    // The item no one read is lost now; the one read stays in.
    const status = async (code: string) =>
      (
        (await admin.get(`/tag-data/tag/?search=${code}`)) as { results: { code: string; status: string }[] }
      ).results.find((r) => r.code === code)?.status;
    expect(await status(lost)).toBe('lost');
    expect(await status(seen)).toBe('in');

    // The session is in the history, not among the open ones.
    await page.getByTestId('session-list-button').click();
    await page.getByTestId('session-tab-history').click();
    await page.locator(`[data-testid="session-row"][data-hash="${hash}"]`).waitFor();
    await screenshot(page, 'inventory-session-history');
    await context.close();
  });
});
