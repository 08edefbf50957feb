import { describe, expect, it } from 'vitest';
import { TEMPERATURE_TYPE_UUID, encodeEpc } from '@tagtrack/contract';
import {
  apiAs,
  apiFor,
  nid32Product,
  sendTemperatures,
  sensorReader,
  screenshot,
  signIn,
  pastTheRightEdge,
  useBrowser,
  withoutSetupModeBanner,
  type ApiClient,
} from './support.js';

const open = useBrowser();
const RULES = '/sensor-data/observation/rule/';

interface Rule {
  id: string;
  name: string;
  cooldown: number;
  conditions: { name: string; function_parameters: { limit: number } }[];
  actions: { action_type: string; payload: { recipients: string[] } }[];
  products: number[];
}

/**
 * A sensor product and a fixed reader at a location of its own that reports the product's sensor
 * tag: what an event watches and what raises its alerts.
 */
async function sensorWorld(admin: ApiClient) {
  const product = await nid32Product(admin, 'vaccine', { sensor: true });
  const reader = await sensorReader(admin, 'fridge');
  return { product, reader, epc: encodeEpc('NID32', product.sku, '1') };
}

/** Sends one value of the sensor as its reader does. */
function measure(world: Awaited<ReturnType<typeof sensorWorld>>, value: number) {
  return sendTemperatures(world.reader, [{ epc: world.epc, value }]);
}

async function rulesNamed(name: string): Promise<Rule[]> {
  const page = (await apiFor('admin').get(`${RULES}?search=${encodeURIComponent(name)}`)) as { results: Rule[] };
  return page.results.filter((rule) => rule.name === name);
}

describe('events', () => {
  it('an administrator creates an event, sees the alert it raises, edits it and deletes it', async () => {
    const world = await sensorWorld(apiFor('admin'));
    const name = `E2E cold chain ${Math.random().toString(36).slice(2, 7)}`;
    const { context, page } = await open();
    await withoutSetupModeBanner(page);
    await signIn(page, 'admin');
    await page.getByTestId('menu-eventCenter').click();
    await page.waitForURL(/\/event-center\/notifications$/);
    await page.getByTestId('event-center-tab-events').click();
    await page.getByTestId('event-new').click();
    await page.waitForURL(/\/event-center\/event-form$/);
    await page.getByRole('heading', { level: 1, name: 'New Event' }).waitFor();

    await page.getByTestId('event-name-input').fill(name);
    await page.getByTestId('event-high-limit').fill('8');
    await page.getByTestId('event-products').click();
    await page.getByRole('option', { name: world.product.name }).click();
    await page.keyboard.press('Escape');
    await page.getByTestId('event-action-add').click();
    await page.getByTestId('event-action-custom').fill('e2e-cold@example.org');
    await page.getByTestId('event-action-custom').press('Enter');
    await screenshot(page, 'event-form');
    await page.getByTestId('event-form-save').click();

    await page.waitForURL(/\/event-center\/events$/);
    await page.getByText('Event created').waitFor();
    const row = page.getByTestId('event-row').filter({ hasText: name });
    await row.waitFor();
    await screenshot(page, 'event-list');
    const [created] = await rulesNamed(name);
    expect(created).toMatchObject({
      cooldown: 5,
      conditions: [{ name: 'hight_limit', function_parameters: { limit: 8 } }],
      actions: [{ action_type: 'email', payload: { recipients: ['e2e-cold@example.org'] } }],
      products: [world.product.id],
    });

    // A value above the high limit raises an alert, listed under Latest Active Events.
    await measure(world, 9.25);
    await page.getByTestId('event-center-tab-notifications').click();
    const alert = page.getByTestId('notification-row').filter({ hasText: name });
    await alert.waitFor();
    expect(await alert.getByTestId('notification-products').textContent()).toBe(world.product.name);
    expect(await alert.getByTestId('notification-value').textContent()).toBe('9.25 °C');
    expect(await alert.getByTestId('notification-time').textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await screenshot(page, 'event-notifications');

    // Edit: a low limit and a longer cooldown.
    await page.getByTestId('event-center-tab-events').click();
    await row.getByTestId('event-edit').click();
    await page.waitForURL(/\/event-center\/event-form\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { level: 1, name: `Edit Event: ${name}` }).waitFor();
    expect(await page.getByTestId('event-high-limit').inputValue()).toBe('8');
    expect(await page.getByTestId('event-action-custom-chip').textContent()).toBe('e2e-cold@example.org');
    await page.getByTestId('event-low-limit').fill('2');
    await page.getByTestId('event-cooldown').fill('60');
    await screenshot(page, 'event-form-edit');
    await page.getByTestId('event-form-save').click();
    await page.waitForURL(/\/event-center\/events$/);
    await page.getByText('Event updated').waitFor();
    const [edited] = await rulesNamed(name);
    expect(edited).toMatchObject({
      cooldown: 60,
      conditions: [
        { name: 'low_limit', function_parameters: { limit: 2 } },
        { name: 'hight_limit', function_parameters: { limit: 8 } },
      ],
    });

    // Delete, after asking; the alert it raised stays.
    await row.getByTestId('event-delete').click();
    await page.getByTestId('event-delete-dialog-confirm').click();
    await page.getByText('Event deleted').waitFor();
    await expect.poll(() => row.count()).toBe(0);
    expect(await rulesNamed(name)).toEqual([]);
    await page.getByTestId('event-center-tab-notifications').click();
    await alert.waitFor();
    await context.close();
  });

  it('an operator edits events but is offered no New Event; a viewer is offered neither', async () => {
    const world = await sensorWorld(apiFor('admin'));
    const name = `E2E operator ${Math.random().toString(36).slice(2, 7)}`;
    const { body } = await apiAs('admin', 'POST', RULES, {
      name,
      measurement_type: TEMPERATURE_TYPE_UUID,
      conditions: [{ name: 'low_limit', function_name: 'less_than', function_parameters: { limit: 2 } }],
      actions: [],
      products: [world.product.id],
    });
    const id = (body as Rule).id;

    const operator = await open();
    await withoutSetupModeBanner(operator.page);
    await signIn(operator.page, 'operator');
    await operator.page.goto('/event-center/events');
    const row = operator.page.getByTestId('event-row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.getByTestId('event-edit').count()).toBe(1);
    expect(await row.getByTestId('event-delete').count()).toBe(1);
    expect(await operator.page.getByTestId('event-new').count()).toBe(0);
    await screenshot(operator.page, 'event-list-operator');
    // The route table lets an operator open the new-event form; saving is not offered.
    await operator.page.goto('/event-center/event-form');
    await operator.page.getByTestId('event-form-refused').waitFor();
    expect(await operator.page.getByTestId('event-form-save').isDisabled()).toBe(true);
    await operator.context.close();

    const viewer = await open();
    await withoutSetupModeBanner(viewer.page);
    await signIn(viewer.page, 'viewer');
    await viewer.page.goto('/event-center/events');
    await viewer.page.getByTestId('event-row').filter({ hasText: name }).waitFor();
    expect(await viewer.page.getByTestId('event-new').count()).toBe(0);
    expect(await viewer.page.getByTestId('event-edit').count()).toBe(0);
    expect(await viewer.page.getByTestId('event-delete').count()).toBe(0);
    await screenshot(viewer.page, 'event-list-viewer');
    await viewer.context.close();
    await apiAs('admin', 'DELETE', `${RULES}${id}/`);
  });

  it('the demo customer sees the past alerts of its Cold Store event', async () => {
    // The on-premise server's demo data: a day of temperatures with two excursions. (The empty
    // list, 'No notifications yet.', is the page test's: every demo customer has alerts.)
    const { context, page } = await open({ onPremise: true });
    await withoutSetupModeBanner(page);
    await signIn(page, 'viewer');
    await page.goto('/event-center/notifications');
    await page.getByTestId('notification-row').first().waitFor();
    const names = await page.getByTestId('notification-event').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name === 'Cold Store 2–8 °C')).toBe(true);
    expect(await page.getByTestId('notification-products').first().textContent()).toBe('Vaccine box (temperature tag)');
    await screenshot(page, 'event-notifications-demo');
    await context.close();
  });

  it('the event form fits a phone-sized window', async () => {
    const { context, page } = await open();
    await page.setViewportSize({ width: 390, height: 844 });
    await withoutSetupModeBanner(page);
    await signIn(page, 'application');
    await page.goto('/event-center/event-form');
    await page.getByTestId('event-name-input').waitFor();
    await page.getByTestId('event-action-add').click();
    await page.getByTestId('event-action-add').click();
    // Save with nothing filled in: every message shows, and still fits.
    await page.getByTestId('event-form-save').click();
    await page.getByText('Name is required').waitFor();
    await expect.poll(() => pastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'event-form-phone');
    await page.goto('/event-center/notifications');
    await page.getByTestId('notifications-toolbar').waitFor();
    await expect.poll(() => pastTheRightEdge(page), { timeout: 5_000 }).toEqual([]);
    await screenshot(page, 'event-notifications-phone');
    await context.close();
  });
});
