import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@tagtrack/contract';
import { customers } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;
let operator: Awaited<ReturnType<typeof signedIn>>;
let outsider: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
  operator = await signedIn(t, 'operator', admin.customerName);
  outsider = await signedIn(t, 'administrator');
});
afterAll(() => t.close());

const BASE = '/configuration/location/';

async function create(body: object, token = admin.token) {
  const res = await t.call({ method: 'POST', url: BASE, token, payload: body });
  return res;
}
async function make(name: string, parent: string | null = null): Promise<Location> {
  const res = await create({ name, parent });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Location>();
}
const tree = async (token = admin.token, query = '') =>
  (await t.call({ method: 'GET', url: `${BASE}${query}`, token })).json<Location[]>();

describe('the location tree', () => {
  it('starts with the special roots Removed and Unassigned', async () => {
    const roots = await tree();
    expect(roots.map((r) => [r.name, r.special])).toEqual([
      ['Removed', 'removed'],
      ['Unassigned', 'unassigned'],
    ]);
    expect(await tree(admin.token, '?role=concrete')).toEqual([]);
  });

  it('creates roots and children and answers them nested, with only_root and search', async () => {
    const site = await make('Oslo site');
    const building = await make('Building A', site.uuid);
    const zone = await make('Zone 1', building.uuid);
    expect(zone).toMatchObject({ name: 'Zone 1', parent: building.uuid, active: true, metadata: {}, children: [] });
    const concrete = await tree(admin.token, '?role=concrete');
    const oslo = concrete.find((r) => r.uuid === site.uuid)!;
    expect(oslo.children.map((c) => c.name)).toEqual(['Building A']);
    expect(oslo.children[0]!.children.map((c) => c.name)).toEqual(['Zone 1']);
    const onlyRoot = await tree(admin.token, '?only_root=true&role=concrete');
    expect(onlyRoot.find((r) => r.uuid === site.uuid)?.children).toEqual([]);
    const searched = await tree(admin.token, '?search=ZONE%201');
    expect(searched).toHaveLength(1);
    expect(searched[0]!.children[0]!.children[0]!.uuid).toBe(zone.uuid);
    const one = await t.call({ method: 'GET', url: `${BASE}${building.uuid}/`, token: viewer.token });
    expect(one.json().children[0].uuid).toBe(zone.uuid);
  });

  it('validates name and metadata with the spec messages', async () => {
    expect((await create({ name: '  ' })).json().detail).toEqual({ name: ['Location name is required'] });
    expect((await create({ name: 'x'.repeat(151) })).json().detail).toEqual({
      name: ['The name may have at most 150 characters'],
    });
    const arrayMeta = await create({ name: 'Meta', metadata: [1, 2] });
    expect(arrayMeta.statusCode).toBe(400);
    expect(arrayMeta.json().detail).toEqual({
      metadata: ['Metadata must be a valid JSON object, e.g. {"key": "value"}'],
    });
    const ok = await create({ name: 'Meta', metadata: { aisle: 4 } });
    expect(ok.json().metadata).toEqual({ aisle: 4 });
    const unknownParent = await create({ name: 'Orphan', parent: '00000000-0000-4000-8000-000000000000' });
    expect(unknownParent.json().detail).toEqual({ parent: ['Choose an existing location'] });
  });

  it('never lets a location move under itself or a descendant', async () => {
    const a = await make('Cycle A');
    const b = await make('Cycle B', a.uuid);
    const c = await make('Cycle C', b.uuid);
    for (const parent of [a.uuid, c.uuid]) {
      const res = await t.call({ method: 'PATCH', url: `${BASE}${a.uuid}/`, token: admin.token, payload: { parent } });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual({
        parent: ['Choose different parent location, location may not be made a child of itself!'],
      });
    }
    const move = await t.call({
      method: 'PATCH',
      url: `${BASE}${c.uuid}/`,
      token: admin.token,
      payload: { parent: a.uuid, name: 'Moved C' },
    });
    expect(move.statusCode).toBe(200);
    expect(move.json()).toMatchObject({ parent: a.uuid, name: 'Moved C' });
  });

  it('locks the special roots', async () => {
    const removed = (await tree()).find((r) => r.special === 'removed')!;
    const message = 'The Removed and Unassigned locations cannot be edited, moved or deleted.';
    const edit = await t.call({
      method: 'PATCH',
      url: `${BASE}${removed.uuid}/`,
      token: admin.token,
      payload: { name: 'Gone' },
    });
    expect(edit.json()).toMatchObject({ type: 'ValidationError', detail: message });
    expect((await t.call({ method: 'DELETE', url: `${BASE}${removed.uuid}/`, token: admin.token })).json().detail).toBe(
      message,
    );
    expect((await create({ name: 'Under removed', parent: removed.uuid })).json().detail).toEqual({
      parent: [message],
    });
    expect(
      (await t.call({ method: 'GET', url: `${BASE}${removed.uuid}/disable/`, token: admin.token })).json().detail,
    ).toBe(message);
  });

  it('activates and deactivates only locations without children, by GET or POST', async () => {
    const parent = await make('Toggle parent');
    const leaf = await make('Toggle leaf', parent.uuid);
    const refused = await t.call({ method: 'GET', url: `${BASE}${parent.uuid}/disable/`, token: admin.token });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('Only a location without children can be activated or deactivated.');
    const off = await t.call({ method: 'GET', url: `${BASE}${leaf.uuid}/disable/`, token: operator.token });
    expect(off.json().active).toBe(false);
    const on = await t.call({ method: 'POST', url: `${BASE}${leaf.uuid}/activate/`, token: admin.token });
    expect(on.json().active).toBe(true);
  });

  it('refuses to delete a root or a location with children, and deletes a leaf', async () => {
    const root = await make('Delete root');
    const mid = await make('Delete mid', root.uuid);
    const leaf = await make('Delete leaf', mid.uuid);
    const del = (uuid: string) => t.call({ method: 'DELETE', url: `${BASE}${uuid}/`, token: admin.token });
    expect((await del(root.uuid)).json()).toMatchObject({
      type: 'ValidationError',
      detail: 'A root location cannot be deleted.',
    });
    expect((await del(mid.uuid)).json().detail).toBe('A location with children cannot be deleted.');
    const counts = await t.call({ method: 'GET', url: `${BASE}${leaf.uuid}/counts/`, token: viewer.token });
    expect(counts.json()).toEqual({ location: leaf.uuid, items: 0, products: 0 });
    expect((await del(leaf.uuid)).statusCode).toBe(204);
    expect((await t.call({ method: 'GET', url: `${BASE}${leaf.uuid}/`, token: admin.token })).statusCode).toBe(404);
    expect((await del(mid.uuid)).statusCode).toBe(204);
  });

  it('counts leaves against the subscription limit and refuses one too many', async () => {
    const own = await signedIn(t, 'administrator');
    await t.database.privileged
      .update(customers)
      .set({ leafLocationLimit: 2 })
      .where(eq(customers.id, own.user.customerId));
    const post = (name: string, parent: string | null = null) =>
      t.call({ method: 'POST', url: BASE, token: own.token, payload: { name, parent } });
    const site = (await post('Site')).json<Location>();
    // A child under a leaf replaces that leaf: still one leaf.
    const hall = (await post('Hall', site.uuid)).json<Location>();
    expect((await post('Dock', site.uuid)).statusCode).toBe(201);
    const remaining = await t.call({ method: 'GET', url: `${BASE}leaf-remaining/`, token: own.token });
    expect(remaining.json()).toEqual({ limit: 2, leaf_locations: 2, leaf_locations_remaining: 0 });
    const refused = await post('Third leaf', site.uuid);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().detail).toBe('No more leaf locations can be added: the subscription limit is reached.');
    // Under an existing leaf the count does not grow, so it is allowed.
    expect((await post('Bay', hall.uuid)).statusCode).toBe(201);
    expect((await tree(own.token, '?role=concrete'))[0]!.children).toHaveLength(2);
  });
});

describe('who may do what', () => {
  it('lets viewers read but not write, and hides other customers', async () => {
    const mine = await make('Private site');
    expect((await create({ name: 'Viewer site' }, viewer.token)).statusCode).toBe(403);
    expect(
      (
        await t.call({ method: 'PATCH', url: `${BASE}${mine.uuid}/`, token: viewer.token, payload: { name: 'x' } })
      ).json().type,
    ).toBe('PermissionDenied');
    expect((await t.call({ method: 'GET', url: `${BASE}${mine.uuid}/disable/`, token: viewer.token })).statusCode).toBe(
      403,
    );
    for (const [method, url] of [
      ['GET', `${BASE}${mine.uuid}/`],
      ['PATCH', `${BASE}${mine.uuid}/`],
      ['DELETE', `${BASE}${mine.uuid}/`],
      ['GET', `${BASE}${mine.uuid}/activate/`],
      ['GET', `${BASE}${mine.uuid}/counts/`],
      ['GET', `${BASE}${mine.uuid}/files/`],
      ['GET', `${BASE}${mine.uuid}/floor_plan/`],
      ['DELETE', `${BASE}${mine.uuid}/floor_plan/`],
    ] as const) {
      const res = await t.call({
        method,
        url,
        token: outsider.token,
        payload: method === 'PATCH' ? { name: 'stolen' } : undefined,
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    expect((await tree(outsider.token, '?role=concrete')).map((r) => r.name)).not.toContain('Private site');
    const moveInto = await t.call({
      method: 'POST',
      url: BASE,
      token: outsider.token,
      payload: { name: 'x', parent: mine.uuid },
    });
    expect(moveInto.json().detail).toEqual({ parent: ['Choose an existing location'] });
  });

  it('answers NotFound for an id that is not a uuid', async () => {
    const res = await t.call({ method: 'GET', url: `${BASE}not-a-uuid/`, token: admin.token });
    expect(res.statusCode).toBe(404);
    expect(res.json().type).toBe('NotFound');
  });
});

describe('CSV export', () => {
  it('streams locations.csv with paths', async () => {
    const site = await make('Export site');
    await make('Export, hall "B"', site.uuid);
    // Names a spreadsheet would run as formulas are written defused, as in every export.
    const formula = await make('=HYPERLINK("http://x")');
    await make('@SUM(1)', formula.uuid);
    const res = await t.call({ method: 'GET', url: `${BASE}export/csv/`, token: viewer.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="locations.csv"; filename*=UTF-8''locations.csv`,
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('path,name,uuid,parent,active,metadata,items,products');
    expect(res.body).toContain('"Export site > Export, hall ""B""","Export, hall ""B""",');
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"")","'=HYPERLINK(""http://x"")",${formula.uuid},`);
    expect(res.body).toContain(`"'=HYPERLINK(""http://x"") > @SUM(1)",'@SUM(1),`);
    expect(res.body).not.toMatch(/(^|,)"?[=@]/m);
  });
});
