import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CONFIGURATION_DEFAULTS, encodeEpc } from '@tagtrack/contract';
import { simulate, type SimulatedReader } from '../../server/src/tools/simulator/index.js';
import { apiFor, baseUrl, nid32Product, screenshot, signIn, useBrowser, withoutSetupModeBanner } from './support.js';

const open = useBrowser();

/** Polls run every 5 s on a busy machine: wait for a few of them. */
const NEXT_POLL = { timeout: 30_000, interval: 500 };

/**
 * A product of an NID32 category (so a read of a new EPC creates an item), and a fixed reader
 * with a configuration at each of two new locations.
 */
async function twoDoors() {
  const admin = apiFor('admin');
  const suffix = Math.random().toString(36).slice(2, 7);
  const { sku } = await nid32Product(admin, 'Pallet');

  const door = async (label: string) => {
    const location = (await admin.post('/configuration/location/', {
      name: `E2E ${label} ${suffix}`,
      parent: null,
    })) as { uuid: string; name: string };
    const configuration = (await admin.post('/configuration/reader-configuration/', {
      name: `E2E ${label} conf ${suffix}`,
      description: '',
      location: location.uuid,
      is_template: false,
      reader_type: CONFIGURATION_DEFAULTS.reader_type,
      application: CONFIGURATION_DEFAULTS.application,
      conf_data: {
        ...CONFIGURATION_DEFAULTS.conf_data,
        data_format: 'trace',
        Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
      },
    })) as { id: number };
    const reader = (await admin.post('/configuration/reader/', {
      serial_number: `E2E-${label.replace(/\s+/g, '')}-${suffix}`,
      name: `E2E ${label} reader ${suffix}`,
      description: '',
      reader_type: CONFIGURATION_DEFAULTS.reader_type,
    })) as { uuid: string; serial: string; secret: string };
    await admin.post('/configuration/reader-assignment/', {
      reader_uuid: reader.uuid,
      reader_configuration_ids: [configuration.id],
    });
    return { location, reader: { serial: reader.serial, secret: reader.secret } satisfies SimulatedReader };
  };
  return { epc: encodeEpc('NID32', sku, '1'), a: await door('Door A'), b: await door('Door B') };
}

describe('item tracking', () => {
  it('the simulator moves an item and the tracking page shows it at the next poll', async () => {
    const { epc, a, b } = await twoDoors();
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'operator');
    await page.goto('/');
    await page.getByTestId('items-search').waitFor();

    // Only this EPC (the item does not exist yet), refreshed every 5 s.
    await page.getByTestId('items-search').fill(epc);
    await page.getByTestId('items-polling').locator('xpath=..').getByRole('combobox').click();
    await page.getByTestId('items-polling-5000').click();
    expect(await page.getByTestId('items-polling').inputValue()).toBe('5000');
    const row = page.locator(`[data-testid="item-row"][data-epc="${epc}"]`);
    expect(await row.count()).toBe(0);
    // Set on the page: still there at the end means the rows came by polling, not by a reload.
    await page.evaluate(() => ((window as unknown as { e2eNoReload: boolean }).e2eNoReload = true));

    // Reader A sees a new EPC: the item is created at A and the page shows it.
    const url = baseUrl();
    expect(await simulate({ url, readers: [a.reader], epcs: [epc], once: true })).toMatchObject({
      created: 1,
      refused: 0,
    });
    await expect.poll(() => row.count(), NEXT_POLL).toBe(1);
    expect(await row.getByTestId('item-location').textContent()).toBe(a.location.name);

    // Reader B sees it: it moved to B.
    expect(await simulate({ url, readers: [b.reader], epcs: [epc], once: true })).toMatchObject({
      moved: 1,
      refused: 0,
    });
    await expect.poll(() => row.getByTestId('item-location').textContent(), NEXT_POLL).toBe(b.location.name);
    expect(await page.evaluate(() => (window as unknown as { e2eNoReload?: boolean }).e2eNoReload)).toBe(true);
    await screenshot(page, 'item-tracking');

    // The export holds the list's rows: this EPC.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('items-export').click()]);
    expect(download.suggestedFilename()).toBe('item-tracking.csv');
    expect(await readFile(await download.path(), 'utf8')).toContain(epc);

    // The EPC's history: created at A, then moved to B (newest first).
    await row.getByTestId('item-epc').click();
    await page.waitForURL(new RegExp(`/item-history/${epc}$`));
    await expect.poll(() => page.getByTestId('history-row').count(), NEXT_POLL).toBe(2);
    expect(await page.getByTestId('history-location').allTextContents()).toEqual([b.location.name, a.location.name]);
    expect(await page.getByTestId('history-epc').textContent()).toBe(epc);
    await expect.poll(() => page.getByTestId('history-item-location').textContent()).toContain(b.location.name);
    await screenshot(page, 'item-history');
    await context.close();
  });
});
