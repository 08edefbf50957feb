import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES, ROLES, can, type Role } from '@tagtrack/contract';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

let t: TestApp;
const tokens = {} as Record<Role, string>;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await signedIn(t, 'administrator');
  tokens.administrator = admin.token;
  for (const role of ROLES.filter((r) => r !== 'administrator')) {
    tokens[role] = (await signedIn(t, role, admin.customerName)).token;
  }
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:[A-Za-z_]+/g, '999999');

describe('the API permission table', () => {
  it('lists every registered route, and every listed route is registered', () => {
    const registered = t.app.registeredRoutes.map((r) => `${r.method} ${r.url} ${r.access}`).sort();
    const table = Object.values(API_ROUTES)
      .map((r) => `${r.method} ${r.url} ${r.access}`)
      .sort();
    expect(registered).toEqual(table);
  });

  // Reader routes admit readers, not users: server/test/reader-protocol.test.ts walks them.
  for (const route of Object.values(API_ROUTES).filter((r) => r.access !== 'reader')) {
    it(`${route.method} ${route.url} (${route.access}) admits exactly its roles`, async () => {
      const anonymous = await t.call({
        method: route.method,
        url: fill(route.url),
        payload: route.method === 'GET' ? undefined : {},
      });
      if (route.access === 'public') {
        expect([401, 403]).not.toContain(anonymous.statusCode);
      } else {
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json().type).toBe('NotAuthenticated');
      }
      for (const role of ROLES) {
        const res = await t.call({
          method: route.method,
          url: fill(route.url),
          token: tokens[role],
          payload: route.method === 'GET' ? undefined : {},
        });
        const allowed = route.access === 'public' || route.access === 'authenticated' || can(role, route.access);
        if (allowed) {
          expect(res.statusCode, `${role} should pass the guard`).not.toBe(401);
          if (res.statusCode === 403)
            expect(res.json().detail).not.toBe('You do not have permission to perform this action.');
        } else {
          expect(res.statusCode, `${role} should be refused`).toBe(403);
          expect(res.json().type).toBe('PermissionDenied');
        }
      }
    });
  }
});
