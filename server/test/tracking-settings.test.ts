import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { VALIDATION_MESSAGES } from '@tagtrack/contract';
import { customers } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { signedIn } from './factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const URL = '/configuration/tracking-settings/';

describe('tracking settings', () => {
  it('answers the customer’s lost time (a day by default) to any signed-in user', async () => {
    const viewer = await signedIn(t, 'viewer');
    const res = await t.call({ method: 'GET', url: URL, token: viewer.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ lost_after_minutes: 1440 });
    expect((await t.call({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('lets an administrator change it, 0 turning it off, for their own customer only', async () => {
    const admin = await signedIn(t, 'administrator');
    const other = await signedIn(t, 'administrator');
    const changed = await t.call({
      method: 'PATCH',
      url: URL,
      token: admin.token,
      payload: { lost_after_minutes: 90 },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ lost_after_minutes: 90 });
    expect((await t.call({ method: 'GET', url: URL, token: admin.token })).json()).toEqual({ lost_after_minutes: 90 });
    expect((await t.call({ method: 'GET', url: URL, token: other.token })).json()).toEqual({
      lost_after_minutes: 1440,
    });

    const off = await t.call({ method: 'PATCH', url: URL, token: admin.token, payload: { lost_after_minutes: 0 } });
    expect(off.json()).toEqual({ lost_after_minutes: 0 });
    const [row] = await t.database.privileged
      .select({ minutes: customers.lostAfterMinutes })
      .from(customers)
      .where(eq(customers.id, admin.user.customerId));
    expect(row?.minutes).toBe(0);
  });

  it('refuses other roles with PermissionDenied', async () => {
    for (const role of ['operator', 'viewer', 'application'] as const) {
      const user = await signedIn(t, role);
      const res = await t.call({ method: 'PATCH', url: URL, token: user.token, payload: { lost_after_minutes: 5 } });
      expect(res.statusCode, role).toBe(403);
      expect(res.json().type).toBe('PermissionDenied');
    }
  });

  it('answers 400 ValidationError for a value that is not whole minutes from 0 to a year', async () => {
    const admin = await signedIn(t, 'administrator');
    for (const value of [-1, 525_601, 1.5, '10', null]) {
      const res = await t.call({
        method: 'PATCH',
        url: URL,
        token: admin.token,
        payload: { lost_after_minutes: value },
      });
      expect(res.statusCode, String(value)).toBe(400);
      expect(res.json()).toMatchObject({
        type: 'ValidationError',
        detail: { lost_after_minutes: [VALIDATION_MESSAGES.lostAfterMinutesRange] },
      });
    }
    const max = await t.call({
      method: 'PATCH',
      url: URL,
      token: admin.token,
      payload: { lost_after_minutes: 525_600 },
    });
    expect(max.statusCode).toBe(200);
  });
});
