import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeEpc, type Item, type Location } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  for (const [sku, name] of [
    ['1', 'Hammer'],
    ['2', 'Saw'],
  ]) {
    const res = await t.call({
      method: 'POST',
      url: '/master-data/product/',
      token: admin.token,
      payload: { sku, name },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
});
afterAll(() => t.close());

const LOCATIONS = '/configuration/location/';
const epc = (sku: number, serial: number) => encodeEpc('NID32', String(sku), String(serial));

async function location(name: string, parent: string | null = null): Promise<Location> {
  const res = await t.call({ method: 'POST', url: LOCATIONS, token: admin.token, payload: { name, parent } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Location>();
}
async function item(code: string, where: string): Promise<Item> {
  const res = await t.call({
    method: 'POST',
    url: '/tag-data/tag/',
    token: admin.token,
    payload: { code, location: where },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Item>();
}
const counts = async (uuid: string) =>
  (await t.call({ method: 'GET', url: `${LOCATIONS}${uuid}/counts/`, token: viewer.token })).json();
const node = async (uuid: string) =>
  (await t.call({ method: 'GET', url: `${LOCATIONS}${uuid}/`, token: viewer.token })).json<Location>();
const removeItem = (id: number) => t.call({ method: 'DELETE', url: `/tag-data/tag/${id}/`, token: admin.token });

describe('locations holding items', () => {
  let site: Location;
  let hall: Location;
  let bay: Location;
  let bayItems: Item[];

  beforeAll(async () => {
    site = await location('Site');
    hall = await location('Hall', site.uuid);
    bay = await location('Bay', hall.uuid);
    bayItems = [await item(epc(1, 1), bay.uuid), await item(epc(1, 2), bay.uuid), await item(epc(2, 1), bay.uuid)];
    await item(epc(1, 3), hall.uuid);
    await item('ABCD0001', hall.uuid);
    const gone = await item(epc(2, 2), bay.uuid);
    expect((await removeItem(gone.id)).statusCode).toBe(204);
  });

  it('counts items and distinct products per node over its subtree, without removed items', async () => {
    expect(await counts(bay.uuid)).toEqual({ location: bay.uuid, items: 3, products: 2 });
    expect(await counts(hall.uuid)).toEqual({ location: hall.uuid, items: 5, products: 3 });
    expect(await counts(site.uuid)).toEqual({ location: site.uuid, items: 5, products: 3 });
    const tree = (await t.call({ method: 'GET', url: LOCATIONS, token: viewer.token })).json<Location[]>();
    const siteNode = tree.find((r) => r.uuid === site.uuid)!;
    expect(siteNode).toMatchObject({ items: 5, products: 3 });
    expect(siteNode.children[0]).toMatchObject({ uuid: hall.uuid, items: 5, products: 3 });
    expect(siteNode.children[0]!.children[0]).toMatchObject({ uuid: bay.uuid, items: 3, products: 2 });
    const removedRoot = tree.find((r) => r.special === 'removed')!;
    expect(removedRoot.items).toBe(0);
    expect((await node(bay.uuid)).items).toBe(3);
  });

  it('refuses to delete a location that holds items, and allows it once they are gone', async () => {
    const refused = await t.call({ method: 'DELETE', url: `${LOCATIONS}${bay.uuid}/`, token: admin.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      type: 'ValidationError',
      detail: 'A location that holds items cannot be deleted.',
    });
    for (const i of bayItems) expect((await removeItem(i.id)).statusCode).toBe(204);
    expect(await counts(bay.uuid)).toEqual({ location: bay.uuid, items: 0, products: 0 });
    expect((await t.call({ method: 'DELETE', url: `${LOCATIONS}${bay.uuid}/`, token: admin.token })).statusCode).toBe(
      204,
    );
    expect(await counts(hall.uuid)).toEqual({ location: hall.uuid, items: 2, products: 2 });
  });

  it('counts items moved in and out of a location', async () => {
    const dock = await location('Dock', site.uuid);
    const moved = await item(epc(2, 3), hall.uuid);
    expect(await counts(dock.uuid)).toMatchObject({ items: 0, products: 0 });
    const res = await t.call({
      method: 'PATCH',
      url: `/tag-data/tag/${moved.id}/`,
      token: admin.token,
      payload: { location: dock.uuid },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await counts(dock.uuid)).toMatchObject({ items: 1, products: 1 });
    expect(await counts(hall.uuid)).toMatchObject({ items: 2, products: 2 });
    expect(await counts(site.uuid)).toMatchObject({ items: 3, products: 3 });
  });

  it('counts the products again when one leaves as another arrives, every location keeping its numbers', async () => {
    const farm = await location('Farm');
    const yard = await location('Yard', farm.uuid);
    const shed = await location('Shed', farm.uuid);
    const outside = await location('Outside');
    const leaving = await item(epc(1, 20), yard.uuid);
    await item(epc(1, 21), shed.uuid);
    const arriving = await item(epc(2, 20), outside.uuid);
    const tree = async () =>
      (await t.call({ method: 'GET', url: LOCATIONS, token: viewer.token }))
        .json<Location[]>()
        .find((r) => r.uuid === farm.uuid)!;
    expect(await tree()).toMatchObject({ items: 2, products: 1 });
    expect(await tree()).toMatchObject({ items: 2, products: 1 });
    // Both items placed in one change (one transaction).
    const place = async (hammerAt: string, sawAt: string) => {
      const res = await t.call({
        method: 'PATCH',
        url: '/tag-data/tag/',
        token: admin.token,
        payload: [
          { id: leaving.id, location: hammerAt },
          { id: arriving.id, location: sawAt },
        ],
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The yard's hammer goes outside as the saw comes in. Each location still holds one item of
    // one product; the farm now holds two products.
    await place(outside.uuid, yard.uuid);
    expect(await tree()).toMatchObject({ items: 2, products: 2 });
    expect(await counts(outside.uuid)).toMatchObject({ items: 1, products: 1 });
    // And back, read twice.
    await place(yard.uuid, outside.uuid);
    expect(await tree()).toMatchObject({ items: 2, products: 1 });
    expect(await tree()).toMatchObject({ items: 2, products: 1 });
  });
});
