import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TEMPERATURE_TYPE_UUID, encodeEpc } from '@tagtrack/contract';
import {
  apiFor,
  chooseLanguage,
  menuKeys,
  nid32Product,
  sendTemperatures,
  sensorReader,
  screenshot,
  signIn,
  useBrowser,
  withoutSetupModeBanner,
  type ApiClient,
} from './support.js';

const open = useBrowser();
const MINUTE = 60_000;

/**
 * Two sensor tags of a new sensor product watched by an event with the limits 2–8 °C, and a fixed
 * reader with a Temperature configuration at a location of its own that reports them.
 */
async function sensorWorld(admin: ApiClient) {
  const product = await nid32Product(admin, 'insulin', { sensor: true });
  const reader = await sensorReader(admin, 'cold room');
  await admin.post('/sensor-data/observation/rule/', {
    name: `${product.name} 2–8`,
    measurement_type: TEMPERATURE_TYPE_UUID,
    conditions: [
      { name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 2 } },
      { name: 'hight_limit', function_name: 'greater_than', function_parameters: { limit: 8 } },
    ],
    actions: [],
    products: [product.id],
  });
  return { product, reader, cool: encodeEpc('NID32', product.sku, '1'), warm: encodeEpc('NID32', product.sku, '2') };
}

/** Sends values as the reader does, each `minutesAgo` before now. */
function measure(
  world: Awaited<ReturnType<typeof sensorWorld>>,
  values: { epc: string; minutesAgo: number; value: number }[],
) {
  const now = Date.now();
  return sendTemperatures(
    world.reader,
    values.map((v) => ({ epc: v.epc, value: v.value, time: new Date(now - v.minutesAgo * MINUTE) })),
  );
}

/** A world with its sensors' values: the cool one within 2–8 °C (latest 4.25), the warm one above (9.5). */
async function reportingWorld() {
  const world = await sensorWorld(apiFor('admin'));
  await measure(world, [
    { epc: world.cool, minutesAgo: 50, value: 4.1 },
    { epc: world.cool, minutesAgo: 30, value: 5.2 },
    { epc: world.warm, minutesAgo: 20, value: 6 },
    { epc: world.cool, minutesAgo: 10, value: 4.25 },
    { epc: world.warm, minutesAgo: 5, value: 9.5 },
  ]);
  return world;
}

/** The dashboard narrowed to a world's sensors by its product's name. */
async function openDashboard(page: Page, productName: string) {
  await page.getByTestId('menu-sensorData').click();
  await page.waitForURL(/\/sensor-dashboard\/$/);
  await page.getByTestId('sensors-search').fill(productName);
  await expect.poll(() => page.getByTestId('sensor-tile').count()).toBe(2);
}

/** Waits until the open chart has drawn its line (the charting library loads with the first chart). */
async function chartDrawn(page: Page) {
  await expect
    .poll(() => page.getByTestId('sensor-chart-plot').locator('svg .MuiLineChart-line').count())
    .toBeGreaterThan(0);
}

const tile = (page: Page, epc: string) => page.locator(`[data-testid="sensor-tile"][data-sensor="${epc}"]`);

/** The fields and buttons of the page's main part that reach past the window's right edge (cut off). */
function pastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main input, main label, main button')]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => element.textContent || element.getAttribute('aria-label') || element.tagName),
  );
}

describe('sensor dashboard', () => {
  it('an administrator sees what readers measured, with status, the chart for 1 h and 24 h, and the sensor’s measurements', async () => {
    const world = await reportingWorld();
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await openDashboard(page, world.product.name);

    const cool = tile(page, world.cool);
    const warm = tile(page, world.warm);
    expect(await cool.getByTestId('sensor-tile-value').textContent()).toBe('4.25 °C');
    expect(await cool.getByTestId('sensor-status').textContent()).toBe('Within limits');
    expect(await cool.getByTestId('sensor-tile-limits').textContent()).toBe('Limits: 2.00 – 8.00 °C');
    expect(await warm.getByTestId('sensor-tile-value').textContent()).toBe('9.50 °C');
    expect(await warm.getByTestId('sensor-status').textContent()).toBe('Outside limits');
    expect(await warm.getByTestId('sensor-tile-location').textContent()).toMatch(/^E2E cold room /);
    await screenshot(page, 'sensor-dashboard');

    // The chart of the day: one point a minute, the limits drawn.
    await cool.getByRole('button').click();
    const chart = page.getByTestId('sensor-chart');
    await expect.poll(() => chart.getAttribute('data-range')).toBe('24h');
    await expect.poll(() => chart.getByTestId('sensor-chart-plot').getAttribute('data-points')).toBe('3');
    await expect.poll(() => chart.locator('svg .MuiLineChart-line').count()).toBeGreaterThan(0);
    await chart.getByText('High limit 8.00 °C').waitFor();
    expect(await chart.getByTestId('sensor-chart-highest').textContent()).toBe('5.20 °C');
    expect(page.url()).toContain(`sensor=${world.cool}`);
    await screenshot(page, 'sensor-chart-24h');

    // The last hour: every value.
    await chart.getByTestId('sensor-range-1h').click();
    await expect.poll(() => chart.getAttribute('data-range')).toBe('1h');
    await expect.poll(() => chart.getByTestId('sensor-chart-plot').getAttribute('data-points')).toBe('3');
    await expect.poll(() => chart.locator('svg .MuiLineChart-line').count()).toBeGreaterThan(0);
    await screenshot(page, 'sensor-chart-1h');

    // The measurement list below has the chosen sensor's values only, newest first.
    const measurements = page.getByTestId('measurements');
    await expect
      .poll(() => measurements.getByTestId('measurement-value').allTextContents())
      .toEqual(['4.25 °C', '5.20 °C', '4.10 °C']);
    expect(new Set(await measurements.getByTestId('measurement-sensor').allTextContents())).toEqual(
      new Set([world.cool]),
    );
    await measurements.getByTestId('measurements-sensor-filter').locator('.MuiChip-deleteIcon').click();
    await expect.poll(() => page.getByTestId('sensor-chart').count()).toBe(0);

    // A reload keeps the view: the search and the chosen sensor are in the URL.
    await warm.getByRole('button').click();
    await page.reload();
    await expect.poll(() => page.getByTestId('sensor-tile').count()).toBe(2);
    await expect.poll(() => page.getByTestId('sensor-chart-epc').textContent()).toBe(world.warm);

    // On a phone the tiles stack and nothing is cut off.
    await page.setViewportSize({ width: 390, height: 844 });
    await chartDrawn(page);
    expect(await pastTheRightEdge(page)).toEqual([]);
    await screenshot(page, 'sensor-dashboard-phone');
    await context.close();
  });

  it('a viewer reads the dashboard, in German too, without any control that writes', async () => {
    const world = await reportingWorld();
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'viewer');
    expect(await menuKeys(page)).toContain('sensorData');
    await openDashboard(page, world.product.name);
    await tile(page, world.warm).getByRole('button').click();
    await page.getByTestId('sensor-chart-plot').waitFor();
    // Nothing here changes data: the only buttons choose, filter, page or close.
    expect(await page.locator('main a[href*="event-form"]').count()).toBe(0);
    expect(await page.getByRole('button', { name: /delete|edit|save|new/i }).count()).toBe(0);

    await chooseLanguage(page, 'Deutsch', 'de');
    try {
      await page.goto(
        `/sensor-dashboard/?search=${encodeURIComponent(world.product.name)}&sensor=${world.warm}&type=${TEMPERATURE_TYPE_UUID}`,
      );
      await page.getByRole('heading', { level: 1, name: 'Sensordaten' }).waitFor();
      await expect.poll(() => tile(page, world.warm).getByTestId('sensor-tile-value').textContent()).toBe('9,50 °C');
      expect(await tile(page, world.warm).getByTestId('sensor-status').textContent()).toBe('Außerhalb der Grenzwerte');
      await chartDrawn(page);
      await screenshot(page, 'sensor-dashboard-de');
    } finally {
      await chooseLanguage(page, 'English', 'en');
    }
    await context.close();
  });

  it('a customer without the sensor extension has no Sensor Data entry, and the dashboard says not authorised', async () => {
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    // The subscription as a customer without the extension has it (the server's refusal of its
    // sensor calls is tested in server/test/sensor-dashboard.test.ts).
    await page.route('**/configuration/instance-subscription/', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { extension: string[] };
      await route.fulfill({ response, json: { ...body, extension: [] } });
    });
    await signIn(page, 'admin');
    const keys = await menuKeys(page);
    expect(keys).not.toContain('sensorData');
    expect(keys).toContain('itemTracking');
    await page.goto('/sensor-dashboard/');
    await page.getByTestId('not-authorised').waitFor();
    await screenshot(page, 'sensor-dashboard-not-authorised');
    await context.close();
  });
});
