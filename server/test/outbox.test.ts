import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MailStatus } from '@tagtrack/contract';
import { mailOutbox, passwordResetRequests, users } from '../src/db/schema/index.js';
import { TenantScope } from '../src/db/tenant.js';
import { createOutboxMailer } from '../src/modules/outbox/outbox.service.js';
import { purgeOldOutboxMessages } from '../src/system/housekeeping.repository.js';
import { purgeOldResetLinks } from '../src/system/housekeeping.repository.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { buildCustomer, buildUser, login, signedIn } from './factories.js';

const OUTBOX = '/accounts/outbox/';
let t: TestApp;
beforeAll(async () => {
  // No SMTP_URL: mail is written to the log and kept in the outbox.
  t = await buildTestApp();
});
afterAll(() => t.close());

let n = 0;
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

async function ownCustomer() {
  const { customer, admin } = await buildCustomer(t.database.privileged);
  return { customer, admin, token: (await login(t, admin.username)).access };
}

/** Outbox rows of a customer, made directly: `minutesAgo` sets their age. */
async function seed(
  customerId: number,
  rows: { recipient: string; subject: string; status?: MailStatus; minutesAgo: number }[],
) {
  await t.database.privileged.insert(mailOutbox).values(
    rows.map((r) => ({
      customerId,
      recipient: r.recipient,
      subject: r.subject,
      body: `About ${r.subject}`,
      status: r.status ?? 'sent',
      createdAt: new Date(Date.now() - r.minutesAgo * 60_000),
    })),
  );
}

const list = async (token: string, query = '') => {
  const res = await t.call({ method: 'GET', url: `${OUTBOX}${query}`, token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ count: number; results: { recipient: string; subject: string; status: string; id: number }[] }>();
};

describe('mail without SMTP_URL', () => {
  it('is logged and kept in the outbox with the link, status logged', async () => {
    const { customer, token } = await ownCustomer();
    const { user } = await buildUser(t.database.privileged, { customerName: customer.name });
    const email = `${fresh('log')}@example.com`;
    await t.database.privileged.update(users).set({ email, language: 'it' }).where(eq(users.id, user.id));

    await t.call({ method: 'POST', url: '/accounts/forgot-password/', payload: { username: user.username } });
    await t.app.deferred.idle();
    const outbox = await list(token);
    expect(outbox.count).toBe(1);
    const [message] = outbox.results as unknown as Record<string, string>[];
    expect(message).toMatchObject({
      recipient: email,
      subject: 'Reimposta la tua password di Tagtrack',
      language: 'it',
      status: 'logged',
      error: '',
    });
    // Without PUBLIC_URL links point at the server's own port.
    const id = /http:\/\/localhost:8080\/forgot-password\/([0-9a-f-]{36})\n/.exec(message!.body!)?.[1];
    expect(id).toBeDefined();
    const link = await t.call({ method: 'GET', url: `/accounts/forgot-password/${id}/` });
    expect(link.json().username).toBe(user.username);
  });

  it('writes recipient, subject and body to the server log', async () => {
    const { customer } = await ownCustomer();
    const lines: unknown[][] = [];
    const log = { info: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
    const mailer = createOutboxMailer({ config: { MAIL_FROM: 'x@y.z' }, db: t.database.privileged, log });
    const outcome = await mailer.send({
      customerId: customer.id,
      to: 'reader@example.com',
      subject: 'Hello',
      text: 'The body\n',
      language: 'en',
    });
    expect(outcome).toEqual({ status: 'logged', error: '' });
    expect(lines[0]?.[0]).toEqual({ to: 'reader@example.com', subject: 'Hello', body: 'The body\n' });
    const kept = await new TenantScope(t.database.privileged, customer.id).select(mailOutbox);
    expect(kept).toMatchObject([{ recipient: 'reader@example.com', status: 'logged', body: 'The body\n' }]);
  });
});

describe('GET /accounts/outbox/', () => {
  it('lists only the caller’s customer, newest first, searches, orders and pages', async () => {
    const { customer, token } = await ownCustomer();
    const other = await ownCustomer();
    await seed(customer.id, [
      { recipient: 'carol@example.com', subject: 'Gamma', minutesAgo: 30 },
      { recipient: 'alice@example.com', subject: 'Alpha', status: 'failed', minutesAgo: 10 },
      { recipient: 'bob@example.com', subject: 'Beta', status: 'logged', minutesAgo: 20 },
      { recipient: 'dave@example.com', subject: 'Delta bob', minutesAgo: 40 },
    ]);
    await seed(other.customer.id, [{ recipient: 'eve@example.com', subject: 'Elsewhere', minutesAgo: 1 }]);

    const all = await list(token);
    expect(all.count).toBe(4);
    expect(all.results.map((m) => m.subject)).toEqual(['Alpha', 'Beta', 'Gamma', 'Delta bob']);
    expect((await list(other.token)).results.map((m) => m.subject)).toEqual(['Elsewhere']);

    expect((await list(token, '?ordering=recipient')).results.map((m) => m.recipient)).toEqual([
      'alice@example.com',
      'bob@example.com',
      'carol@example.com',
      'dave@example.com',
    ]);
    expect((await list(token, '?ordering=created_at')).results.map((m) => m.subject)).toEqual([
      'Delta bob',
      'Gamma',
      'Beta',
      'Alpha',
    ]);
    expect((await list(token, '?ordering=-status')).results[3]?.status).toBe('failed');

    const search = await list(token, '?search=BOB');
    expect(search.count).toBe(2);
    expect(search.results.map((m) => m.subject)).toEqual(['Beta', 'Delta bob']);
    expect((await list(token, '?search=elsewhere')).count).toBe(0);
    expect((await list(token, '?search=%25')).count).toBe(0);

    const page = await list(token, '?page=2&page_size=3');
    expect(page.count).toBe(4);
    expect(page.results.map((m) => m.subject)).toEqual(['Delta bob']);
    // Above 100, clamped to it as Django REST clients expect.
    expect((await list(token, '?page_size=101')).results).toHaveLength(4);
  });

  it('shows ten a page by default, ties in creation time newest id first', async () => {
    const { customer, token } = await ownCustomer();
    await seed(
      customer.id,
      Array.from({ length: 12 }, (_, i) => ({ recipient: `r${i}@example.com`, subject: `S${i}`, minutesAgo: 5 })),
    );
    const first = await list(token);
    expect(first.count).toBe(12);
    expect(first.results).toHaveLength(10);
    const ids = first.results.map((m) => m.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it.each(['operator', 'viewer', 'application'] as const)('is refused to %s', async (role) => {
    const { token } = await signedIn(t, role);
    const res = await t.call({ method: 'GET', url: OUTBOX, token });
    expect(res.statusCode).toBe(403);
    expect(res.json().type).toBe('PermissionDenied');
  });

  it('is refused to anonymous callers', async () => {
    expect((await t.call({ method: 'GET', url: OUTBOX })).statusCode).toBe(401);
  });
});

describe('housekeeping', () => {
  it('drops mail older than 90 days and links that ended over a day ago', async () => {
    const { customer } = await ownCustomer();
    await seed(customer.id, [
      { recipient: 'old@example.com', subject: 'Old', minutesAgo: 91 * 24 * 60 },
      { recipient: 'new@example.com', subject: 'New', minutesAgo: 89 * 24 * 60 },
    ]);
    const { user } = await buildUser(t.database.privileged, { customerName: customer.name });
    const hours = (h: number) => new Date(Date.now() + h * 3600_000);
    await t.database.privileged.insert(passwordResetRequests).values([
      { customerId: customer.id, userId: user.id, tokenHash: fresh('expired-'), expiresAt: hours(-25) },
      { customerId: customer.id, userId: user.id, tokenHash: fresh('used-'), expiresAt: hours(1), usedAt: hours(-25) },
      { customerId: customer.id, userId: user.id, tokenHash: fresh('recent-'), expiresAt: hours(-23) },
      { customerId: customer.id, userId: user.id, tokenHash: fresh('live-'), expiresAt: hours(1) },
    ]);

    await purgeOldOutboxMessages(t.database.privileged);
    await purgeOldResetLinks(t.database.privileged);

    const tenant = new TenantScope(t.database.privileged, customer.id);
    expect((await tenant.select(mailOutbox)).map((r) => (r as { subject: string }).subject)).toEqual(['New']);
    const links = (await tenant.select(passwordResetRequests)) as { tokenHash: string }[];
    expect(links.map((l) => l.tokenHash.split('-')[0]).sort()).toEqual(['live', 'recent']);
  });
});
