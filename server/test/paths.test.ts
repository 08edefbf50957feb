import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { setCustomerExtensions } from '../src/system/provisioning.js';
import { signedIn } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});

/** An administrator of a customer of their own, with every extension (so every route answers). */
async function administrator() {
  const admin = await signedIn(t, 'administrator');
  await setCustomerExtensions(t.database.privileged, { name: admin.customerName, extensions: ['sensor'] });
  return admin;
}
afterAll(() => t.close());

describe('the spec’s paths', () => {
  it('answer with and without their trailing slash, the same way', async () => {
    const admin = await administrator();
    const routes = t.app.registeredRoutes.filter((r) => r.method === 'GET');
    expect(routes.length).toBeGreaterThan(50);
    for (const route of routes) {
      // Parameters filled with values that name nothing: both spellings then agree on NotFound or
      // a refusal, and paths without parameters answer their content.
      const url = route.url.replace(/:[A-Za-z_]+/g, (name) =>
        /uuid|hash/i.test(name) ? '00000000-0000-4000-8000-000000000000' : '999999',
      );
      const other = url.endsWith('/') ? url.slice(0, -1) : `${url}/`;
      const [a, b] = await Promise.all([url, other].map((u) => t.call({ method: 'GET', url: u, token: admin.token })));
      expect(b!.statusCode, `${other} (${url}: ${a!.statusCode})`).toBe(a!.statusCode);
      expect(a!.statusCode, url).not.toBe(405);
    }
    // The spec's own spellings without a slash (03 §2, 03 §7, 02 §7).
    for (const url of [
      '/tag-data/tag/export/csv',
      '/tag-data/location/itemcount/recalculate',
      '/configuration/reader',
    ]) {
      const res = await t.call({ method: 'GET', url, token: admin.token });
      expect(res.statusCode, url).toBe(200);
    }
    // A method a path does not take is refused as such in either spelling.
    for (const url of ['/configuration/version/', '/configuration/version']) {
      expect((await t.call({ method: 'DELETE', url, token: admin.token })).statusCode, url).toBe(405);
    }
  });

  it('answer NotFound for an id that cannot exist, on every route and method (docs/errors.md)', async () => {
    const admin = await administrator();
    const routes = t.app.registeredRoutes.filter(
      (r) => /:(id|pk|uuid)\b/.test(r.url) && r.access !== 'reader' && r.access !== 'public',
    );
    expect(routes.length).toBeGreaterThan(20);
    for (const route of routes) {
      for (const bad of ['abc', '-1', '1.5', '99999999999999999999', 'null']) {
        const url = route.url.replace(/:(id|pk|uuid)\b/g, bad);
        const res = await t.call({ method: route.method as 'GET', url, token: admin.token, payload: {} });
        expect(res.statusCode, `${route.method} ${url}`).toBe(404);
        expect(res.json().type, `${route.method} ${url}`).toBe('NotFound');
      }
    }
  });
});
