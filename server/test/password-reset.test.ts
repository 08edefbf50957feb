import { createServer, type AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M, type LanguageCode, type Role } from '@tagtrack/contract';
import { mailOutbox, passwordResetRequests, users } from '../src/db/schema/index.js';
import { buildTestApp, type TestApp } from './build-test-app.js';
import { startSmtpCatcher, type CaughtMail } from './smtp-catcher.js';
import { buildCustomer, buildUser, login, PASSWORD, signedIn } from './factories.js';

const FORGOT = '/accounts/forgot-password/';
const ANSWER = { detail: 'If an account matches, a link to reset the password has been sent.' };
const INVALID = M.passwordResetLinkInvalid;
const STRONG = 'Brand-new-pass-9';
const LINK =
  /http:\/\/console\.test\/forgot-password\/([0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12})\n/;

let smtp: Awaited<ReturnType<typeof startSmtpCatcher>>;
let received: CaughtMail[];
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpCatcher();
  received = smtp.received;
  t = await buildTestApp({ env: { SMTP_URL: smtp.url, PUBLIC_URL: 'http://console.test' } });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

let n = 0;
const fresh = (prefix: string) => `${prefix}${Date.now().toString(36)}${n++}`;

/** A user with the given e-mail, language and first name (empty e-mail: none). */
async function makeUser(
  customerName: string,
  options: { role?: Role; email?: string; language?: LanguageCode; firstName?: string } = {},
) {
  const { user } = await buildUser(t.database.privileged, { customerName, role: options.role ?? 'operator' });
  const [row] = await t.database.privileged
    .update(users)
    .set({ email: options.email ?? '', language: options.language ?? 'en', firstName: options.firstName ?? '' })
    .where(eq(users.id, user.id))
    .returning();
  return row!;
}

async function ownCustomer() {
  const { customer, admin } = await buildCustomer(t.database.privileged);
  return { customer, admin, token: (await login(t, admin.username)).access };
}

/** Answers the request, then waits for the mail sent after the answer. */
async function forgot(payload: Record<string, string>) {
  const res = await t.call({ method: 'POST', url: FORGOT, payload });
  await t.app.deferred.idle();
  return res;
}

const mailsTo = (address: string) => received.filter((r) => r.to.includes(address.toLowerCase())).map((r) => r.mail);

function linkId(mail: ParsedMail): string {
  const match = LINK.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

const check = (id: string) => t.call({ method: 'GET', url: `${FORGOT}${id}/` });
const confirm = (id: string, password: string) =>
  t.call({ method: 'POST', url: `${FORGOT}${id}/`, payload: { password } });

describe('POST /accounts/forgot-password/', () => {
  it('mails a link in the user’s language that sets a new password once and signs the user out everywhere', async () => {
    const { customer } = await ownCustomer();
    const email = `${fresh('nora')}@example.com`;
    const user = await makeUser(customer.name, { email, language: 'de', firstName: 'Nora' });
    const before = await login(t, user.username);

    const res = await t.call({ method: 'POST', url: FORGOT, payload: { username: user.username.toUpperCase() } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ANSWER);
    // The answer does not wait for the SMTP round trip.
    expect(mailsTo(email)).toHaveLength(0);
    await t.app.deferred.idle();

    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('Tagtrack-Passwort zurücksetzen');
    expect(mail?.text).toContain('Hallo Nora,');
    expect(mail?.text).toContain('60 Minuten');
    expect(mail?.from?.text).toContain('no-reply@tagtrack.invalid');
    const id = linkId(mail!);
    expect(mail?.text).toContain(`http://console.test/forgot-password/${id}\n`);

    const link = await check(id);
    expect(link.statusCode).toBe(200);
    expect(link.json()).toMatchObject({ id, username: user.username });
    const expires = Date.parse(link.json().expires_at) - Date.now();
    expect(expires).toBeGreaterThan(59 * 60_000);
    expect(expires).toBeLessThanOrEqual(60 * 60_000);

    const weak = await confirm(id, 'weak');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      type: 'ValidationError',
      detail: { password: [M.requiredPasswordFieldUserCondition] },
    });

    const done = await confirm(id, STRONG);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ detail: 'Your password has been reset.' });

    const old = await t.call({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.username, password: PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    await login(t, user.username, STRONG);
    const refreshed = await t.call({
      method: 'POST',
      url: '/api/token/refresh/',
      payload: { refresh: before.refresh },
    });
    expect(refreshed.statusCode).toBe(401);
    // The access token issued before the reset is refused at once, not when it expires.
    expect((await t.call({ method: 'GET', url: '/accounts/users/me/', token: before.access })).statusCode).toBe(401);

    for (const again of [await check(id), await confirm(id, 'Another-pass-77')]) {
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ type: 'NotFound', detail: INVALID });
    }
    await login(t, user.username, STRONG);

    const [kept] = await t.database.privileged.select().from(mailOutbox).where(eq(mailOutbox.recipient, email));
    expect(kept).toMatchObject({ customerId: customer.id, status: 'sent', language: 'de', error: '' });
  });

  it('matches e-mail addresses across customers: every active account gets its own link', async () => {
    const shared = `${fresh('shared')}@example.com`;
    const a = await makeUser((await ownCustomer()).customer.name, { email: shared });
    const b = await makeUser((await ownCustomer()).customer.name, { email: shared.toUpperCase() });
    const gone = await makeUser((await ownCustomer()).customer.name, { email: shared });
    await t.database.privileged.update(users).set({ isActive: false }).where(eq(users.id, gone.id));

    expect((await forgot({ email: shared.replace('shared', 'SHARED') })).json()).toEqual(ANSWER);
    const mails = mailsTo(shared);
    expect(mails).toHaveLength(2);
    const names = await Promise.all(mails.map(async (m) => (await check(linkId(m))).json().username as string));
    expect(names.sort()).toEqual([a.username, b.username].sort());
  });

  it('`username` also matches an e-mail address, `email` only e-mail addresses', async () => {
    const { customer } = await ownCustomer();
    const email = `${fresh('both')}@example.com`;
    const user = await makeUser(customer.name, { email });
    expect((await forgot({ email: user.username })).json()).toEqual(ANSWER);
    expect(mailsTo(email)).toHaveLength(0);
    await forgot({ username: email });
    expect(mailsTo(email)).toHaveLength(1);
  });

  it('answers the same for unknown accounts and sends nothing', async () => {
    const count = received.length;
    const outbox = await t.database.privileged.$count(mailOutbox);
    const res = await forgot({ username: fresh('nobody') });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(ANSWER);
    expect((await forgot({ email: `${fresh('nobody')}@example.com` })).json()).toEqual(ANSWER);
    expect(received.length).toBe(count);
    expect(await t.database.privileged.$count(mailOutbox)).toBe(outbox);
  });

  it('sends at most one link a minute; a new link ends the earlier one', async () => {
    const { customer } = await ownCustomer();
    const email = `${fresh('twice')}@example.com`;
    const user = await makeUser(customer.name, { email });
    await forgot({ username: user.username });
    expect((await forgot({ username: user.username })).json()).toEqual(ANSWER);
    expect(mailsTo(email)).toHaveLength(1);
    const first = linkId(mailsTo(email)[0]!);

    // A minute later another request is served and ends the first link.
    await t.database.privileged
      .update(passwordResetRequests)
      .set({ createdAt: new Date(Date.now() - 61_000) })
      .where(eq(passwordResetRequests.userId, user.id));
    await forgot({ username: user.username });
    expect(mailsTo(email)).toHaveLength(2);
    const second = linkId(mailsTo(email)[1]!);
    expect(second).not.toBe(first);
    expect((await check(first)).statusCode).toBe(404);
    expect((await check(second)).statusCode).toBe(200);
  });

  it('refuses an expired, unknown or malformed link with the same NotFound', async () => {
    const { customer } = await ownCustomer();
    const email = `${fresh('late')}@example.com`;
    const user = await makeUser(customer.name, { email });
    await forgot({ username: user.username });
    const id = linkId(mailsTo(email)[0]!);
    await t.database.privileged
      .update(passwordResetRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetRequests.userId, user.id));
    for (const res of [
      await check(id),
      await confirm(id, STRONG),
      await check('0f8fad5b-d9cb-469f-a165-70867728950e'),
      await check('not-a-link'),
      await confirm('not-a-link', STRONG),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ type: 'NotFound', detail: INVALID });
    }
    await login(t, user.username);
  });

  it('lets only one of two simultaneous confirmations through', async () => {
    const { customer } = await ownCustomer();
    const email = `${fresh('race')}@example.com`;
    const user = await makeUser(customer.name, { email });
    await forgot({ username: user.username });
    const id = linkId(mailsTo(email)[0]!);
    const answers = await Promise.all([confirm(id, STRONG), confirm(id, 'Other-pass-123')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    const winner = answers[0]!.statusCode === 200 ? STRONG : 'Other-pass-123';
    await login(t, user.username, winner);
  });

  it('requires a username or an e-mail address', async () => {
    const res = await t.call({ method: 'POST', url: FORGOT, payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      type: 'ValidationError',
      detail: { username: ['Enter your username or e-mail address'] },
    });
  });

  it('mails the administrators the link of a user without e-mail', async () => {
    const { customer, admin } = await ownCustomer();
    const adminMail = `${fresh('boss')}@example.com`;
    const frenchMail = `${fresh('chef')}@example.com`;
    await t.database.privileged.update(users).set({ email: adminMail, firstName: 'Bea' }).where(eq(users.id, admin.id));
    await makeUser(customer.name, { role: 'administrator', email: frenchMail, language: 'fr' });
    await makeUser(customer.name, { role: 'administrator' });
    const user = await makeUser(customer.name);

    await forgot({ username: user.username });
    const [english] = mailsTo(adminMail);
    const [french] = mailsTo(frenchMail);
    expect(english?.subject).toBe(`${user.username} asked for a password reset`);
    expect(english?.text).toContain('Hello Bea,');
    expect(french?.subject).toBe(`${user.username} a demandé la réinitialisation de son mot de passe`);
    expect(linkId(french!)).toBe(linkId(english!));
    expect((await check(linkId(english!))).json().username).toBe(user.username);
  });

  it('keeps the link in the outbox when no administrator has an e-mail address', async () => {
    const { customer, token } = await ownCustomer();
    const user = await makeUser(customer.name);
    const count = received.length;
    await forgot({ username: user.username });
    expect(received.length).toBe(count);
    const outbox = (await t.call({ method: 'GET', url: '/accounts/outbox/', token })).json();
    expect(outbox.count).toBe(1);
    expect(outbox.results[0]).toMatchObject({
      recipient: '',
      status: 'logged',
      subject: `${user.username} asked for a password reset`,
    });
    expect((await check(LINK.exec(outbox.results[0].body)![1]!)).json().username).toBe(user.username);
  });

  it('a reset through the link lifts the sign-in throttle of the account', async () => {
    const { customer } = await ownCustomer();
    const email = `${fresh('locked')}@example.com`;
    const user = await makeUser(customer.name, { email });
    for (let i = 0; i < 5; i++) {
      await t.call({
        method: 'POST',
        url: '/api/token/',
        payload: { username: user.username, password: 'Wrong-pass-1' },
      });
    }
    const held = await t.call({
      method: 'POST',
      url: '/api/token/',
      payload: { username: user.username, password: PASSWORD },
    });
    expect(held.statusCode).toBe(429);
    await forgot({ username: user.username });
    expect((await confirm(linkId(mailsTo(email)[0]!), STRONG)).statusCode).toBe(200);
    await login(t, user.username, STRONG);
  });
});

describe('POST /accounts/users/{id}/reset_password/', () => {
  const resetPassword = (id: number, token: string) =>
    t.call({ method: 'POST', url: `/accounts/users/${id}/reset_password/`, token });

  it('mails the user a link and says where it went', async () => {
    const { customer, token } = await ownCustomer();
    const email = `${fresh('target')}@example.com`;
    const user = await makeUser(customer.name, { email, language: 'sv' });
    const res = await resetPassword(user.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ detail: `A link to reset the password has been sent to ${email}.` });
    const [mail] = mailsTo(email);
    expect(mail?.subject).toBe('Återställ ditt lösenord för Tagtrack');
    const id = linkId(mail!);
    expect((await confirm(id, STRONG)).statusCode).toBe(200);
    await login(t, user.username, STRONG);
  });

  it('refuses a user without e-mail, another customer’s user, and roles other than administrator', async () => {
    const { customer, token } = await ownCustomer();
    const noMail = await makeUser(customer.name);
    const res = await resetPassword(noMail.id, token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ type: 'ValidationError', detail: { email: [M.userHasNoEmail] } });

    const stranger = await makeUser((await ownCustomer()).customer.name, { email: `${fresh('x')}@example.com` });
    const foreign = await resetPassword(stranger.id, token);
    expect(foreign.statusCode).toBe(404);
    expect(
      await t.database.privileged.$count(passwordResetRequests, eq(passwordResetRequests.userId, stranger.id)),
    ).toBe(0);

    const target = await makeUser(customer.name, { email: `${fresh('y')}@example.com` });
    for (const role of ['operator', 'viewer', 'application'] as const) {
      const other = await signedIn(t, role, customer.name);
      const denied = await resetPassword(target.id, other.token);
      expect(denied.statusCode, role).toBe(403);
      expect(denied.json().type).toBe('PermissionDenied');
    }
    expect(mailsTo(target.email)).toHaveLength(0);
  });
});

describe('when the SMTP server cannot be reached', () => {
  let down: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there.
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    down = await buildTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: 'http://console.test' } });
  });
  afterAll(() => down.close());

  it('reset_password answers why, and the outbox keeps the failed message', async () => {
    const { customer, admin } = await buildCustomer(down.database.privileged);
    const token = (await login(down, admin.username)).access;
    const { user } = await buildUser(down.database.privileged, { customerName: customer.name });
    const email = `${fresh('unlucky')}@example.com`;
    await down.database.privileged.update(users).set({ email }).where(eq(users.id, user.id));

    const res = await down.call({ method: 'POST', url: `/accounts/users/${user.id}/reset_password/`, token });
    expect(res.statusCode).toBe(400);
    expect(res.json().type).toBe('BadRequest');
    expect(res.json().detail).toMatch(/^The e-mail could not be sent: .*ECONNREFUSED/);

    // The same address on a second account; the first got its link within the minute.
    const second = await buildUser(down.database.privileged, { customerName: customer.name });
    await down.database.privileged.update(users).set({ email }).where(eq(users.id, second.user.id));
    const forgotten = await down.call({ method: 'POST', url: FORGOT, payload: { email } });
    expect(forgotten.json()).toEqual(ANSWER);
    await down.app.deferred.idle();

    const rows = await down.database.privileged
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.customerId, customer.id), eq(mailOutbox.recipient, email)));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status).toBe('failed');
      expect(row.error).toMatch(/ECONNREFUSED/);
    }
  });
});

describe('a cloud user created without a password', () => {
  it('gets an invitation in their language with a link valid for a week that sets the first password', async () => {
    const { token } = await ownCustomer();
    const email = `${fresh('ines')}@example.com`;
    const username = fresh('ines');
    const res = await t.call({
      method: 'POST',
      url: '/accounts/users/',
      token,
      payload: { username, email, first_name: 'Inés', language: 'es', roles: ['viewer'] },
    });
    expect(res.statusCode).toBe(201);
    await t.app.deferred.idle();

    const [mail, ...more] = mailsTo(email);
    expect(more).toHaveLength(0);
    expect(mail?.subject).toBe('Su cuenta de Tagtrack está lista');
    expect(mail?.text).toContain(username);
    expect(mail?.text).toContain('7 días');
    const id = linkId(mail!);
    const link = await check(id);
    expect(link.json()).toMatchObject({ username });
    const days = (Date.parse(link.json<{ expires_at: string }>().expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    expect((await confirm(id, STRONG)).statusCode).toBe(200);
    expect((await login(t, username, STRONG)).access).toBeTruthy();
  });

  it('gets no mail when the administrator gave a password', async () => {
    const { token } = await ownCustomer();
    const email = `${fresh('pia')}@example.com`;
    const res = await t.call({
      method: 'POST',
      url: '/accounts/users/',
      token,
      payload: { username: fresh('pia'), email, password: STRONG, roles: ['operator'] },
    });
    expect(res.statusCode).toBe(201);
    await t.app.deferred.idle();
    expect(mailsTo(email)).toHaveLength(0);
  });
});
