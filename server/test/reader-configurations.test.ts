import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MESSAGE_KEYS,
  VALIDATION_MESSAGES as M,
  type Encoding,
  type Location,
  type Paged,
  type ReaderConfiguration,
} from '@tagtrack/contract';
import { readerAssignments, readers } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { ensureTemplateCopy, findConfigurationsByIds } from '../src/modules/readers/configurations.service.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

type SignedIn = Awaited<ReturnType<typeof signedIn>>;
const BASE = '/configuration/reader-configuration/';
let t: TestApp;
let admin: SignedIn;
let outsider: SignedIn;
let warehouse: Location;
let dock: Location;
let foreignLocation: Location;

async function location(name: string, token = admin.token): Promise<Location> {
  const res = await t.call({ method: 'POST', url: '/configuration/location/', token, payload: { name, parent: null } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Location>();
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  outsider = await signedIn(t, 'administrator');
  warehouse = await location('Warehouse');
  dock = await location('Loading Dock');
  foreignLocation = await location('Elsewhere', outsider.token);
});
afterAll(() => t.close());

const unique = () => randomBytes(4).toString('hex');

/** A valid FR22 configuration body at the warehouse; `over` replaces top-level fields, `conf` conf_data fields. */
function body(over: Record<string, unknown> = {}, conf: Record<string, unknown> = {}) {
  return {
    name: `Config ${unique()}`,
    description: '',
    location: warehouse.uuid,
    reader_type: 'FR22',
    application: 'BradyReaderApp',
    conf_data: {
      RssiFilter: '',
      Channel: 'hop',
      data_format: 'trace|goodsin',
      time_2_collect: 30,
      FilterLongTimeSeenTimeout: 60,
      product: 'epc',
      Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: [] }],
      ...conf,
    },
    ...over,
  };
}

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
  token = admin.token,
) => t.call({ method, url, token, ...(payload ? { payload } : {}) });

async function create(over: Record<string, unknown> = {}, conf: Record<string, unknown> = {}, token = admin.token) {
  const res = await call('POST', BASE, body(over, conf), token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ReaderConfiguration>();
}

async function refused(method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().type).toBe('ValidationError');
  return res.json().detail as Record<string, string[]>;
}

async function list(query = '', token = admin.token) {
  const res = await call('GET', `${BASE}${query}`, undefined, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Paged<ReaderConfiguration>>();
}

/** A reader of the customer running the configurations, inserted directly (the reader routes are another module's). */
async function readerRunning(who: SignedIn, configurationIds: number[], state: 'assigned' | 'uploaded' = 'uploaded') {
  const tenant = new TenantScope(t.database.privileged, who.user.customerId);
  const [reader] = await tenant
    .insert(readers, { serial: `SN${unique()}`, kind: 'FR22', family: 'fx', state })
    .returning();
  await tenant.insertMany(
    readerAssignments,
    configurationIds.map((configurationId) => ({ readerId: reader!.id, configurationId })),
  );
  return {
    state: async () => (await tenant.select(readers, eq(readers.id, reader!.id)))[0]!.state,
  };
}

describe('who may manage configurations', () => {
  it.each(['operator', 'viewer'] as const)('%s gets 403 on every configuration route', async (role) => {
    const config = await create();
    const { token } = await signedIn(t, role, admin.customerName);
    const calls = [
      ['GET', BASE],
      ['POST', BASE, body()],
      ['GET', `${BASE}${config.id}/`],
      ['PUT', `${BASE}${config.id}/`, body()],
      ['PATCH', `${BASE}${config.id}/`, { sensortype_uuid: null }],
      ['DELETE', `${BASE}${config.id}/`],
    ] as const;
    for (const [method, url, payload] of calls) {
      const res = await call(method, url, payload, token);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
    }
  });

  it('lets an application account create, read and list configurations', async () => {
    const { token } = await signedIn(t, 'application', admin.customerName);
    const config = await create({}, {}, token);
    expect((await call('GET', `${BASE}${config.id}/`, undefined, token)).statusCode).toBe(200);
    expect((await list(`?search=${encodeURIComponent(config.name)}`, token)).count).toBe(1);
  });

  it('answers 401 without a token', async () => {
    expect((await t.call({ method: 'GET', url: BASE })).statusCode).toBe(401);
  });
});

describe('saving a configuration', () => {
  it('creates a configuration and answers it with its location name and no readers', async () => {
    const payload = body({ description: ' Gate 1 ' });
    const res = await call('POST', BASE, payload);
    expect(res.statusCode, res.body).toBe(201);
    const config = res.json<ReaderConfiguration>();
    expect(config).toMatchObject({
      id: expect.any(Number),
      name: payload.name,
      description: 'Gate 1',
      customer: admin.user.customerId,
      location: warehouse.uuid,
      location_name: 'Warehouse',
      is_template: false,
      is_ready: true,
      reader_type: 'FR22',
      application: 'BradyReaderApp',
      sensortype_uuid: null,
      reader_count: 0,
    });
    expect(config.conf_data).toMatchObject({ Channel: 'hop', time_2_collect: 30, FilterLongTimeSeenTimeout: 60 });
    expect((await call('GET', `${BASE}${config.id}/`)).json()).toEqual(config);
  });

  it('asks for every required field with the spec messages', async () => {
    const detail = await refused('POST', BASE, { conf_data: { Rfid: [] } });
    expect(detail).toMatchObject({
      name: [M.requiredName],
      reader_type: [M.requiredReaderType],
      application: [M.requiredApplication],
      'conf_data.product': [M.skuRequired],
      'conf_data.time_2_collect': [M.emptyNumberField],
      'conf_data.FilterLongTimeSeenTimeout': [M.emptyNumberField],
      'conf_data.Rfid': [M.requiredAntenna],
    });
    expect(await refused('POST', BASE, body({ location: null }))).toEqual({ location: [M.locationRequired] });
    expect(await refused('POST', BASE, body({}, { Rfid: [{ TxLevel: 0, AntennaMask: 0, Session: 0 }] }))).toEqual({
      'conf_data.Rfid.0.AntennaMask': [M.requiredAntenna],
    });
    expect(await refused('POST', BASE, body({}, { RssiFilter: '80:30' }))).toEqual({
      'conf_data.RssiFilter': [M.rssiFilterInvalid],
    });
    expect(await refused('POST', BASE, body({}, { time_2_collect: 1.55, FilterLongTimeSeenTimeout: 3601 }))).toEqual({
      'conf_data.time_2_collect': [M.sendIntervalRange],
      'conf_data.FilterLongTimeSeenTimeout': [M.tagTimeoutRange],
    });
  });

  it('accepts only reader types and applications of the catalogue', async () => {
    expect(await refused('POST', BASE, body({ reader_type: 'FR99' }))).toEqual({ reader_type: [M.unknownReaderType] });
    expect(await refused('POST', BASE, body({ application: 'NoSuchApp' }))).toEqual({
      application: [M.unknownApplication],
    });
    // The handheld app belongs to Handheld configurations, and only it.
    expect(await refused('POST', BASE, body({ application: 'Tagtrack App' }))).toEqual({
      application: [M.unknownApplication],
    });
    expect(await refused('POST', BASE, body({ reader_type: 'Handheld' }))).toEqual({
      application: [M.handheldAppRequired],
    });
    const handheld = await create({ reader_type: 'Handheld', application: 'Tagtrack App' });
    expect(handheld).toMatchObject({ reader_type: 'Handheld', application: 'Tagtrack App' });
    expect(await create({ application: 'GateReaderApp', reader_type: 'FR22-EXT' })).toMatchObject({
      application: 'GateReaderApp',
    });
  });

  it('keeps names unique within the customer', async () => {
    const a = await create();
    const b = await create();
    expect(await refused('POST', BASE, body({ name: a.name }))).toEqual({ name: [M.fieldMustBeUnique] });
    expect(await refused('PUT', `${BASE}${b.id}/`, body({ name: a.name }))).toEqual({ name: [M.fieldMustBeUnique] });
    // Saving under its own name is fine, and another customer may use the name.
    expect((await call('PUT', `${BASE}${a.id}/`, body({ name: a.name }))).statusCode).toBe(200);
    await create({ name: a.name, location: foreignLocation.uuid }, {}, outsider.token);
  });

  it('refuses antennas the reader type does not have', async () => {
    const rfid = (AntennaMask: number, TxLevel = 0) => ({ Rfid: [{ TxLevel, AntennaMask, Session: 0 }] });
    // FR22 has antennas 1-4: antenna 5 is bit 4.
    expect(await refused('POST', BASE, body({}, rfid(0b10001)))).toEqual({
      'conf_data.Rfid.0.AntennaMask': ['Select only antennas 1 to 4 of this reader type.'],
    });
    await create({}, rfid(0b1111));
    // IRX200 has two.
    expect(await refused('POST', BASE, body({ reader_type: 'IRX200' }, rfid(0b100, 2)))).toEqual({
      'conf_data.Rfid.0.AntennaMask': ['Select only antennas 1 to 2 of this reader type.'],
    });
    await create({ reader_type: 'IRX200' }, rfid(0b11, 2));
    // A beam-forming Sampo S3 has beams 5-28 and external antennas 29-32, no antennas 1-4.
    expect(await refused('POST', BASE, body({ reader_type: 'Sampo S3' }, rfid(0b1, 1)))).toEqual({
      'conf_data.Rfid.0.AntennaMask': ['Select only antennas 5 to 32 of this reader type.'],
    });
    const sampo = await create({ reader_type: 'Sampo S3' }, rfid(2 ** 4 + 2 ** 27 + 2 ** 31, 1));
    expect(sampo.conf_data.Rfid[0]!.AntennaMask).toBe(2 ** 4 + 2 ** 27 + 2 ** 31);
  });

  it('refuses more RF power than the reader type allows', async () => {
    // IRX200 allows 60 %: TxLevel 0 is 100 %, 2 is 60 %.
    expect(
      await refused(
        'POST',
        BASE,
        body({ reader_type: 'IRX200' }, { Rfid: [{ TxLevel: 0, AntennaMask: 1, Session: 0 }] }),
      ),
    ).toEqual({ 'conf_data.Rfid.0.TxLevel': ['This reader type allows at most 60% RF power.'] });
    await create({ reader_type: 'IRX200' }, { Rfid: [{ TxLevel: 2, AntennaMask: 1, Session: 0 }] });
  });

  it('takes locations of the customer only; a template has none', async () => {
    expect(await refused('POST', BASE, body({ location: foreignLocation.uuid }))).toEqual({
      location: [M.invalidLocation],
    });
    expect(await refused('POST', BASE, body({ location: randomUUID() }))).toEqual({ location: [M.invalidLocation] });
    const template = await create({ is_template: true, location: null });
    expect(template).toMatchObject({ is_template: true, location: null, location_name: null });
    const placed = await create({ is_template: true, location: warehouse.uuid });
    expect(placed).toMatchObject({ is_template: true, location: null });
  });
});

describe('the RFID filter', () => {
  it('is filled from the enabled encodings on every save, whatever the client sent', async () => {
    const encodings = async () =>
      (await call('GET', '/master-data/encoding/')).json<{ encodings: Encoding[] }>().encodings;
    const id = (method: string, all: Encoding[]) => all.find((e) => e.method === method)!.id;
    const twoEntries = {
      Rfid: [
        { TxLevel: 0, AntennaMask: 1, Session: 0, RfidFilter: ['E2'] },
        { TxLevel: 1, AntennaMask: 2, Session: 1, RfidFilter: [] },
      ],
    };
    // NID32 and NID64 are enabled, SGTIN-96 is not; LOOKUP adds no prefix.
    const config = await create({}, twoEntries);
    expect(config.conf_data.Rfid.map((r) => r.RfidFilter)).toEqual([
      ['8', 'D'],
      ['8', 'D'],
    ]);

    const all = await encodings();
    const enable = await call('PATCH', `/master-data/encoding/${id('SGTIN96', all)}/`, {
      disabled: false,
      metadata: { companyPrefix: '0614141' },
    });
    expect(enable.statusCode, enable.body).toBe(200);
    const saved = await call('PUT', `${BASE}${config.id}/`, body({ name: config.name }, twoEntries));
    expect(saved.json<ReaderConfiguration>().conf_data.Rfid[0]!.RfidFilter).toEqual(['8', 'D', '30']);

    expect((await call('PATCH', `/master-data/encoding/${id('NID64', all)}/`, { disabled: true })).statusCode).toBe(
      200,
    );
    const again = await call('PUT', `${BASE}${config.id}/`, body({ name: config.name }, twoEntries));
    expect(again.json<ReaderConfiguration>().conf_data.Rfid[1]!.RfidFilter).toEqual(['8', '30']);
    // The stored configuration says the same.
    expect((await call('GET', `${BASE}${config.id}/`)).json().conf_data.Rfid[0].RfidFilter).toEqual(['8', '30']);

    // Back to the defaults for the other tests.
    await call('PATCH', `/master-data/encoding/${id('NID64', all)}/`, { disabled: false });
    await call('PATCH', `/master-data/encoding/${id('SGTIN96', all)}/`, { disabled: true });
  });
});

describe('the configuration list', () => {
  let own: SignedIn;
  let names: string[];
  beforeAll(async () => {
    own = await signedIn(t, 'administrator');
    const hall = await location('Main Hall', own.token);
    const gate = await location('North Gate', own.token);
    const make = (over: Record<string, unknown>) => create({ location: hall.uuid, ...over }, {}, own.token);
    await make({ name: 'Charlie', description: 'by the door' });
    await make({ name: 'alpha', reader_type: 'FR22-EXT' });
    await make({ name: 'Bravo', location: gate.uuid });
    await make({ name: 'Delta template', is_template: true, location: null });
    await make({ name: 'Echo handheld', reader_type: 'Handheld', application: 'Tagtrack App' });
    names = ['alpha', 'Bravo', 'Charlie'];
  });
  const listOwn = (query = '') => list(query, own.token);

  it('lists by name without templates and handheld configurations, paged in SQL', async () => {
    const page = await listOwn();
    expect(page.count).toBe(3);
    expect(page.results.map((c) => c.name)).toEqual(names);
    expect(page.results[2]).toMatchObject({ location_name: 'Main Hall', reader_count: 0 });
    expect((await listOwn('?ordering=-name')).results.map((c) => c.name)).toEqual([...names].reverse());
    expect((await listOwn('?ordering=location_name')).results.map((c) => c.location_name)).toEqual([
      'Main Hall',
      'Main Hall',
      'North Gate',
    ]);
    const second = await listOwn('?page=2&page_size=2');
    expect(second).toMatchObject({ count: 3, results: [{ name: 'Charlie' }] });
    expect((await call('GET', `${BASE}?page_size=0`, undefined, own.token)).statusCode).toBe(400);
  });

  it('lists templates and handheld configurations on request, and filters by reader type', async () => {
    const all = await listOwn('?show_handhelds_and_templates=true');
    expect(all.results.map((c) => c.name)).toEqual([...names, 'Delta template', 'Echo handheld']);
    expect((await listOwn('?show_handhelds_and_templates=true&reader_type=Handheld')).results).toMatchObject([
      { name: 'Echo handheld', location_name: 'Main Hall' },
    ]);
    expect((await listOwn('?reader_type=FR22-EXT')).results.map((c) => c.name)).toEqual(['alpha']);
  });

  it('searches name, description and location name, ignoring case', async () => {
    const found = async (search: string) =>
      (await listOwn(`?search=${encodeURIComponent(search)}`)).results.map((c) => c.name);
    expect(await found('ALPHA')).toEqual(['alpha']);
    expect(await found('door')).toEqual(['Charlie']);
    expect(await found('north')).toEqual(['Bravo']);
    expect(await found('%')).toEqual([]);
  });

  it('never shows another customer its configurations', async () => {
    expect((await list('?show_handhelds_and_templates=true', outsider.token)).results.map((c) => c.name)).not.toContain(
      'Charlie',
    );
  });
});

describe('readers running a configuration', () => {
  it('counts them, sends them back to assigned on an edit and keeps the configuration from being deleted', async () => {
    const config = await create();
    const other = await create();
    const reader = await readerRunning(admin, [config.id]);
    const assigned = (await call('GET', `${BASE}${config.id}/`)).json<ReaderConfiguration>();
    expect(assigned.reader_count).toBe(1);

    // Editing another configuration leaves the reader alone.
    expect((await call('PUT', `${BASE}${other.id}/`, body({ name: other.name }))).statusCode).toBe(200);
    expect(await reader.state()).toBe('uploaded');
    const edited = await call('PUT', `${BASE}${config.id}/`, body({ name: config.name, description: 'new' }));
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ description: 'new', reader_count: 1 });
    expect(await reader.state()).toBe('assigned');
    expect(await refused('PUT', `${BASE}${config.id}/`, body({ name: config.name, reader_type: 'FR22-EXT' }))).toEqual({
      reader_type: [M.configurationTypeLocked],
    });
    expect(
      await refused('PUT', `${BASE}${config.id}/`, body({ name: config.name, is_template: true, location: null })),
    ).toEqual({ is_template: [M.configurationTemplateLocked] });
    // Unassigned, its type may change.
    expect(
      (await call('PUT', `${BASE}${other.id}/`, body({ name: other.name, reader_type: 'FR22-EXT' }))).statusCode,
    ).toBe(200);

    const res = await call('DELETE', `${BASE}${config.id}/`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: 'ValidationError',
      detail: { non_field_errors: ['A configuration assigned to readers cannot be deleted.'] },
    });
    expect((await call('DELETE', `${BASE}${other.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}${other.id}/`)).statusCode).toBe(404);
  });
});

describe('the sensor type', () => {
  const TEMPERATURE = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a01';
  const HUMIDITY = '3f0c5a3e-6d1b-4c1e-9a57-2b8f0e6d4a02';

  it('is set and cleared by PATCH', async () => {
    const config = await create();
    const set = await call('PATCH', `${BASE}${config.id}/`, { sensortype_uuid: TEMPERATURE });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ id: config.id, sensortype_uuid: TEMPERATURE, name: config.name });
    const cleared = await call('PATCH', `${BASE}${config.id}/`, { sensortype_uuid: null });
    expect(cleared.json().sensortype_uuid).toBeNull();
    expect((await call('PATCH', `${BASE}${config.id}/`, { sensortype_uuid: 'nope' })).statusCode).toBe(400);
  });

  it('is saved with the configuration by POST and PUT', async () => {
    const config = await create({ sensortype_uuid: HUMIDITY });
    expect(config.sensortype_uuid).toBe(HUMIDITY);
    const put = await call('PUT', `${BASE}${config.id}/`, body({ name: config.name, sensortype_uuid: TEMPERATURE }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().sensortype_uuid).toBe(TEMPERATURE);
  });

  it('must be a measurement type, on every way of saving it', async () => {
    const config = await create();
    const unknown = randomUUID();
    const answers = [
      await call('POST', BASE, body({ sensortype_uuid: unknown })),
      await call('PUT', `${BASE}${config.id}/`, body({ name: config.name, sensortype_uuid: unknown })),
      await call('PATCH', `${BASE}${config.id}/`, { sensortype_uuid: unknown }),
    ];
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'ValidationError',
        detail: { sensortype_uuid: [M.invalidValue] },
        codes: { sensortype_uuid: [{ code: MESSAGE_KEYS.invalidValue }] },
      });
    }
    expect((await call('GET', `${BASE}${config.id}/`)).json().sensortype_uuid).toBeNull();
  });

  it('is refused to a configuration a reader runs beside another: it would not be the reader’s only one', async () => {
    const [shared, other, alone] = [await create(), await create(), await create()];
    await readerRunning(admin, [shared.id, other.id]);
    await readerRunning(admin, [alone.id]);
    for (const res of [
      await call('PATCH', `${BASE}${shared.id}/`, { sensortype_uuid: TEMPERATURE }),
      await call('PUT', `${BASE}${shared.id}/`, body({ name: shared.name, sensortype_uuid: TEMPERATURE })),
    ]) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().detail).toEqual({ sensortype_uuid: [M.sensorConfigurationAlone] });
    }
    expect((await call('PATCH', `${BASE}${alone.id}/`, { sensortype_uuid: TEMPERATURE })).statusCode).toBe(200);
    // Clearing it is always allowed.
    expect((await call('PATCH', `${BASE}${shared.id}/`, { sensortype_uuid: null })).statusCode).toBe(200);
  });
});

describe("another customer's configuration", () => {
  it('is not found for any route', async () => {
    const foreign = await create({ location: foreignLocation.uuid }, {}, outsider.token);
    const url = `${BASE}${foreign.id}/`;
    for (const [method, payload] of [
      ['GET', undefined],
      ['PUT', body()],
      ['PATCH', { sensortype_uuid: null }],
      ['DELETE', undefined],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode, method).toBe(404);
      expect(res.json().type).toBe('NotFound');
    }
    expect((await call('GET', url, undefined, outsider.token)).statusCode).toBe(200);
  });
});

describe('what reader assignment uses', () => {
  const scope = (who: SignedIn) => new TenantScope(t.database.privileged, who.user.customerId);

  it('findConfigurationsByIds answers the tenant’s configurations with their locations', async () => {
    const a = await create();
    const template = await create({ is_template: true, location: null });
    const foreign = await create({ location: foreignLocation.uuid }, {}, outsider.token);
    const rows = await findConfigurationsByIds(scope(admin), [template.id, a.id, foreign.id, 999_999_999, a.id]);
    expect(rows.map((r) => [r.id, r.locationUuid, r.locationName, r.readerType, r.isTemplate])).toEqual([
      [a.id, warehouse.uuid, 'Warehouse', 'FR22', false],
      [template.id, null, null, 'FR22', true],
    ]);
    expect(await findConfigurationsByIds(scope(admin), [])).toEqual([]);
  });

  it('ensureTemplateCopy makes one copy per template and location, and reuses it', async () => {
    const template = await create(
      { name: `Gate ${unique()}`, is_template: true, location: null, reader_type: 'IRX200' },
      { Rfid: [{ TxLevel: 2, AntennaMask: 3, Session: 2 }] },
    );
    const copy = await ensureTemplateCopy(scope(admin), template.id, dock.uuid);
    expect(copy).toMatchObject({
      name: `${template.name} – Loading Dock`,
      isTemplate: false,
      locationUuid: dock.uuid,
      locationName: 'Loading Dock',
      readerType: 'IRX200',
      application: 'BradyReaderApp',
    });
    expect(copy.confData.Rfid[0]).toEqual({ TxLevel: 2, AntennaMask: 3, Session: 2, RfidFilter: ['8', 'D'] });
    expect((await ensureTemplateCopy(scope(admin), template.id, dock.uuid)).id).toBe(copy.id);
    const elsewhere = await ensureTemplateCopy(scope(admin), template.id, warehouse.uuid);
    expect(elsewhere.id).not.toBe(copy.id);

    // A name taken by an unrelated configuration gets a numbered copy.
    const squatter = await create({ name: `${template.name} – Warehouse X`, location: dock.uuid });
    expect(squatter.id).toBeGreaterThan(0);
    const other = await create({ name: `Other ${unique()}`, is_template: true, location: null });
    await create({ name: `${other.name} – Loading Dock`, location: warehouse.uuid });
    expect((await ensureTemplateCopy(scope(admin), other.id, dock.uuid)).name).toBe(`${other.name} – Loading Dock (2)`);

    // Deleting the template leaves its copies.
    expect((await call('DELETE', `${BASE}${template.id}/`)).statusCode).toBe(204);
    expect((await call('GET', `${BASE}${copy.id}/`)).statusCode).toBe(200);
  });

  it('ensureTemplateCopy refuses what is not the tenant’s template or location', async () => {
    const plain = await create();
    const template = await create({ is_template: true, location: null });
    const foreignTemplate = await create({ is_template: true, location: null }, {}, outsider.token);
    await expect(ensureTemplateCopy(scope(admin), plain.id, dock.uuid)).rejects.toMatchObject({
      type: 'ValidationError',
      detail: { configuration: [MESSAGE_KEYS.configurationRequired] },
    });
    await expect(ensureTemplateCopy(scope(admin), foreignTemplate.id, dock.uuid)).rejects.toMatchObject({
      detail: { configuration: [MESSAGE_KEYS.configurationRequired] },
    });
    await expect(ensureTemplateCopy(scope(admin), template.id, foreignLocation.uuid)).rejects.toMatchObject({
      detail: { location: [MESSAGE_KEYS.invalidLocation] },
    });
  });
});
