import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEpc, type Item, type ItemHistory, type Paged } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { specialLocation } from './catalogue-fixtures.js';
import { readerCustomer, readerToken } from './reader-fixtures.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const HISTORY = '/tag-data/tag/history/';
const nid32 = (sku: number, serial: number) => encodeEpc('NID32', String(sku), String(serial));
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute)).toISOString();

/** A customer whose reader created an item at the door; then a person moved it to the shelf and marked it out. */
async function world() {
  const own = await readerCustomer(t);
  expect((await own.call('POST', '/master-data/product/', { sku: '100', name: 'Hammer' })).statusCode).toBe(201);
  const door = await own.configuration({ name: 'Door' });
  const reader = await own.reader({ name: 'Door reader' });
  expect((await own.assign(reader.uuid, [door.id])).statusCode).toBeLessThan(300);
  const token = await readerToken(t, reader.serial, reader.secret);
  const send = async (epc: string, minute: number) => {
    const res = await t.call({
      method: 'POST',
      url: '/reader-api/reads/',
      token,
      payload: { batch_id: randomUUID(), reads: [{ epc, antenna: 1, time: at(minute) }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const epc = nid32(100, 1);
  const other = nid32(100, 2);
  await send(epc, 1);
  await send(other, 2);
  const shelf = await own.location('Shelf');
  const [item] = (await own.call('GET', `/tag-data/tag/?search=${epc}`)).json<Paged<Item>>().results;
  expect((await own.call('PATCH', `/tag-data/tag/${item!.id}/`, { location: shelf })).statusCode).toBe(200);
  expect((await own.call('PATCH', `/tag-data/tag/`, [{ id: item!.id, status: 'out' }])).statusCode).toBe(200);
  const viewer = await signedIn(t, 'viewer', own.customer.name);
  const list = async (query: string, tokenOf = viewer.token) => {
    const res = await t.call({ method: 'GET', url: `${HISTORY}${query}`, token: tokenOf });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Paged<ItemHistory>>();
  };
  return { own, door, reader, epc, other, item: item!, shelf, viewer, list, send };
}

describe('GET /tag-data/tag/history/', () => {
  it('answers an item’s history newest first: the reader’s creation, then the people’s move and status change', async () => {
    const w = await world();
    const page = await w.list(`?tag=${w.epc.toLowerCase()}`);
    expect(page.count).toBe(3);
    const [status, moved, created] = page.results;
    expect(created).toMatchObject({
      epc: w.epc,
      item: w.item.id,
      location: w.door.locationUuid,
      previous_location: null,
      previous_location_name: null,
      status: 'in',
      ledger_type: 'trace',
      reader_id: expect.any(Number),
      reader: { serial: w.reader.serial, name: 'Door reader' },
      configuration: w.door.id,
      happened_at: at(1),
    });
    expect(moved).toMatchObject({
      location: w.shelf,
      location_name: 'Shelf',
      previous_location: w.door.locationUuid,
      status: 'in',
      ledger_type: 'trace',
      reader_id: null,
      reader: null,
      configuration: null,
    });
    expect(status).toMatchObject({ location: w.shelf, previous_location: w.shelf, status: 'out', reader: null });
  });

  it('takes the item id as `item`; a numeric `tag` is an EPC, never an id', async () => {
    const w = await world();
    expect((await w.list(`?item=${w.item.id}`)).count).toBe(3);
    expect((await w.list(`?tag=${w.item.id}`)).count).toBe(0);
  });

  it('filters by location, pages and orders in the database', async () => {
    const w = await world();
    const atShelf = await w.list(`?location=${w.shelf}`);
    expect(atShelf.results.map((r) => r.location)).toEqual([w.shelf, w.shelf]);
    const all = await w.list('?page_size=2');
    expect(all.count).toBe(4);
    expect(all.results).toHaveLength(2);
    const second = await w.list('?page_size=2&page=2');
    expect(second.results.map((r) => r.id)).not.toContain(all.results[0]!.id);
    const oldest = await w.list('?ordering=happened_at&page_size=1');
    expect(oldest.results[0]).toMatchObject({ epc: w.epc, happened_at: at(1) });
    const byStatus = await w.list(`?tag=${w.epc}&ordering=-status`);
    expect(byStatus.results.map((r) => r.status)).toEqual(['out', 'in', 'in']);
    const byLocation = await w.list(`?tag=${w.epc}&ordering=location`);
    expect(byLocation.results.map((r) => r.location_name)).toEqual([expect.stringMatching(/^Dock/), 'Shelf', 'Shelf']);
  });

  it('writes history for deletes and restores', async () => {
    const w = await world();
    const removedRoot = await specialLocation(t, w.own.customer.id, 'removed');
    expect((await w.own.call('DELETE', `/tag-data/tag/${w.item.id}/`)).statusCode).toBe(204);
    expect((await w.own.call('POST', '/tag-data/tag/restore/', { ids: [w.item.id] })).statusCode).toBe(200);
    const [restored, removed] = (await w.list(`?tag=${w.epc}`)).results;
    expect(removed).toMatchObject({ location: removedRoot, previous_location: w.shelf, ledger_type: 'trace' });
    expect(restored).toMatchObject({ location: w.shelf, previous_location: removedRoot });
  });

  it('writes no history for an edit that changes neither location nor status', async () => {
    const w = await world();
    await w.own.call('PATCH', `/tag-data/tag/${w.item.id}/`, { metadata: { name: 'Renamed' }, status: 'out' });
    expect((await w.list(`?tag=${w.epc}`)).count).toBe(3);
  });

  it('shows a deleted reader as null but keeps its id', async () => {
    const w = await world();
    expect((await w.own.call('DELETE', `/configuration/reader/${w.reader.uuid}/`)).statusCode).toBeLessThan(300);
    const created = (await w.list(`?tag=${w.epc}&ordering=happened_at`)).results[0]!;
    expect(created.reader).toBeNull();
    expect(created.reader_id).toEqual(expect.any(Number));
  });

  it('never shows another customer’s history', async () => {
    const w = await world();
    const outsider = await signedIn(t, 'administrator');
    expect(await w.list(`?tag=${w.epc}`, outsider.token)).toEqual({ count: 0, results: [] });
    expect((await w.list('', outsider.token)).count).toBe(0);
    expect((await w.list(`?item=${w.item.id}`, outsider.token)).count).toBe(0);
  });

  it('refuses a bad location and anyone signed out, and clamps a page size above 100', async () => {
    const w = await world();
    const bad = await t.call({ method: 'GET', url: `${HISTORY}?location=nope`, token: w.viewer.token });
    expect(bad.statusCode).toBe(400);
    const big = await t.call({ method: 'GET', url: `${HISTORY}?page_size=1000`, token: w.viewer.token });
    expect(big.statusCode).toBe(200);
    expect((await t.call({ method: 'GET', url: HISTORY })).statusCode).toBe(401);
  });

  it('lets every role read history', async () => {
    const w = await world();
    for (const role of ['administrator', 'operator', 'application', 'viewer'] as const) {
      const user = await signedIn(t, role, w.own.customer.name);
      expect((await w.list(`?tag=${w.epc}`, user.token)).count).toBe(3);
    }
  });
});
