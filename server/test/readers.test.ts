import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '@tagtrack/contract';
import { readerHeartbeats } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser, login } from './factories.js';
import { READERS, readerCustomer } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const detail = (res: { statusCode: number; json: () => { type: string; detail: unknown } }) => {
  expect(res.statusCode).toBe(400);
  expect(res.json().type).toBe('ValidationError');
  return res.json().detail;
};

describe('who may manage readers', () => {
  it.each(['operator', 'viewer'] as const)(
    '%s gets 403 on every reader route, but reads the setup-mode banner',
    async (role) => {
      const own = await readerCustomer(t);
      const { uuid } = await own.reader();
      const other = (await buildUser(t.database.privileged, { role, customerName: own.customer.name })).user;
      const token = (await login(t, other.username)).access;
      const calls = [
        { method: 'GET', url: READERS },
        { method: 'POST', url: READERS, payload: { serial_number: 'X1', reader_type: 'FR22' } },
        { method: 'GET', url: `${READERS}${uuid}/` },
        { method: 'PATCH', url: `${READERS}${uuid}/`, payload: { name: 'x' } },
        { method: 'DELETE', url: `${READERS}${uuid}/` },
        { method: 'POST', url: `${READERS}${uuid}/reset_setup_time/` },
        { method: 'DELETE', url: `${READERS}${uuid}/heartbeat/clear_heartbeats/` },
        { method: 'POST', url: '/configuration/reader-initialization/', payload: { uuid } },
        {
          method: 'POST',
          url: '/configuration/reader-assignment/',
          payload: { reader_uuid: uuid, reader_configuration_ids: [] },
        },
        {
          method: 'POST',
          url: '/configuration/reader-template-assignment/',
          payload: { reader_uuid: uuid, config_data: [] },
        },
      ] as const;
      for (const call of calls) {
        const res = await t.call({ ...call, token });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(403);
        expect(res.json().type).toBe('PermissionDenied');
      }
      const banner = await t.call({ method: 'GET', url: `${READERS}setup-mode/`, token });
      expect(banner.statusCode).toBe(200);
      expect(banner.json()).toEqual({ active: false, readers: 0 });
    },
  );

  it('lets the application role manage readers', async () => {
    const own = await readerCustomer(t);
    const app = (await buildUser(t.database.privileged, { role: 'application', customerName: own.customer.name })).user;
    const token = (await login(t, app.username)).access;
    expect((await t.call({ method: 'GET', url: READERS, token })).statusCode).toBe(200);
  });
});

describe('creating readers', () => {
  it('creates an unassigned fixed reader and answers its credentials once', async () => {
    const own = await readerCustomer(t);
    const res = await own.call('POST', READERS, {
      serial_number: ' FX-1001 ',
      name: 'Dock door 1',
      description: 'North',
      reader_type: 'FR22',
    });
    expect(res.statusCode).toBe(201);
    const creds = res.json();
    expect(creds).toEqual({
      uuid: expect.any(String),
      serial: 'FX-1001',
      secret: expect.stringMatching(/^[\w-]{32}$/),
    });
    const reader = (await own.call('GET', `${READERS}${creds.uuid}/`)).json();
    expect(reader).toMatchObject({
      uuid: creds.uuid,
      serial: 'FX-1001',
      name: 'Dock door 1',
      description: 'North',
      kind: 'FR22',
      reader_family: 'fx',
      state: 'unassigned',
      status: 'normal',
      setup_mode_read: null,
      configurations: [],
      config_data: [],
      heartbeats: [],
      metadata: {},
      last_process_list: null,
    });
    expect(JSON.stringify(reader)).not.toContain(creds.secret);
  });

  it('makes a Handheld reader a handheld (family hh)', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader({ kind: 'Handheld' });
    expect((await own.call('GET', `${READERS}${uuid}/`)).json().reader_family).toBe('hh');
  });

  it('requires the serial without spaces and a known reader type', async () => {
    const own = await readerCustomer(t);
    expect(detail(await own.call('POST', READERS, { reader_type: 'FR22' }))).toEqual({
      serial_number: [M.serailNumberRequired],
    });
    expect(detail(await own.call('POST', READERS, { serial_number: 'A B', reader_type: 'FR22' }))).toEqual({
      serial_number: [M.serailNumberNoSpace],
    });
    expect(detail(await own.call('POST', READERS, { serial_number: 'AB1' }))).toEqual({
      reader_type: [M.requiredReaderType],
    });
    expect(detail(await own.call('POST', READERS, { serial_number: 'AB1', reader_type: 'FR99' }))).toEqual({
      reader_type: [M.invalidValue],
    });
  });

  it('refuses a serial any customer already uses, whatever its case', async () => {
    const a = await readerCustomer(t);
    const b = await readerCustomer(t);
    await a.reader({ serial: 'DUP-77' });
    for (const own of [a, b]) {
      expect(detail(await own.call('POST', READERS, { serial_number: 'dup-77', reader_type: 'FR22' }))).toEqual({
        serial_number: ['The device with the same serial number already exists.'],
      });
    }
  });
});

describe('listing readers', () => {
  it('pages, searches, filters by family and orders (default serial)', async () => {
    const own = await readerCustomer(t);
    await own.reader({ serial: `L-C-${own.customer.id}`, name: 'Gate' });
    await own.reader({ serial: `L-A-${own.customer.id}`, name: 'Dock' });
    await own.reader({ serial: `L-B-${own.customer.id}`, name: 'Pocket', kind: 'Handheld' });
    const list = async (query: string) => (await own.call('GET', `${READERS}${query}`)).json();
    const serials = (body: { results: { serial: string }[] }) => body.results.map((r) => r.serial.slice(0, 3));
    expect(serials(await list(''))).toEqual(['L-A', 'L-B', 'L-C']);
    expect(serials(await list('?ordering=-serial'))).toEqual(['L-C', 'L-B', 'L-A']);
    expect(serials(await list('?ordering=name'))).toEqual(['L-A', 'L-C', 'L-B']);
    expect(serials(await list('?reader_family=fx'))).toEqual(['L-A', 'L-C']);
    expect(serials(await list('?reader_family=hh'))).toEqual(['L-B']);
    // The console's spelling (02 §2: "requested with family=fx").
    expect(serials(await list('?family=fx'))).toEqual(['L-A', 'L-C']);
    expect(serials(await list('?family=hh'))).toEqual(['L-B']);
    expect(serials(await list('?search=pock'))).toEqual(['L-B']);
    const page = await list('?page=2&page_size=2');
    expect(page.count).toBe(3);
    expect(serials(page)).toEqual(['L-C']);
    // At most 100 rows a page.
    expect((await own.call('GET', `${READERS}?page_size=1000`)).statusCode).toBe(200);
  });

  it('shows only the customer’s own readers; another customer’s reader is not found', async () => {
    const a = await readerCustomer(t);
    const b = await readerCustomer(t);
    const { uuid } = await a.reader();
    expect((await b.call('GET', READERS)).json()).toEqual({ count: 0, results: [] });
    for (const [method, url, payload] of [
      ['GET', `${READERS}${uuid}/`],
      ['PATCH', `${READERS}${uuid}/`, { name: 'stolen' }],
      ['DELETE', `${READERS}${uuid}/`],
      ['POST', `${READERS}${uuid}/reset_setup_time/`],
      ['DELETE', `${READERS}${uuid}/heartbeat/clear_heartbeats/`],
      ['POST', '/configuration/reader-initialization/', { uuid }],
      ['POST', '/configuration/reader-assignment/', { reader_uuid: uuid, reader_configuration_ids: [] }],
    ] as const) {
      expect((await b.call(method, url, payload)).statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await b.call('GET', `${READERS}not-a-uuid/`)).statusCode).toBe(404);
    expect((await a.call('GET', `${READERS}${uuid}/`)).json().name).toBe('Reader');
  });
});

describe('editing and deleting readers', () => {
  it('updates serial, name, description and type; the mobile edit names the serial serial', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const res = await own.call('PATCH', `${READERS}${uuid}/`, {
      serial_number: `E-${own.customer.id}`,
      name: 'Renamed',
      description: 'New',
      reader_type: 'IRX200',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      serial: `E-${own.customer.id}`,
      name: 'Renamed',
      description: 'New',
      kind: 'IRX200',
    });
    const hh = await own.reader({ kind: 'Handheld' });
    const mobile = await own.call('PATCH', `${READERS}${hh.uuid}/`, { serial: `M-${own.customer.id}` });
    expect(mobile.json().serial).toBe(`M-${own.customer.id}`);
  });

  it('refuses a taken serial, a handheld type change and a type change while configurations are assigned', async () => {
    const own = await readerCustomer(t);
    const a = await own.reader({ serial: `T-A-${own.customer.id}` });
    const b = await own.reader();
    expect(detail(await own.call('PATCH', `${READERS}${b.uuid}/`, { serial_number: a.serial.toUpperCase() }))).toEqual({
      serial_number: [M.deviceSerialExists],
    });
    const hh = await own.reader({ kind: 'Handheld' });
    expect(detail(await own.call('PATCH', `${READERS}${hh.uuid}/`, { reader_type: 'FR22' }))).toEqual({
      reader_type: [M.handheldTypeFixed],
    });
    expect(detail(await own.call('PATCH', `${READERS}${b.uuid}/`, { reader_type: 'Handheld' }))).toEqual({
      reader_type: [M.handheldTypeFixed],
    });
    const config = await own.configuration();
    expect((await own.assign(b.uuid, [config.id])).statusCode).toBe(200);
    expect(detail(await own.call('PATCH', `${READERS}${b.uuid}/`, { reader_type: 'IRX200' }))).toEqual({
      reader_type: ['The reader type cannot be changed while configurations are assigned.'],
    });
    // The same type is no change.
    expect((await own.call('PATCH', `${READERS}${b.uuid}/`, { reader_type: 'FR22', name: 'ok' })).statusCode).toBe(200);
  });

  it('keeps metadata.ip_address in the cloud unchanged', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const res = await own.call('PATCH', `${READERS}${uuid}/`, { metadata: { ip_address: '10.0.0.9' } });
    expect(res.json().metadata).toEqual({});
  });

  it('deletes a reader with its assignments and heartbeats (204)', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const config = await own.configuration();
    const assigned = (await own.assign(uuid, [config.id])).json();
    await own.tenant.insert(readerHeartbeats, {
      readerId: assigned.id,
      application: 'BradyReaderApp',
      updated: new Date(),
      interval: 60,
      mode: 'normal',
    });
    expect((await own.call('DELETE', `${READERS}${uuid}/`)).statusCode).toBe(204);
    expect((await own.call('GET', `${READERS}${uuid}/`)).statusCode).toBe(404);
    expect(await own.tenant.count(readerHeartbeats)).toBe(0);
  });
});

describe('setup mode', () => {
  it('turns on for an assigned fixed reader, shows in the banner, resets and turns off', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const config = await own.configuration();
    await own.assign(uuid, [config.id]);
    const on = await own.call('PATCH', `${READERS}${uuid}/`, { status: 'setup' });
    expect(on.statusCode).toBe(200);
    expect(on.json().status).toBe('setup');
    const started = Date.parse(on.json().setup_mode_read);
    expect(Date.now() - started).toBeLessThan(5000);
    expect((await own.call('GET', `${READERS}setup-mode/`)).json()).toEqual({ active: true, readers: 1 });
    await new Promise((r) => setTimeout(r, 20));
    const reset = await own.call('POST', `${READERS}${uuid}/reset_setup_time/`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ uuid, setup_mode_read: expect.any(String) });
    expect(Date.parse(reset.json().setup_mode_read)).toBeGreaterThan(started);
    const off = await own.call('PATCH', `${READERS}${uuid}/`, { status: 'normal' });
    expect(off.json()).toMatchObject({ status: 'normal', setup_mode_read: null });
    expect((await own.call('GET', `${READERS}setup-mode/`)).json()).toEqual({ active: false, readers: 0 });
    expect(detail(await own.call('POST', `${READERS}${uuid}/reset_setup_time/`))).toEqual({
      status: [M.setupModeNotActive],
    });
  });

  it('is refused for an unassigned reader and for a handheld', async () => {
    const own = await readerCustomer(t);
    const fx = await own.reader();
    expect(detail(await own.call('PATCH', `${READERS}${fx.uuid}/`, { status: 'setup' }))).toEqual({
      status: [M.setupModeUnavailable],
    });
    const hh = await own.reader({ kind: 'Handheld' });
    await own.assign(hh.uuid, [(await own.configuration({ readerType: 'Handheld' })).id]);
    expect(detail(await own.call('PATCH', `${READERS}${hh.uuid}/`, { status: 'setup' }))).toEqual({
      status: [M.setupModeUnavailable],
    });
  });

  it('ends when the last configuration is removed', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    await own.assign(uuid, [(await own.configuration()).id]);
    await own.call('PATCH', `${READERS}${uuid}/`, { status: 'setup' });
    const res = await own.assign(uuid, []);
    expect(res.json()).toMatchObject({ state: 'unassigned', status: 'normal', setup_mode_read: null });
  });
});

describe('heartbeat data', () => {
  it('lists every application’s heartbeat and clears them', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const id = (await own.call('GET', `${READERS}${uuid}/`)).json().id;
    for (const application of ['BradyReaderApp', 'GateReaderApp']) {
      await own.tenant.insert(readerHeartbeats, {
        readerId: id,
        application,
        updated: new Date(),
        interval: 30,
        mode: 'warn',
        antennas: { '1': 4 },
      });
    }
    const reader = (await own.call('GET', READERS)).json().results[0];
    expect(reader.heartbeats.map((h: { application: string }) => h.application)).toEqual([
      'BradyReaderApp',
      'GateReaderApp',
    ]);
    expect(reader.heartbeats[0]).toMatchObject({ interval: 30, mode: 'warn', antennas: { '1': 4 } });
    expect((await own.call('DELETE', `${READERS}${uuid}/heartbeat/clear_heartbeats/`)).statusCode).toBe(204);
    expect((await own.call('GET', `${READERS}${uuid}/`)).json().heartbeats).toEqual([]);
  });
});

describe('re-initialising', () => {
  it('answers a new secret each time', async () => {
    const own = await readerCustomer(t);
    const created = await own.reader();
    const res = await own.call('POST', '/configuration/reader-initialization/', { uuid: created.uuid });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ uuid: created.uuid, serial: created.serial, secret: expect.any(String) });
    expect(res.json().secret).not.toBe(created.secret);
  });

  it('takes the reader data posted again (02 §4), naming the reader by its serial, and no other customer’s', async () => {
    const own = await readerCustomer(t);
    const created = await own.reader({ serial: `RE-${own.customer.id}`, name: 'Dock gate' });
    const data = {
      serial_number: created.serial.toLowerCase(),
      name: 'Dock gate',
      description: '',
      reader_type: 'FR22',
    };
    const res = await own.call('POST', '/configuration/reader-initialization/', data);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ uuid: created.uuid, serial: created.serial, secret: expect.any(String) });
    // The old secret stopped working, the new one signs in.
    const signIn = (secret: string) =>
      t.call({ method: 'POST', url: '/reader-api/token/', payload: { serial: created.serial, secret } });
    expect((await signIn(created.secret)).statusCode).toBe(401);
    expect((await signIn(res.json<{ secret: string }>().secret)).statusCode).toBe(200);

    const other = await readerCustomer(t);
    expect((await other.call('POST', '/configuration/reader-initialization/', data)).statusCode).toBe(404);
    const neither = await own.call('POST', '/configuration/reader-initialization/', { name: 'Dock gate' });
    expect(neither.statusCode).toBe(400);
    expect(neither.json().detail).toEqual({ uuid: ['This field is required.'] });
  });
});

describe('assigning configurations', () => {
  it('replaces the set, shows configurations and config_data, and empties to unassigned', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const dock = await own.location('Dock A');
    const a = await own.configuration({ name: 'Alpha', location: dock });
    const b = await own.configuration({ name: 'Beta' });
    const first = await own.assign(uuid, [a.id, b.id]);
    expect(first.statusCode).toBe(200);
    expect(first.json().state).toBe('assigned');
    expect(first.json().configurations).toEqual([
      { id: a.id, name: 'Alpha', description: '', reader_type: 'FR22', location: dock, location_name: 'Dock A' },
      expect.objectContaining({ id: b.id, name: 'Beta' }),
    ]);
    expect(first.json().config_data).toEqual([
      { configuration: a.id, location: dock },
      { configuration: b.id, location: b.locationUuid },
    ]);
    const second = (await own.assign(uuid, [b.id])).json();
    expect(second.configurations.map((c: { id: number }) => c.id)).toEqual([b.id]);
    const none = (await own.assign(uuid, [])).json();
    expect(none).toMatchObject({ state: 'unassigned', configurations: [], config_data: [] });
  });

  it('refuses duplicates, unknown ids, templates, other types and another customer’s configurations', async () => {
    const own = await readerCustomer(t);
    const other = await readerCustomer(t);
    const { uuid } = await own.reader();
    const fr22 = await own.configuration();
    const field = (messages: string[]) => ({ reader_configuration_ids: messages });
    expect(detail(await own.assign(uuid, [fr22.id, fr22.id]))).toEqual(field([M.duplicateConfigurationLocation]));
    expect(detail(await own.assign(uuid, [999_999]))).toEqual(field([M.configurationNotFound]));
    const foreign = await other.configuration();
    expect(detail(await own.assign(uuid, [fr22.id, foreign.id]))).toEqual(field([M.configurationNotFound]));
    const template = await own.configuration({ template: true });
    expect(detail(await own.assign(uuid, [template.id]))).toEqual(field([M.configurationIsTemplate]));
    const irx = await own.configuration({ readerType: 'IRX200' });
    expect(detail(await own.assign(uuid, [irx.id]))).toEqual(field([M.configurationReaderTypeMismatch]));
    const handheld = await own.configuration({ readerType: 'Handheld' });
    expect(detail(await own.assign(uuid, [handheld.id]))).toEqual(field([M.configurationReaderTypeMismatch]));
    // Nothing changed.
    expect((await own.call('GET', `${READERS}${uuid}/`)).json()).toMatchObject({
      state: 'unassigned',
      configurations: [],
    });
  });

  it('gives handhelds only Handheld configurations', async () => {
    const own = await readerCustomer(t);
    const hh = await own.reader({ kind: 'Handheld' });
    const fr22 = await own.configuration();
    expect(detail(await own.assign(hh.uuid, [fr22.id]))).toEqual({
      reader_configuration_ids: [M.configurationReaderTypeMismatch],
    });
    const handheld = await own.configuration({ readerType: 'Handheld' });
    expect((await own.assign(hh.uuid, [handheld.id])).json().state).toBe('assigned');
  });

  it('keeps a configuration with a sensor type alone', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const sensor = await own.configuration({ sensor: true });
    const plain = await own.configuration();
    expect(detail(await own.assign(uuid, [sensor.id, plain.id]))).toEqual({
      reader_configuration_ids: [M.sensorConfigurationAlone],
    });
    expect((await own.assign(uuid, [sensor.id])).statusCode).toBe(200);
  });

  it('refuses another customer’s reader', async () => {
    const a = await readerCustomer(t);
    const b = await readerCustomer(t);
    const { uuid } = await a.reader();
    expect((await b.assign(uuid, [(await b.configuration()).id])).statusCode).toBe(404);
  });
});

describe('assigning templates', () => {
  const TEMPLATES = '/configuration/reader-template-assignment/';

  it('copies a template per location, reuses the copy, and adds to the set', async () => {
    const own = await readerCustomer(t);
    const { uuid } = await own.reader();
    const kept = await own.configuration({ name: 'Kept' });
    await own.assign(uuid, [kept.id]);
    const template = await own.configuration({ template: true, name: 'Dock template' });
    const north = await own.location('North');
    const south = await own.location('South');
    const res = await own.call('POST', TEMPLATES, {
      reader_uuid: uuid,
      config_data: [
        { configuration: template.id, location: north },
        { configuration: template.id, location: south },
      ],
    });
    expect(res.statusCode).toBe(200);
    const names = res.json().configurations.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Dock template – North', 'Dock template – South', 'Kept']);
    expect(res.json().state).toBe('assigned');
    const again = await own.call('POST', TEMPLATES, {
      reader_uuid: uuid,
      config_data: [{ configuration: template.id, location: north }],
    });
    expect(again.json().configurations).toHaveLength(3);
    // The template itself stays a template.
    const other = await own.reader();
    const reuse = await own.call('POST', TEMPLATES, {
      reader_uuid: other.uuid,
      config_data: [{ configuration: template.id, location: north }],
    });
    expect(reuse.json().configurations[0].id).toBe(res.json().configurations[0].id);
  });

  it('refuses a duplicate row, a non-template, an unknown location and another type', async () => {
    const own = await readerCustomer(t);
    const other = await readerCustomer(t);
    const { uuid } = await own.reader();
    const template = await own.configuration({ template: true });
    const dock = await own.location();
    const post = (config_data: object[]) => own.call('POST', TEMPLATES, { reader_uuid: uuid, config_data });
    expect(
      detail(
        await post([
          { configuration: template.id, location: dock },
          { configuration: template.id, location: dock },
        ]),
      ),
    ).toEqual({ config_data: [M.duplicateConfigurationLocation] });
    const plain = await own.configuration();
    expect(detail(await post([{ configuration: plain.id, location: dock }]))).toEqual({
      config_data: [M.configurationNotTemplate],
    });
    expect(detail(await post([{ configuration: template.id, location: await other.location() }]))).toEqual({
      config_data: [M.invalidLocation],
    });
    const irx = await own.configuration({ template: true, readerType: 'IRX200' });
    expect(detail(await post([{ configuration: irx.id, location: dock }]))).toEqual({
      config_data: [M.configurationReaderTypeMismatch],
    });
    const foreign = await other.configuration({ template: true });
    expect(detail(await post([{ configuration: foreign.id, location: dock }]))).toEqual({
      config_data: [M.configurationNotFound],
    });
    expect(detail(await post([{ location: dock }]))).toEqual({
      'config_data.0.configuration': [M.configurationRequired],
    });
  });
});
