import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, screenshot, signIn, useBrowser } from './support.js';

const open = useBrowser();
const LIST = '/readers/configuration';

async function chooseReaderType(page: Page, name: string) {
  await page.getByRole('combobox', { name: 'Reader type' }).click();
  await page.getByRole('option', { name, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** The first location the picker lets a configuration be placed at. */
async function pickLocation(page: Page): Promise<string> {
  const node = page.locator('[data-testid="configuration-location-picker-node"][aria-disabled="false"]').first();
  await node.waitFor();
  const name = (await node.textContent())?.trim() ?? '';
  await node.click();
  return name;
}

describe('reader configurations', () => {
  it('an administrator builds a Sampo S3 configuration with the beam picker and the power slider, finds it in the list and edits it', async () => {
    const { context, page } = await open();
    const name = `E2E Sampo ${Math.random().toString(36).slice(2, 7)}`;
    await signIn(page, 'admin');
    await page.goto(LIST);
    await page.getByTestId('configuration-table').waitFor();
    await page.getByTestId('add-configuration').click();
    await page.getByRole('heading', { level: 1, name: 'Add Configuration' }).waitFor();
    // Save waits for a valid form.
    expect(await page.getByTestId('configuration-submit').isDisabled()).toBe(true);

    // FR22: four antennas with their port names, then a beam-forming type clears them.
    await page.getByTestId('antenna-1').check();
    await page.getByText('4 AUX3').waitFor();
    await screenshot(page, 'reader-configuration-fr22');
    await chooseReaderType(page, 'Sampo S3');
    await page.getByTestId('beam-picker').waitFor();
    await page.getByTestId('configuration-name-input').fill(name);
    await page.getByTestId('configuration-description').fill('Dock door portal');
    for (const beam of [5, 13, 21, 29]) await page.getByTestId(`beam-${beam}`).click();
    // Keyboard: focus a beam and press Space.
    await page.getByTestId('beam-17').focus();
    await page.keyboard.press('Space');
    expect(await page.getByTestId('beam-17').getAttribute('aria-checked')).toBe('true');
    await page.getByTestId('antenna-count').getByText('Antennas selected: 5').waitFor();

    // Power: Sampo S3 transmits at most 80 %; one step down is 60 %.
    const slider = page.getByTestId('tx-power-input');
    expect(await slider.getAttribute('aria-valuemax')).toBe('80');
    await slider.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => slider.getAttribute('aria-valuenow')).toBe('60');

    const location = await pickLocation(page);
    await page.getByTestId('configuration-advanced-toggle').click();
    await page.getByTestId('channel-mid').check();
    await page.getByTestId('configuration-tag-timeout').fill('20');
    await page
      .getByText('Warning! A value greater than 0 and lower than 30 seconds might not provide the expected results')
      .waitFor();
    await screenshot(page, 'reader-configuration-sampo');
    await page.getByTestId('configuration-submit').click();
    await page.getByText('Created a new configuration', { exact: true }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe(LIST);

    // Listed with its type, app and location.
    await page.getByTestId('configuration-search').fill(name);
    const row = page.getByTestId('configuration-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByTestId('configuration-type').textContent()).toBe('Sampo S3');
    expect(await row.getByTestId('configuration-app').textContent()).toBe('Fixed Reader - Common');
    expect(await row.getByTestId('configuration-location').textContent()).toBe(location);
    await screenshot(page, 'reader-configurations-list');

    // The server holds the device values: TxLevel 2 for 60 %, the beams as a mask.
    const listed = await apiAs(
      'admin',
      'GET',
      `/configuration/reader-configuration/?search=${encodeURIComponent(name)}`,
    );
    const page1 = listed.body as {
      results: {
        id: number;
        conf_data: {
          Channel: string;
          FilterLongTimeSeenTimeout: number;
          Rfid: { TxLevel: number; AntennaMask: number }[];
        };
      }[];
    };
    const saved = page1.results[0]!;
    expect(saved.conf_data.Rfid[0]).toMatchObject({
      TxLevel: 2,
      AntennaMask: 2 ** 4 + 2 ** 12 + 2 ** 16 + 2 ** 20 + 2 ** 28,
    });
    expect(saved.conf_data).toMatchObject({ Channel: 'mid', FilterLongTimeSeenTimeout: 20 });

    // Edit: the form loads the beams and the power back, a beam less and full allowed power.
    await row.getByTestId('configuration-actions').click();
    await page.getByTestId('configuration-menu-edit').click();
    await page.getByRole('heading', { level: 1, name: `Edit Configuration: ${name}` }).waitFor();
    expect(await page.getByTestId('beam-21').getAttribute('aria-checked')).toBe('true');
    expect(await page.getByTestId('tx-power-input').getAttribute('aria-valuenow')).toBe('60');
    await page.getByTestId('beam-21').click();
    await page.getByTestId('tx-power-input').focus();
    await page.keyboard.press('End');
    await page.getByTestId('configuration-submit').click();
    await page.getByText('Configuration updated', { exact: true }).waitFor();
    const edited = (await apiAs('admin', 'GET', `/configuration/reader-configuration/${saved.id}/`)).body as {
      conf_data: { Rfid: { TxLevel: number; AntennaMask: number }[] };
    };
    expect(edited.conf_data.Rfid[0]).toMatchObject({ TxLevel: 1, AntennaMask: 2 ** 4 + 2 ** 12 + 2 ** 16 + 2 ** 28 });

    await apiAs('admin', 'DELETE', `/configuration/reader-configuration/${saved.id}/`);
    await context.close();
  });
});
