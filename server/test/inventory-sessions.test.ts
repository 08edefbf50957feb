import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  VALIDATION_MESSAGES as M,
  type InventorySession,
  type InventorySessionFull,
  type Role,
} from '@tagtrack/contract';
import { items, locations } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildUser, login } from './factories.js';
import { at, nid32, readerCustomer, readerToken } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const SESSIONS = '/process-data/inventory/sessions/';
const read = (epc: string, minute = 1) => ({ epc, antenna: 1, time: at(minute) });

/** A customer with product 100, leaf locations A, B and C, items at each, and a handheld with its token. */
async function world() {
  const own = await readerCustomer(t);
  expect((await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' })).statusCode).toBe(201);
  const [a, b, c] = [await own.location('Aisle A'), await own.location('Aisle B'), await own.location('Aisle C')];
  const codes = { a1: nid32(100, 1), a2: nid32(100, 2), b1: nid32(100, 3), c1: nid32(100, 4) };
  for (const [code, location] of [
    [codes.a1, a],
    [codes.a2, a],
    [codes.b1, b],
    [codes.c1, c],
  ] as const) {
    const res = await own.call('POST', '/tag-data/tag/', { code, product__sku: '100', location });
    expect(res.statusCode, res.body).toBe(201);
  }
  const handheld = await own.reader({ kind: 'Handheld' });
  const readerJwt = await readerToken(t, handheld.serial, handheld.secret);
  const upload = (hash: string, location: string, reads: object[], batch_id: string = randomUUID()) =>
    t.call({
      method: 'POST',
      url: `/reader-api/inventory/sessions/${hash}/reads/`,
      token: readerJwt,
      payload: { batch_id, location, reads },
    });
  const { item, history } = own;
  const create = (uuids: string[]) => own.call('POST', SESSIONS, { locations: uuids });
  const act = (id: number, action: string) => own.call('POST', `${SESSIONS}${id}/${action}/`);
  const full = async (idOrHash: number | string) => {
    const res = await own.call('GET', `${SESSIONS}${idOrHash}/full/`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<InventorySessionFull>();
  };
  return { own, a, b, c, codes, readerJwt, upload, item, history, create, act, full };
}

const place = (view: InventorySessionFull, uuid: string) => view.results.find((r) => r.uuid === uuid)!;

describe('inventory sessions', () => {
  it('runs a count from creation to confirmation and applies it to the items', async () => {
    const w = await world();
    const created = await w.create([w.a, w.b]);
    expect(created.statusCode, created.body).toBe(201);
    const session = created.json<InventorySession>();
    expect(session).toMatchObject({ status: 'pending', read_count: 0, confirmed_at: null });
    expect(session.hash).toMatch(/^[A-Z2-9]{8}$/);
    expect(session.locations.map((l) => l.name)).toEqual(['Aisle A', 'Aisle B']);

    // The handheld sees the session and counts: at A a1, c1 (which is at C) and a tag no item has.
    const listed = await t.call({ method: 'GET', url: '/reader-api/inventory/sessions/', token: w.readerJwt });
    expect(listed.json<{ hash: string }[]>().map((s) => s.hash)).toContain(session.hash);
    const unknown = nid32(100, 99);
    const batch = randomUUID();
    const first = await w.upload(session.hash, w.a, [read(w.codes.a1), read(w.codes.c1), read(unknown)], batch);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ batch_id: batch, accepted: 3, duplicate: false });
    expect((await w.upload(session.hash, w.b, [read(w.codes.b1)])).statusCode).toBe(200);
    // A retry of the same batch, even with another location, changes nothing.
    const retry = await w.upload(session.hash, w.b, [read(w.codes.a1, 5)], batch);
    expect(retry.json()).toEqual({ batch_id: batch, accepted: 3, duplicate: true });

    const open = await w.full(session.hash.toLowerCase());
    expect(open.allowed_actions).toEqual(['triage', 'abandon']);
    expect(open.read_count).toBe(4);
    expect(place(open, w.a)).toMatchObject({ expected: 2, found: 1, missing: 1, unexpected: 2, items_total: 4 });
    expect(place(open, w.a).products).toEqual([
      { product_sku: '100', product_name: 'Hammer', expected: 2, found: 1, missing: 1, unexpected: 1 },
      { product_sku: null, product_name: null, expected: 0, found: 0, missing: 0, unexpected: 1 },
    ]);
    expect(place(open, w.a).items.map((i) => [i.epc, i.outcome])).toEqual([
      [w.codes.a2, 'missing'],
      ...[
        [w.codes.c1, 'unexpected'],
        [unknown, 'unexpected'],
      ].sort(),
      [w.codes.a1, 'found'],
    ]);
    expect(place(open, w.b)).toMatchObject({ expected: 1, found: 1, missing: 0, unexpected: 0 });

    // Illegal transitions are refused with a clear message and change nothing.
    const early = await w.act(session.id, 'confirm');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ type: 'ValidationError', detail: { status: [M.sessionCannotConfirm] } });
    expect((await w.act(session.id, 'reopen')).json().detail).toEqual({ status: [M.sessionCannotReopen] });

    expect((await w.act(session.id, 'triage')).json()).toMatchObject({ status: 'triage' });
    const suspended = await w.upload(session.hash, w.a, [read(w.codes.a2)]);
    expect(suspended.statusCode).toBe(400);
    expect(suspended.json().detail).toEqual({ non_field_errors: [M.sessionNotCounting] });
    // Resume and suspend again: reads are taken while reopened.
    expect((await w.act(session.id, 'reopen')).json()).toMatchObject({ status: 'reopen' });
    expect((await w.act(session.id, 'triage')).json()).toMatchObject({ status: 'triage' });

    const confirmed = await w.act(session.id, 'confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ status: 'confirmed' });
    expect(confirmed.json().confirmed_at).not.toBeNull();

    // Found stays in place and in, missing is lost, unexpected moved here, unknown created here.
    expect(await w.item(w.codes.a1)).toMatchObject({ locationUuid: w.a, status: 'in' });
    expect(await w.item(w.codes.a2)).toMatchObject({ locationUuid: w.a, status: 'lost' });
    expect(await w.item(w.codes.c1)).toMatchObject({ locationUuid: w.a, status: 'in' });
    expect(await w.item(unknown)).toMatchObject({ locationUuid: w.a, status: 'in' });
    expect((await w.history(w.codes.a2)).at(-1)).toMatchObject({ status: 'lost', ledgerType: 'inventory' });
    expect((await w.history(w.codes.c1)).at(-1)).toMatchObject({
      status: 'in',
      ledgerType: 'inventory',
      locationUuid: w.a,
      previousLocationUuid: w.c,
    });
    expect(await w.history(unknown)).toMatchObject([{ ledgerType: 'inventory', previousLocationUuid: null }]);
    expect((await w.history(w.codes.a1)).every((h) => h.ledgerType !== 'inventory')).toBe(true);

    // Confirmed is final, reads are refused and the locations are free again.
    expect((await w.act(session.id, 'abandon')).json().detail).toEqual({ status: [M.sessionCannotAbandon] });
    expect((await w.upload(session.hash, w.a, [read(w.codes.a2)])).statusCode).toBe(400);
    expect((await w.own.call('GET', `${SESSIONS}locations/`)).json()).toEqual({ locations: [] });

    // The record: later deletions of the item and the product do not rewrite it.
    const record = await w.full(session.id);
    expect(record.allowed_actions).toEqual([]);
    const a1 = await w.item(w.codes.a1);
    expect((await w.own.call('DELETE', `/tag-data/tag/${a1!.id}/`)).statusCode).toBeLessThan(300);
    await w.own.call('DELETE', '/master-data/product/100/');
    const later = await w.full(session.id);
    expect(later.results).toEqual(record.results);
    expect(place(later, w.a)).toMatchObject({ expected: 2, found: 1, missing: 1, unexpected: 2 });
    expect(place(later, w.a).items.find((i) => i.epc === w.codes.a1)).toMatchObject({
      product_sku: '100',
      product_name: 'Hammer',
      outcome: 'found',
    });
  });

  it('refuses locations already in an open session, non-leaves and unknown ones; abandon frees them', async () => {
    const w = await world();
    const first = (await w.create([w.a])).json<InventorySession>();
    const taken = await w.create([w.b, w.a]);
    expect(taken.statusCode).toBe(400);
    expect(taken.json().detail).toEqual({ locations: [M.sessionLocationTaken] });
    expect((await w.own.call('GET', `${SESSIONS}locations/`)).json()).toEqual({ locations: [w.a] });

    const parent = await w.own.location('Hall');
    await w.own.tenant.update(locations, { parentUuid: parent }, eq(locations.uuid, w.c));
    expect((await w.create([parent])).json().detail).toEqual({ locations: [M.sessionLocationNotCountable] });
    await w.own.tenant.update(locations, { active: false }, eq(locations.uuid, w.b));
    expect((await w.create([w.b])).json().detail).toEqual({ locations: [M.sessionLocationNotCountable] });
    expect((await w.create([randomUUID()])).json().detail).toEqual({ locations: [M.invalidLocation] });
    expect((await w.create([])).statusCode).toBe(400);
    expect((await w.create(['not-a-uuid'])).statusCode).toBe(400);

    expect((await w.act(first.id, 'abandon')).json()).toMatchObject({ status: 'abandoned' });
    expect((await w.act(first.id, 'abandon')).statusCode).toBe(400);
    expect((await w.create([w.a])).statusCode).toBe(201);
    // An abandoned session changed no item.
    expect(await w.item(w.codes.a2)).toMatchObject({ status: 'in', locationUuid: w.a });
  });

  it('lists sessions by status, newest first', async () => {
    const w = await world();
    const one = (await w.create([w.a])).json<InventorySession>();
    const two = (await w.create([w.b])).json<InventorySession>();
    await w.act(two.id, 'triage');
    const three = (await w.create([w.c])).json<InventorySession>();
    await w.act(three.id, 'abandon');
    const list = async (query: string) => {
      const res = await w.own.call('GET', `${SESSIONS}${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ count: number; results: InventorySession[] }>();
    };
    expect((await list('?status=pending')).results.map((s) => s.id)).toEqual([one.id]);
    const open = await list('?status=pending,triage');
    expect(open.count).toBe(2);
    expect(open.results.map((s) => s.id)).toEqual([two.id, one.id]);
    expect(open.results[0]!.created_by__username).toBe(w.own.admin.username);
    expect((await list('?page_size=1&page=2')).results.map((s) => s.id)).toEqual([two.id]);
    expect((await list('')).count).toBe(3);
    expect((await w.own.call('GET', `${SESSIONS}?status=open`)).statusCode).toBe(400);
  });

  it('takes reads only at the session’s own locations and only for known sessions', async () => {
    const w = await world();
    const session = (await w.create([w.a])).json<InventorySession>();
    const elsewhere = await w.upload(session.hash, w.b, [read(w.codes.b1)]);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().detail).toEqual({ location: [M.sessionLocationNotInSession] });
    expect((await w.upload('NOSUCHHH', w.a, [read(w.codes.a1)])).statusCode).toBe(404);
    expect((await w.upload(session.hash, w.a, [{ epc: 'xyz', antenna: 1, time: at(1) }])).statusCode).toBe(400);
    // A later read of the same EPC at another location wins; an older one does not.
    const both = (await w.create([w.b])).json<InventorySession>();
    expect(both.id).toBeGreaterThan(session.id);
    expect((await w.upload(session.hash, w.a, [read(w.codes.b1, 3)])).statusCode).toBe(200);
    expect((await w.upload(session.hash, w.a, [read(w.codes.b1, 2)])).statusCode).toBe(200);
    const view = await w.full(session.id);
    expect(place(view, w.a).items.find((i) => i.epc === w.codes.b1)?.outcome).toBe('unexpected');
    // Without a reader token the reader side is closed.
    const anonymous = await t.call({
      method: 'POST',
      url: `/reader-api/inventory/sessions/${session.hash}/reads/`,
      payload: { batch_id: 'x', location: w.a, reads: [read(w.codes.a1)] },
    });
    expect(anonymous.statusCode).toBe(401);
    // A user token is not a reader token.
    const asUser = await t.call({
      method: 'POST',
      url: `/reader-api/inventory/sessions/${session.hash}/reads/`,
      token: w.own.token,
      payload: { batch_id: 'x', location: w.a, reads: [read(w.codes.a1)] },
    });
    expect(asUser.statusCode).toBe(401);
  });

  it('refuses reads dated in the year 0, with an offset beyond ±15:59 or more than a day ahead, each with its field', async () => {
    const w = await world();
    const session = (await w.create([w.a])).json<InventorySession>();
    const cases = [
      ['0000-01-01T00:00:00Z', 'invalidDateTime'],
      ['2026-01-01T08:00:00+16:00', 'invalidDateTime'],
      ['9999-12-31T00:00:00Z', 'timeTooFarAhead'],
    ] as const;
    for (const [time, code] of cases) {
      const res = await w.upload(session.hash, w.a, [read(w.codes.a1), { epc: w.codes.a2, antenna: 1, time }]);
      expect(res.statusCode, `${time}: ${res.body}`).toBe(400);
      expect(res.json()).toMatchObject({ type: 'ValidationError', codes: { 'reads.1.time': [{ code }] } });
    }
    expect((await w.full(session.id)).read_count).toBe(0);
  });

  it.each<[Role, number]>([
    ['viewer', 403],
    ['operator', 201],
    ['administrator', 201],
  ])('lets a %s create sessions: %i', async (role, status) => {
    const w = await world();
    const { user } = await buildUser(t.database.privileged, { role, customerName: w.own.customer.name });
    const token = (await login(t, user.username)).access;
    const res = await t.call({ method: 'POST', url: SESSIONS, token, payload: { locations: [w.a] } });
    expect(res.statusCode, res.body).toBe(status);
    const list = await t.call({ method: 'GET', url: `${SESSIONS}?status=pending`, token });
    expect(list.statusCode).toBe(status === 403 ? 403 : 200);
  });

  it('keeps sessions to their customer', async () => {
    const mine = await world();
    const theirs = await world();
    const session = (await mine.create([mine.a])).json<InventorySession>();
    expect((await theirs.own.call('GET', `${SESSIONS}${session.id}/full/`)).statusCode).toBe(404);
    expect((await theirs.own.call('GET', `${SESSIONS}${session.hash}/full/`)).statusCode).toBe(404);
    expect((await theirs.act(session.id, 'triage')).statusCode).toBe(404);
    expect((await theirs.own.call('GET', SESSIONS)).json().results).toEqual([]);
    // Another customer's reader cannot count into it, nor see it.
    expect((await theirs.upload(session.hash, mine.a, [read(mine.codes.a1)])).statusCode).toBe(404);
    const listed = await t.call({ method: 'GET', url: '/reader-api/inventory/sessions/', token: theirs.readerJwt });
    expect(listed.json()).toEqual([]);
    // Their own location is free for their sessions.
    expect((await theirs.create([theirs.a])).statusCode).toBe(201);
    const [row] = await mine.own.tenant.db
      .select()
      .from(items)
      .where(and(eq(items.customerId, mine.own.customer.id), eq(items.code, mine.codes.a1)));
    expect(row?.status).toBe('in');
  });
});
