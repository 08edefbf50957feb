import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueReaderGateway, SHIPPED_CATALOGUE } from '../src/modules/readers/reader-gateway.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

const KINDS = '/configuration/reader-kind/';
const APPS = '/configuration/reader-application/most_recent/';
const ROUTES = [KINDS, `${KINDS}fetch_updates/`, APPS, `${APPS}fetch_updates/`];

describe('the shipped catalogue', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signedIn(t, 'administrator')).token;
  });
  afterAll(() => t.close());
  const get = (url: string, as = token) => t.call({ method: 'GET', url, token: as });

  it('lists the reader types with stable ids and what the configuration form needs', async () => {
    const res = await get(KINDS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      count: 5,
      results: [
        { id: 1, name: 'FR22', disabled: false, ui_configuration: { antenna: 4, max_power: 100, bfa: false } },
        { id: 2, name: 'FR22-EXT', disabled: false, ui_configuration: { antenna: 4, max_power: 100, bfa: false } },
        { id: 3, name: 'Sampo S3', disabled: false, ui_configuration: { antenna: 32, max_power: 80, bfa: true } },
        { id: 4, name: 'IRX200', disabled: false, ui_configuration: { antenna: 2, max_power: 60, bfa: false } },
        { id: 5, name: 'Handheld', disabled: false, ui_configuration: { antenna: 1, max_power: 100, bfa: false } },
      ],
    });
  });

  it('lists the reader apps, the handheld app among them', async () => {
    const res = await get(APPS);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().count).toBe(4);
    expect(res.json().results.map((a: { name: string }) => a.name)).toEqual([
      'BradyReaderApp',
      'GateReaderApp',
      'InventoryReaderApp',
      'Tagtrack App',
    ]);
  });

  it('answers fetch_updates with the spec messages', async () => {
    expect((await get(`${KINDS}fetch_updates/`)).json()).toEqual({ detail: 'New reader type fetching successful.' });
    expect((await get(`${APPS}fetch_updates/`)).json()).toEqual({ detail: 'New reader app fetching successful.' });
    expect((await get(KINDS)).json().count).toBe(5);
  });

  it('is for administrators and application accounts only', async () => {
    const application = await signedIn(t, 'application');
    for (const url of ROUTES) expect((await get(url, application.token)).statusCode, url).toBe(200);
    for (const role of ['operator', 'viewer'] as const) {
      const who = await signedIn(t, role);
      for (const url of ROUTES) {
        const res = await get(url, who.token);
        expect(res.statusCode, `${role} ${url}`).toBe(403);
        expect(res.json().type).toBe('PermissionDenied');
      }
    }
    expect((await t.call({ method: 'GET', url: KINDS })).statusCode).toBe(401);
  });
});

describe('a failing gateway', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'tagtrack-catalogue-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers 502 GatewayError on every catalogue route and on saving a configuration', async () => {
    const t = await buildTestApp({ readerGateway: new CatalogueReaderGateway(path.join(dir, 'missing.json')) });
    try {
      const { token } = await signedIn(t, 'administrator');
      for (const url of ROUTES) {
        const res = await t.call({ method: 'GET', url, token });
        expect(res.statusCode, url).toBe(502);
        expect(res.json()).toMatchObject({ type: 'GatewayError', detail: 'The reader catalogue could not be read.' });
      }
      const save = await t.call({
        method: 'POST',
        url: '/configuration/reader-configuration/',
        token,
        payload: {
          name: 'Template',
          is_template: true,
          reader_type: 'FR22',
          application: 'BradyReaderApp',
          conf_data: {
            time_2_collect: 30,
            FilterLongTimeSeenTimeout: 60,
            product: 'epc',
            Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0 }],
          },
        },
      });
      expect(save.statusCode, save.body).toBe(502);
      expect(save.json().type).toBe('GatewayError');
    } finally {
      await t.close();
    }
  });

  it('keeps the last good catalogue when an update cannot be read, and takes a good one on the next fetch', async () => {
    const file = path.join(dir, 'catalogue.json');
    copyFileSync(SHIPPED_CATALOGUE, file);
    const t = await buildTestApp({ readerGateway: new CatalogueReaderGateway(file) });
    try {
      const { token } = await signedIn(t, 'administrator');
      const get = (url: string) => t.call({ method: 'GET', url, token });
      expect((await get(KINDS)).json().count).toBe(5);

      writeFileSync(file, '{ not json');
      const failed = await get(`${KINDS}fetch_updates/`);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toMatchObject({ type: 'GatewayError', detail: 'The reader catalogue is not valid JSON.' });
      writeFileSync(file, JSON.stringify({ kinds: [{ id: 1, name: 'FR22' }], apps: [] }));
      expect((await get(`${APPS}fetch_updates/`)).json()).toMatchObject({
        type: 'GatewayError',
        detail: 'The reader catalogue does not list valid reader types and apps.',
      });
      expect((await get(KINDS)).json().count).toBe(5);

      writeFileSync(
        file,
        JSON.stringify({
          kinds: [
            { id: 7, name: 'FR30', disabled: false, ui_configuration: { antenna: 8, max_power: 100, bfa: false } },
          ],
          apps: [{ name: 'BradyReaderApp', version: '3.0.0' }],
        }),
      );
      expect((await get(`${KINDS}fetch_updates/`)).statusCode).toBe(200);
      expect((await get(KINDS)).json().results.map((k: { name: string }) => k.name)).toEqual(['FR30']);
      // Only the kinds were fetched: the apps stay as they were until their own fetch.
      expect((await get(APPS)).json().count).toBe(4);
      expect((await get(`${APPS}fetch_updates/`)).statusCode).toBe(200);
      expect((await get(APPS)).json().results).toEqual([{ name: 'BradyReaderApp', version: '3.0.0' }]);
    } finally {
      await t.close();
    }
  });
});
