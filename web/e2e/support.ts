import { randomUUID } from 'node:crypto';
import { readFile, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { CONFIGURATION_DEFAULTS, TEMPERATURE_TYPE_UUID } from '@tagtrack/contract';
import { E2E_PASSWORD } from './global-setup.js';
import chromiumArgs from '../../scripts/chromium-args.json' with { type: 'json' };

export const PASSWORD = E2E_PASSWORD;
export const baseUrl = () => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: the global setup did not start the server');
  return url;
};

/** The on-premise server (ON_PREMISE=1, its own demo data), started next to the cloud one. */
export const onPremiseUrl = () => {
  const url = process.env.E2E_ONPREM_URL;
  if (!url) throw new Error('E2E_ONPREM_URL is not set: the global setup did not start the on-premise server');
  return url;
};

// The flags the web bench uses too (scripts/lib.mjs).
const CHROMIUM_ARGS: string[] = chromiumArgs;

/**
 * One Chromium per test file; each test opens its own context (fresh storage), on the cloud server
 * or, with `{ onPremise: true }`, on the on-premise one.
 */
export function useBrowser() {
  const state: { browser?: Browser } = {};
  beforeAll(async () => {
    state.browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
  });
  afterAll(async () => {
    await state.browser?.close();
  });
  return async (
    options: { onPremise?: boolean; timezoneId?: string } = {},
  ): Promise<{ context: BrowserContext; page: Page }> => {
    if (!state.browser) throw new Error('browser not started');
    const context = await state.browser.newContext({
      baseURL: options.onPremise ? onPremiseUrl() : baseUrl(),
      viewport: { width: 1366, height: 820 },
      locale: 'en-GB',
      ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    });
    context.setDefaultTimeout(15_000);
    const page = await context.newPage();
    return { context, page };
  };
}

/** Sets the signed-in user's language on the profile page and waits until the page reads it. */
export async function chooseLanguage(page: Page, option: 'Deutsch' | 'English', lang: 'de' | 'en') {
  await page.goto('/profile');
  await page.getByTestId('language-select').click();
  await page.getByRole('option', { name: option }).click();
  await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
}

export async function signIn(page: Page, username: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByTestId('user-menu-button').waitFor();
}

/** The visible side-menu entries, by their test ids (menu-<key>). */
export async function menuKeys(page: Page): Promise<string[]> {
  await page.getByTestId('side-menu').waitFor();
  const ids = await page
    .getByTestId('side-menu')
    .locator('[data-testid^="menu-"]')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-testid') ?? ''));
  return ids.map((id) => id.replace(/^menu-/, ''));
}

/**
 * Answers the setup-mode banner's poll in the browser (no banner): for tests that must not see a
 * background API call (token expiry) or the page move when the banner appears (drawing on a plan).
 * The demo has a reader in setup mode, so the banner shows everywhere otherwise.
 */
export async function withoutSetupModeBanner(page: Page) {
  await page.route('**/configuration/reader/setup-mode/', (route) =>
    route.fulfill({ json: { active: false, readers: 0 } }),
  );
}

/**
 * The inputs, labels and buttons of the page's main area whose right edge lies past the window's
 * (a form that does not fit a phone). Invisible ones are left out (a switch's native input, which
 * MUI lays wider than the switch at opacity 0). Poll it: a section that just opened settles first.
 */
export function pastTheRightEdge(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main input, main label, main button')]
      .filter((element) => getComputedStyle(element).opacity !== '0')
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((element) => element.textContent || element.getAttribute('aria-label') || element.tagName),
  );
}

export async function screenshot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS)
    await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/${name}.png`, fullPage: true });
}

/**
 * Calls the real API as a demo user (to set up what a browser test needs, or to check what it
 * did). Answers the parsed JSON body, or null for an empty one; throws on an error status.
 */
export async function apiAs(
  username: string,
  method: string,
  path: string,
  body?: unknown,
  options: { onPremise?: boolean } = {},
): Promise<{ status: number; body: unknown }> {
  const base = options.onPremise ? onPremiseUrl() : baseUrl();
  const tokenResponse = await fetch(new URL('/api/token/', base), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: PASSWORD }),
  });
  if (!tokenResponse.ok) throw new Error(`sign-in of ${username} failed: ${tokenResponse.status}`);
  const { access } = (await tokenResponse.json()) as { access: string };
  const response = await fetch(new URL(path, base), {
    method,
    headers: {
      authorization: `Bearer ${access}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text}`);
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}

/** A demo user's API for a test's fixtures and checks: each call answers the parsed body (see apiAs). */
export interface ApiClient {
  get: (path: string) => Promise<unknown>;
  post: (path: string, body: unknown) => Promise<unknown>;
  patch: (path: string, body: unknown) => Promise<unknown>;
}

export function apiFor(username: string): ApiClient {
  const call = async (method: string, path: string, body?: unknown) => (await apiAs(username, method, path, body)).body;
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body),
    patch: (path, body) => call('PATCH', path, body),
  };
}

/**
 * A product of a new category on the NID32 encoding, so an EPC of its SKU maps to it (a read of
 * a new EPC creates an item of it); `sensor` makes it a sensor product (metadata sensor_product).
 */
export async function nid32Product(
  admin: ApiClient,
  label: string,
  options: { sensor?: boolean } = {},
): Promise<{ id: number; sku: string; name: string }> {
  const suffix = Math.random().toString(36).slice(2, 7);
  const { encodings } = (await admin.get('/master-data/encoding/')) as {
    encodings: { id: number; method: string; disabled: boolean }[];
  };
  const nid = encodings.find((e) => e.method === 'NID32' && !e.disabled);
  if (!nid) throw new Error('the demo data should have NID32 enabled');
  const category = (await admin.post('/tag-data/category/', {
    name: `E2E ${label} ${suffix}`,
    description: '',
    parent: null,
    encoding: nid.id,
    fields: [],
  })) as { id: number };
  const { sku } = (await admin.post('/master-data/generate-sku/', { encoding: nid.id, category: category.id })) as {
    sku: string;
  };
  const name = `E2E ${label} ${suffix}`;
  const product = (await admin.post('/master-data/product/', {
    sku,
    name,
    category: category.id,
    ...(options.sensor ? { metadata: { sensor_product: 'true' } } : {}),
  })) as { id: number };
  return { id: product.id, sku, name };
}

/** A fixed reader with a Temperature configuration at a location of its own (`label` names them). */
export async function sensorReader(
  admin: ApiClient,
  label: string,
): Promise<{ uuid: string; serial: string; secret: string; location: string }> {
  const suffix = Math.random().toString(36).slice(2, 7);
  const location = `E2E ${label} ${suffix}`;
  const { uuid } = (await admin.post('/configuration/location/', { name: location, parent: null })) as {
    uuid: string;
  };
  const configuration = (await admin.post('/configuration/reader-configuration/', {
    name: `${location} conf`,
    description: '',
    location: uuid,
    is_template: false,
    reader_type: CONFIGURATION_DEFAULTS.reader_type,
    application: CONFIGURATION_DEFAULTS.application,
    sensortype_uuid: TEMPERATURE_TYPE_UUID,
    conf_data: {
      ...CONFIGURATION_DEFAULTS.conf_data,
      Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
    },
  })) as { id: number };
  const reader = (await admin.post('/configuration/reader/', {
    serial_number: `E2E-${label.toUpperCase().replace(/\W+/g, '-')}-${suffix}`,
    name: `${location} reader`,
    description: '',
    reader_type: CONFIGURATION_DEFAULTS.reader_type,
  })) as { uuid: string; serial: string; secret: string };
  await admin.post('/configuration/reader-assignment/', {
    reader_uuid: reader.uuid,
    reader_configuration_ids: [configuration.id],
  });
  return { ...reader, location };
}

/** Sends temperatures as a reader does (POST /reader-api/measurements/), each at its time (default now). */
export async function sendTemperatures(
  reader: { serial: string; secret: string },
  values: { epc: string; value: number; time?: Date }[],
): Promise<void> {
  const token = await readerToken(reader.serial, reader.secret);
  const res = await fetch(new URL('/reader-api/measurements/', baseUrl()), {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      batch_id: randomUUID(),
      measurements: values.map((v) => ({
        epc: v.epc,
        measurement_type: TEMPERATURE_TYPE_UUID,
        value: v.value,
        time: (v.time ?? new Date()).toISOString(),
      })),
    }),
  });
  expect(res.status, await res.text()).toBe(200);
}

/** A reader's access token, signed in with its serial and secret as a reader does. */
export async function readerToken(serial: string, secret: string): Promise<string> {
  const res = await fetch(new URL('/reader-api/token/', baseUrl()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ serial, secret }),
  });
  if (res.status !== 200) throw new Error(`reader sign-in: HTTP ${res.status}`);
  return ((await res.json()) as { access: string }).access;
}

/** A message the mail catcher received (E2E_MAIL_DIR). */
export interface CapturedMail {
  subject: string;
  text: string;
  to: string;
}

const parsedMail = new Map<string, CapturedMail & { received: number }>();

async function readMail(dir: string, name: string): Promise<CapturedMail & { received: number }> {
  const known = parsedMail.get(name);
  if (known) return known;
  const file = join(dir, name);
  const [source, info] = await Promise.all([readFile(file), stat(file)]);
  const parsed = await simpleParser(source);
  const to = (Array.isArray(parsed.to) ? parsed.to : parsed.to ? [parsed.to] : []).map((a) => a.text).join(', ');
  const mail = { subject: parsed.subject ?? '', text: parsed.text ?? '', to, received: info.mtimeMs };
  parsedMail.set(name, mail);
  return mail;
}

/**
 * Waits for a message to `to` (an address, or a pattern on the To header) that arrived at or
 * after `since` (ms since the epoch), the oldest such first. Mail is sent after the server has
 * answered, so it may take a moment.
 */
export async function waitForMail(to: string | RegExp, since = 0, timeoutMs = 15_000): Promise<CapturedMail> {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: the global setup did not start the mail catcher');
  const matches = (address: string) =>
    typeof to === 'string' ? address.toLowerCase().includes(to.toLowerCase()) : to.test(address);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const names = (await readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
    for (const name of names) {
      const mail = await readMail(dir, name);
      if (mail.received >= since && matches(mail.to)) return { subject: mail.subject, text: mail.text, to: mail.to };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${String(to)} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The password reset link in a text (a captured mail, or a body in the Outgoing mail card). */
export function resetLinkIn(text: string): string {
  const match = /https?:\/\/\S+\/forgot-password\/[0-9a-f-]+/i.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[0];
}
