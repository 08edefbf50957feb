import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Location } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';
import { multipart, TINY_PNG } from './multipart.js';

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
let viewer: Awaited<ReturnType<typeof signedIn>>;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signedIn(t, 'administrator');
  viewer = await signedIn(t, 'viewer', admin.customerName);
});
afterAll(() => t.close());

const BASE = '/configuration/location/';

async function make(name: string, parent: string | null = null): Promise<Location> {
  const res = await t.call({ method: 'POST', url: BASE, token: admin.token, payload: { name, parent } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Location>();
}

function upload(
  uuid: string,
  fields: Record<string, string>,
  file?: Parameters<typeof multipart>[1],
  token = admin.token,
) {
  const body = multipart(fields, file);
  return t.call({ method: 'POST', url: `${BASE}${uuid}/files/`, token, ...body });
}

async function storedFiles(): Promise<number> {
  const walk = async (dir: string): Promise<number> => {
    const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
    let n = 0;
    for (const e of entries) n += e.isDirectory() ? await walk(`${dir}/${e.name}`) : 1;
    return n;
  };
  return walk(t.filesDir);
}

describe('location images', () => {
  it('stores a PNG, lists it, serves it with its real type and a no-script policy, and deletes it', async () => {
    const filesBefore = await storedFiles();
    const loc = await make('Image site');
    const res = await upload(
      loc.uuid,
      { name: 'Front door', type: 'other' },
      { filename: 'door.png', contentType: 'image/png', data: TINY_PNG },
    );
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json();
    expect(file).toMatchObject({ name: 'Front door', type: 'other', content_type: 'image/png', size: TINY_PNG.length });
    const list = await t.call({ method: 'GET', url: `${BASE}${loc.uuid}/files/`, token: viewer.token });
    expect(list.json()).toHaveLength(1);
    expect((await t.call({ method: 'GET', url: `${BASE}${loc.uuid}/`, token: viewer.token })).json().image_count).toBe(
      1,
    );
    const got = await t.call({
      method: 'GET',
      url: `${BASE}${loc.uuid}/files/${file.pk}/get_file/`,
      token: viewer.token,
    });
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('image/png');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(got.headers['content-security-policy']).toContain('sandbox');
    expect(got.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(
      (
        await t.call({
          method: 'DELETE',
          url: `${BASE}${loc.uuid}/files/${file.pk}/force_delete/`,
          token: viewer.token,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.call({ method: 'DELETE', url: `${BASE}${loc.uuid}/files/${file.pk}/force_delete/`, token: admin.token }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.call({ method: 'GET', url: `${BASE}${loc.uuid}/files/${file.pk}/get_file/`, token: admin.token }))
        .statusCode,
    ).toBe(404);
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('recognises types by content: a renamed HTML page or PDF is refused', async () => {
    const filesBefore = await storedFiles();
    const loc = await make('Spoof site');
    for (const data of [Buffer.from('<html><script>alert(1)</script></html>'), Buffer.from('%PDF-1.7 ...')]) {
      const res = await upload(loc.uuid, { name: 'fake' }, { filename: 'photo.png', contentType: 'image/png', data });
      expect(res.statusCode).toBe(400);
      expect(res.json().detail).toEqual({ file: ['Only png, jpeg, jpg and svg images can be uploaded.'] });
    }
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('refuses images over 3 MB, and anything over the 10 MB request limit', async () => {
    const filesBefore = await storedFiles();
    const loc = await make('Big site');
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(3_200_001)]);
    const res = await upload(loc.uuid, { name: 'big' }, { filename: 'big.png', contentType: 'image/png', data: big });
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toEqual({ file: ['Failed to upload. The image size should be max 3 MB.'] });
    const huge = Buffer.concat([TINY_PNG, Buffer.alloc(10_485_761)]);
    const res2 = await upload(
      loc.uuid,
      { name: 'huge' },
      { filename: 'huge.png', contentType: 'image/png', data: huge },
    );
    expect(res2.statusCode).toBeGreaterThanOrEqual(400);
    expect(res2.statusCode).toBeLessThan(500);
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('sanitises an SVG carrying script before storing it', async () => {
    const loc = await make('SVG site');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="5" height="5" fill="green"/><foreignObject><div>x</div></foreignObject></svg>',
    );
    const res = await upload(
      loc.uuid,
      { name: 'Plan' },
      { filename: 'plan.svg', contentType: 'image/svg+xml', data: svg },
    );
    expect(res.statusCode, res.body).toBe(201);
    const got = await t.call({
      method: 'GET',
      url: `${BASE}${loc.uuid}/files/${res.json().pk}/get_file/`,
      token: admin.token,
    });
    expect(got.headers['content-type']).toBe('image/svg+xml');
    expect(got.body).toContain('fill="green"');
    expect(got.body).not.toMatch(/script|onload|foreignObject/i);
  });

  it('needs a name and a file, as multipart', async () => {
    const loc = await make('Form site');
    expect(
      (await upload(loc.uuid, { name: '' }, { filename: 'a.png', contentType: 'image/png', data: TINY_PNG })).json()
        .detail,
    ).toEqual({
      name: ['Name is required'],
    });
    expect((await upload(loc.uuid, { name: 'No file' })).json().detail).toEqual({ file: ['A file is required'] });
    const json = await t.call({
      method: 'POST',
      url: `${BASE}${loc.uuid}/files/`,
      token: admin.token,
      payload: { name: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().type).toBe('UnsupportedMediaType');
    expect(
      (
        await upload(
          loc.uuid,
          { name: 'x' },
          { filename: 'a.png', contentType: 'image/png', data: TINY_PNG },
          viewer.token,
        )
      ).statusCode,
    ).toBe(403);
  });
});

describe('floor plans', () => {
  it('keeps shapes bound to child locations on a plan image, replaces the image, and deletes all', async () => {
    const filesBefore = await storedFiles();
    const site = await make('Plan site');
    const hall = await make('Plan hall', site.uuid);
    const bay = await make('Plan bay', hall.uuid);
    const other = await make('Elsewhere');
    const shape = {
      id: 's1',
      type: 'rectangle',
      location: bay.uuid,
      x: 10,
      y: 20,
      width: 100,
      height: 50,
      rotation: 0,
    };
    const put = (shapes: object[]) =>
      t.call({ method: 'PUT', url: `${BASE}${site.uuid}/floor_plan/`, token: admin.token, payload: { shapes } });

    expect((await put([shape])).json().detail).toBe('Upload a floor plan image first.');
    const image = await upload(
      site.uuid,
      { name: 'Ground floor', type: 'floor plan' },
      { filename: 'p.png', contentType: 'image/png', data: TINY_PNG },
    );
    expect(image.statusCode).toBe(201);
    const wrong = await put([{ ...shape, location: other.uuid }]);
    expect(wrong.json().detail).toEqual({
      'shapes.0.location': ['A shape must be bound to a child location of this location.'],
    });
    const bad = await put([{ ...shape, type: 'hexagon' }]);
    expect(bad.statusCode).toBe(400);
    const saved = await put([shape]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      location: site.uuid,
      shapes: [shape],
      image: { name: 'Ground floor', type: 'floor plan' },
    });
    expect(
      (await t.call({ method: 'GET', url: `${BASE}${site.uuid}/`, token: viewer.token })).json().has_floor_plan,
    ).toBe(true);

    // A new plan image replaces the old one and keeps the shapes.
    await upload(
      site.uuid,
      { name: 'Ground floor v2', type: 'floor plan' },
      { filename: 'p2.png', contentType: 'image/png', data: TINY_PNG },
    );
    const plan = (await t.call({ method: 'GET', url: `${BASE}${site.uuid}/floor_plan/`, token: viewer.token })).json();
    expect(plan.image.name).toBe('Ground floor v2');
    expect(plan.shapes).toEqual([shape]);
    expect(await storedFiles()).toBe(filesBefore + 1);

    expect(
      (await t.call({ method: 'DELETE', url: `${BASE}${site.uuid}/floor_plan/`, token: admin.token })).statusCode,
    ).toBe(204);
    const after = (await t.call({ method: 'GET', url: `${BASE}${site.uuid}/floor_plan/`, token: admin.token })).json();
    expect(after).toMatchObject({ image: null, shapes: [], updated: null });
    expect(await storedFiles()).toBe(filesBefore);
  });

  it('removes the bytes of a deleted location', async () => {
    const filesBefore = await storedFiles();
    const site = await make('Bytes site');
    const leaf = await make('Bytes leaf', site.uuid);
    await upload(leaf.uuid, { name: 'photo' }, { filename: 'p.png', contentType: 'image/png', data: TINY_PNG });
    expect(await storedFiles()).toBe(filesBefore + 1);
    expect((await t.call({ method: 'DELETE', url: `${BASE}${leaf.uuid}/`, token: admin.token })).statusCode).toBe(204);
    expect(await storedFiles()).toBe(filesBefore);
  });
});
